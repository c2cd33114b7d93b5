import { render, screen, waitFor } from "@testing-library/react";
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

/**
 * The open menu's panel on a page, with a site whose logout answers (or, with `logout: "unreachable"`,
 * cannot be reached) and a progress save that answers with what it was sent; the addresses of the
 * logouts it was sent.
 */
function renderPanel({
  logout = "answers",
  save = "answers",
}: { logout?: "answers" | "unreachable"; save?: "answers" | "unreachable" } = {}) {
  const signOuts: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (address: string, init?: RequestInit) => {
      if (address === "/auth/logout") {
        if (logout === "unreachable") throw new TypeError("Failed to fetch");
        signOuts.push(String(init?.method));
        return Response.json({ ok: true });
      }
      if (save === "unreachable") throw new TypeError("Failed to fetch");
      return Response.json({ ok: true, saved: JSON.parse(progress) as unknown });
    }),
  );
  const Stub = createRoutesStub([{ path: "/", Component: () => <AccountPanel user={user} label="Reader A" /> }]);
  render(<Stub initialEntries={["/"]} />);
  return signOuts;
}

const toasted = (title: string, description: RegExp) =>
  waitFor(() =>
    expect(currentToasts()).toContainEqual(
      expect.objectContaining({ title, description: expect.stringMatching(description) }),
    ),
  );

describe("signing out from the account menu", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("is one tap, and keeps this device's progress for a reader who does not clear it", async () => {
    localStorage.setItem("rc:progress", progress);
    const signOuts = renderPanel();
    const signOut = screen.getByRole("button", { name: "Sign out" });
    // What it keeps and what it does not: a comment not posted yet is the reader's words, not left behind.
    expect(signOut).toHaveAccessibleDescription("Keeps your reading progress in this browser; removes unsent drafts.");
    await userEvent.setup().click(signOut);
    await waitFor(() => expect(signOuts).toEqual(["POST"]));
    await waitFor(() => expect(currentToasts()).toContainEqual(expect.objectContaining({ title: "Signed out" })));
    expect(localStorage.getItem("rc:progress")).toBe(progress);
  });

  it("clears this device when asked, saying first what it removes", async () => {
    localStorage.setItem("rc:progress", progress);
    localStorage.setItem("rc:progress-owner", "reader-a");
    const signOuts = renderPanel();
    const clear = screen.getByRole("button", { name: "Sign out and clear this device" });
    expect(clear).toHaveAccessibleDescription(/Removes your reading progress, spoiler setting and unsent drafts/);
    await userEvent.setup().click(clear);
    await waitFor(() => expect(signOuts).toEqual(["POST"]));
    expect(localStorage.getItem("rc:progress")).toBeNull();
    expect(localStorage.getItem("rc:progress-owner")).toBeNull();
  });

  it("offline, does nothing and says the reader is still signed in", async () => {
    localStorage.setItem("rc:progress", progress);
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    const signOuts = renderPanel();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out and clear this device" }));
    await toasted("You are still signed in", /You are offline/);
    expect(screen.getByText(/Sign out once you are back online/)).toBeInTheDocument();
    expect(signOuts).toEqual([]);
    expect(localStorage.getItem("rc:progress")).toBe(progress);
  });

  it("keeps the page and says so when the site cannot be reached to close the session", async () => {
    const signOuts = renderPanel({ logout: "unreachable" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out" }));
    await toasted("You are still signed in", /could not close your session/);
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    expect(signOuts).toEqual([]);
  });

  it("clears nothing and stays signed in while progress has not reached the account, and says why", async () => {
    localStorage.setItem("rc:progress", progress);
    localStorage.setItem("rc:progress-unsent", "reader-a");
    const signOuts = renderPanel({ save: "unreachable" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out and clear this device" }));
    // Said in a toast, which stays when the menu closes, and in the menu for when it is opened again.
    await toasted("Nothing was cleared", /Your latest progress has not reached your account yet/);
    expect(screen.getByText(/so nothing was cleared/)).toBeInTheDocument();
    expect(signOuts).toEqual([]);
    expect(localStorage.getItem("rc:progress")).toBe(progress);
  });

  it("sends the progress first once the account can be reached, then clears the device", async () => {
    localStorage.setItem("rc:progress", progress);
    localStorage.setItem("rc:progress-unsent", "reader-a");
    // (This also leaves the save status as other files of this non-isolated project expect it: saved.)
    const signOuts = renderPanel();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out and clear this device" }));
    await waitFor(() => expect(signOuts).toEqual(["POST"]));
    expect(localStorage.getItem("rc:progress")).toBeNull();
    expect(localStorage.getItem("rc:progress-unsent")).toBeNull();
  });
});
