import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, useRevalidator } from "react-router";
import { describe, expect, it, vi } from "vitest";
import DeleteAccount from "./account.delete";

// Firebase itself is not part of this test: deleting the sign-in account is taken as done.
vi.mock("~/browser/firebase-auth.client", () => ({ deleteSignInAccount: vi.fn(async () => "deleted") }));

const config = { firebase: { projectId: "demo", apiKey: null, authDomain: null, emulatorHost: null } };

/** What the session watch does when Firebase signs the deleted account out: the page's data is loaded again. */
function ReloadData() {
  const revalidator = useRevalidator();
  return (
    <button type="button" onClick={() => void revalidator.revalidate()}>
      Load the page again
    </button>
  );
}

describe("deleting an account", () => {
  it("still says the account is deleted after the page's data is loaded again", async () => {
    let signedIn = true;
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        HydrateFallback: () => null,
        Component: () => (
          <>
            <ReloadData />
            <Outlet />
          </>
        ),
        loader: () => ({ config, user: null }),
        children: [
          {
            path: "account/delete",
            // The stub hands a route module's component its loader and action data as props, as the framework does.
            Component: DeleteAccount as never,
            HydrateFallback: () => null,
            loader: () => ({ signedIn }),
            action: () => {
              signedIn = false;
              return { forgotten: true };
            },
          },
        ],
      },
    ]);
    render(<Stub initialEntries={["/account/delete"]} />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText("I want my account deleted"));
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your account is deleted"));

    await user.click(screen.getByRole("button", { name: "Load the page again" }));
    await waitFor(() => expect(screen.queryByText("to delete your account.")).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("status")).toHaveTextContent("Your account is deleted");
    expect(screen.queryByText("to delete your account.", { exact: false })).toBeNull();
  });
});
