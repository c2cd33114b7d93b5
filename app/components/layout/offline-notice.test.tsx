import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as serviceWorker from "~/browser/service-worker.client";
import type { KeptCopy } from "~/lib/runtime/worker-messages";
import { OfflineNotice } from "./offline-notice";

afterEach(() => {
  vi.restoreAllMocks();
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

/** A page with the notice and a link to another page, whose copy the worker keeps as `kept`. */
function renderSite(kept: KeptCopy = null) {
  vi.spyOn(serviceWorker, "askKeptCopy").mockResolvedValue(kept);
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
  const Stub = createRoutesStub([
    {
      path: "/releases",
      Component: () => (
        <>
          <OfflineNotice />
          <h1>Releases</h1>
          <Link to="/characters">Characters</Link>
        </>
      ),
    },
    { path: "/characters", Component: () => <h1>Characters</h1> },
  ]);
  render(<Stub initialEntries={["/releases"]} />);
  return { assign };
}

describe("OfflineNotice", () => {
  it("says nothing online when the page came from the network", async () => {
    setOnline(true);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    renderSite();
    await screen.findByRole("heading", { name: "Releases" });
    expect(screen.queryByText(/offline|copy kept/)).toBeNull();
  });

  it("says the reader is offline, and how old the copy is when the worker answered with one", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue({
      storedAt: Date.now() - 2 * 60 * 60 * 1000 - 5_000,
      reason: "unreachable",
    });
    renderSite();
    expect(
      await screen.findByText("You are offline. This page is the copy kept on this device 2 hours ago."),
    ).toBeTruthy();
  });

  it("says the reader went offline under a page that came from the network, and no age", async () => {
    setOnline(true);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    renderSite();
    await screen.findByRole("heading", { name: "Releases" });
    setOnline(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(await screen.findByText("You are offline. This page is as it was when it loaded.")).toBeTruthy();
  });

  it("says a copy answered online (the network too slow) is one, with a way to the latest", async () => {
    setOnline(true);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue({ storedAt: Date.now() - 10_000, reason: "slow" });
    renderSite();
    expect(
      await screen.findByText(
        "This page is the copy kept on this device just now, as the connection was too slow. Reload for the latest.",
      ),
    ).toBeTruthy();
  });

  it("says a copy answered as the network failed (the browser still saying online) is for no connection", async () => {
    setOnline(true);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue({ storedAt: Date.now() - 10_000, reason: "unreachable" });
    renderSite();
    expect(
      await screen.findByText(
        "This page is the copy kept on this device just now, as there was no connection. Reload for the latest.",
      ),
    ).toBeTruthy();
  });

  it("offline, opens a link to a page the worker keeps only as a document as that document", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    const { assign } = renderSite("document");
    await userEvent.click(await screen.findByRole("link", { name: "Characters" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/characters$/)));
    expect(screen.queryByRole("heading", { name: "Characters" })).toBeNull();
  });

  it("offline, follows a link to a page with no copy within the site, which holds it should it not come", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    const { assign } = renderSite("none");
    await userEvent.click(await screen.findByRole("link", { name: "Characters" }));
    expect(await screen.findByRole("heading", { name: "Characters" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("offline, leaves a link to a file (a feed) to the browser", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    const asked = vi.spyOn(serviceWorker, "askKeptCopy").mockResolvedValue("none");
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <OfflineNotice />
            <a href="/releases/feed.xml">Feed</a>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const opened = vi.fn((event: MouseEvent) => event.defaultPrevented);
    window.addEventListener("click", opened);
    await userEvent.click(await screen.findByRole("link", { name: "Feed" }));
    window.removeEventListener("click", opened);
    expect(opened).toHaveReturnedWith(false);
    expect(asked).not.toHaveBeenCalled();
  });

  it("offline with no worker to ask, follows a link within the site", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    const { assign } = renderSite(null);
    await userEvent.click(await screen.findByRole("link", { name: "Characters" }));
    expect(await screen.findByRole("heading", { name: "Characters" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("back online under a copy shown offline, says why it is one", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue({ storedAt: Date.now() - 10_000, reason: "unreachable" });
    renderSite();
    expect(
      await screen.findByText("You are offline. This page is the copy kept on this device just now."),
    ).toBeTruthy();
    setOnline(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(
      await screen.findByText(
        "This page is the copy kept on this device just now, while you were offline. Reload for the latest.",
      ),
    ).toBeTruthy();
  });

  it("offline, follows a link within the site when the worker keeps the page's data", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    const { assign } = renderSite("data");
    await userEvent.click(await screen.findByRole("link", { name: "Characters" }));
    expect(await screen.findByRole("heading", { name: "Characters" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("offline, sends a search with no copy by the site's own navigation, one kept as a document as that document, and never touches a form that sends itself, such as sign-in", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    const asked = vi.spyOn(serviceWorker, "askKeptCopy").mockResolvedValue("none");
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const signedIn = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const Stub = createRoutesStub([
      {
        path: "/login",
        Component: () => (
          <>
            <OfflineNotice />
            <form aria-label="Sign in" onSubmit={signedIn}>
              <input aria-label="Email address" name="email" defaultValue="reader@example.com" />
              <input aria-label="Password" name="password" type="password" defaultValue="secret words" />
              <button type="submit">Sign in</button>
            </form>
            <form method="get" action="/search" aria-label="Site search" onSubmit={(event) => event.preventDefault()}>
              <input aria-label="Search the site" name="q" defaultValue="lantern" />
              <button type="submit">Search</button>
            </form>
          </>
        ),
      },
      { path: "/search", Component: () => <h1>Search</h1> },
    ]);
    render(<Stub initialEntries={["/login"]} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(asked).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("heading", { name: "Search" })).toBeTruthy();
    expect(asked).toHaveBeenCalledExactlyOnceWith("/search?q=lantern");
    expect(assign).not.toHaveBeenCalled();
  });

  it("offline, sends a search to a page kept only as a document as that document", async () => {
    setOnline(false);
    vi.spyOn(serviceWorker, "askCopy").mockResolvedValue(null);
    vi.spyOn(serviceWorker, "askKeptCopy").mockResolvedValue("document");
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <OfflineNotice />
            <form method="get" action="/search" aria-label="Site search">
              <input aria-label="Search the site" name="q" defaultValue="lantern keeper" />
              <button type="submit">Search</button>
            </form>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await userEvent.click(await screen.findByRole("button", { name: "Search" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/search?q=lantern+keeper"));
  });
});
