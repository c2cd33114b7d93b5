import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { emptyProgress } from "~/lib/progress/record";
import ApiPage from "./api";

/** Progress as the tracker stores it in this browser: the last web novel chapter read. */
function storeProgress(webNovel: string) {
  localStorage.setItem(
    "rc:progress",
    JSON.stringify({ ...emptyProgress, webNovel, updatedAt: "2026-11-20T09:00:00.000Z" }),
  );
}

async function renderApiPage() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: [
        {
          path: "api",
          // The stub hands a route module's component its loader data as props, as the framework does.
          Component: ApiPage as never,
          // Nothing to show while the first load runs, as before hydration.
          HydrateFallback: () => null,
          loader: () => ({ base: "https://example.test/api/v1" }),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/api"]} />);
  await screen.findByRole("heading", { name: "API", level: 1 });
}

describe("the API page", () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it("copies this browser's reveal and says so", async () => {
    storeProgress("wn:1-12");
    const user = userEvent.setup();
    await renderApiPage();
    // The shield reads stored progress once its reader has loaded, a moment after the page.
    expect(await screen.findByText(/Your progress on this browser reads/)).toHaveTextContent(
      "Your progress on this browser reads wn:1-12.",
    );

    await user.click(screen.getByRole("button", { name: "Copy it" }));
    expect(await navigator.clipboard.readText()).toBe("wn:1-12");
    expect(await screen.findByText("Copied")).toBeInTheDocument();
  });

  it("says so when the browser refuses to copy, and still shows the reveal", async () => {
    localStorage.setItem("rc:spoiler-mode", "off");
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Denied", "NotAllowedError"));
    await renderApiPage();
    expect(screen.getByText(/Your progress on this browser reads/)).toHaveTextContent(
      "Your progress on this browser reads all.",
    );
    await user.click(screen.getByRole("button", { name: "Copy it" }));
    expect(await screen.findByText("Could not copy it")).toBeInTheDocument();
  });

  it("offers nothing to copy before any progress is saved", async () => {
    await renderApiPage();
    expect(screen.getByText("This browser has no progress saved yet, so it would send no reveal.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Copy it" })).not.toBeInTheDocument();
  });
});
