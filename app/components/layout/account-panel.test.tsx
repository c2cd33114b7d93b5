import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/lib/account/user";
import { currentToasts } from "~/components/ui/toast-state";
import { AccountPanel } from "./account-panel";

// Firebase itself is not part of this test: ending its session is taken as done.
vi.mock("~/browser/firebase-auth.client", () => ({ signOutEverywhere: vi.fn(async () => {}) }));

const user: SessionUser = {
  uid: "reader-a",
  name: "Reader A",
  email: "a@example.test",
  emailVerified: true,
  photoUrl: null,
  provider: "password",
  admin: false,
};
const progress = JSON.stringify({
  version: 2,
  webNovel: "wn:2-14",
  lightNovels: [],
  sideStories: [],
  anime: null,
  breakTime: [],
  skipped: [],
  position: 30,
  updatedAt: "2026-03-01T10:00:00.000Z",
});

/** The open menu's panel on a page, with a sign-out action that counts the posts it is sent. */
function renderPanel() {
  const signOuts: string[] = [];
  const Stub = createRoutesStub([
    { path: "/", Component: () => <AccountPanel user={user} label="Reader A" /> },
    {
      path: "/auth/logout",
      Component: () => <p>Signed out</p>,
      action: async ({ request }) => {
        signOuts.push(String((await request.formData()).get("redirectTo")));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return signOuts;
}

describe("signing out from the account menu", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("is one tap, and keeps this device's progress for a reader who does not clear it", async () => {
    localStorage.setItem("rc:progress", progress);
    const signOuts = renderPanel();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out" }));
    await vi.waitFor(() => expect(signOuts).toEqual(["/"]));
    expect(localStorage.getItem("rc:progress")).toBe(progress);
  });

  it("clears this device when asked, saying first what it removes", async () => {
    localStorage.setItem("rc:progress", progress);
    localStorage.setItem("rc:progress-owner", "reader-a");
    const signOuts = renderPanel();
    const clear = screen.getByRole("button", { name: "Sign out and clear this device" });
    expect(clear).toHaveAccessibleDescription(/Removes your reading progress, spoiler setting and drafts/);
    await userEvent.setup().click(clear);
    await vi.waitFor(() => expect(signOuts).toEqual(["/"]));
    expect(localStorage.getItem("rc:progress")).toBeNull();
    expect(localStorage.getItem("rc:progress-owner")).toBeNull();
  });

  it("clears nothing and stays signed in while progress has not reached the account, and says why", async () => {
    localStorage.setItem("rc:progress", progress);
    localStorage.setItem("rc:progress-unsent", "reader-a");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const signOuts = renderPanel();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out and clear this device" }));
    // Said in a toast, which stays when the menu closes, and in the menu for when it is opened again.
    await vi.waitFor(() =>
      expect(currentToasts()).toContainEqual(
        expect.objectContaining({
          title: "Nothing was cleared",
          description: expect.stringContaining("Your latest progress has not reached your account yet"),
        }),
      ),
    );
    expect(screen.getByText(/so nothing was cleared/)).toBeInTheDocument();
    expect(signOuts).toEqual([]);
    expect(localStorage.getItem("rc:progress")).toBe(progress);

    // Once the account can be reached, the progress is sent and the device cleared. (This also leaves the
    // save status as other files of this non-isolated project expect it: saved.)
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ ok: true, saved: JSON.parse(progress) as unknown })),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out and clear this device" }));
    await vi.waitFor(() => expect(signOuts).toEqual(["/"]));
    expect(localStorage.getItem("rc:progress")).toBeNull();
    expect(localStorage.getItem("rc:progress-unsent")).toBeNull();
  });
});
