import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveProgress, sendUnsentProgress, useProgressSave } from "~/browser/progress-save";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { SavingHeader } from "./tracker";
import { TimelineFailed, TrackerHeader } from "./tracker-header";

const reader: Progress = { ...emptyProgress, webNovel: "wn:2-14", updatedAt: "2026-03-01T10:00:00.000Z" };
const unreachable = "Saved on this device · not synced with your account yet: it will be sent as soon as it can.";

/** The tracker's header as the tracker shows it: the one save status, and a retry that sends what is owed. */
function renderHeader() {
  function Header() {
    return (
      <TrackerHeader
        signedIn
        save={useProgressSave()}
        onRetry={() => void sendUnsentProgress("reader-1", { atOnce: true })}
      />
    );
  }
  const Stub = createRoutesStub([{ path: "/", Component: Header }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("the tracker's header", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("says Saving… while the account is being saved, nothing once it is, and why when it could not be", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal("fetch", () => new Promise<Response>((resolve) => (answer = resolve)));
    renderHeader();
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("");

    let saving: Promise<unknown> = Promise.resolve();
    act(() => void (saving = saveProgress(reader, { account: "reader-1" })));
    expect(status).toHaveTextContent("Saving…");
    await act(async () => {
      answer(Response.json({ ok: true, saved: reader }));
      await saving;
    });
    expect(status).toHaveTextContent("");

    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await act(() => saveProgress({ ...reader, webNovel: "wn:2-15" }, { account: "reader-1" }));
    expect(status).toHaveTextContent(unreachable);
    // The browser keeps the change it could not send.
    expect(JSON.parse(localStorage.getItem("rc:progress") ?? "null")).toMatchObject({ webNovel: "wn:2-15" });

    // Try again sends it at once; once it lands, the note and the button go.
    const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
      Response.json({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
    );
    vi.stubGlobal("fetch", fetch);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(status).toHaveTextContent(""));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says a change kept because the session ended, offers to sign in again, and sends it once the account takes it", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: { message: "You are signed out." } }, { status: 401 }));
    renderHeader();
    const status = await screen.findByRole("status");
    await act(() => saveProgress({ ...reader, webNovel: "wn:2-17" }, { account: "reader-1" }));
    expect(status).toHaveTextContent(
      "Saved on this device · your session has ended: it will be sent once you sign in again.",
    );
    // Trying again could not help: signing in again does.
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in again" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Freading_tracker",
    );
    expect(JSON.parse(localStorage.getItem("rc:progress") ?? "null")).toMatchObject({ webNovel: "wn:2-17" });

    // Signed in again, the change still owed goes, and the note with it.
    vi.stubGlobal("fetch", async (_address: string, init?: RequestInit) =>
      Response.json({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
    );
    await act(() => sendUnsentProgress("reader-1"));
    expect(status).toHaveTextContent("");
    expect(screen.queryByRole("link", { name: "Sign in again" })).toBeNull();
  });

  it("still says, when the timeline could not be loaded, a change the account has not taken, and sends it again", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await saveProgress({ ...reader, webNovel: "wn:2-16" }, { account: "reader-1" });
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: Outlet,
        // As the route draws it once the tracker's code is here.
        children: [{ id: "page", index: true, Component: () => <TimelineFailed signedIn header={<SavingHeader />} /> }],
      },
    ]);
    render(
      <Stub
        initialEntries={["/"]}
        hydrationData={{ loaderData: { root: { user: { uid: "reader-1", name: "Mira" } }, page: null } }}
      />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The tracker could not be loaded.");
    expect(screen.getByRole("status")).toHaveTextContent(unreachable);

    const fetch = vi.fn(async (_address: string, init?: RequestInit) =>
      Response.json({ ok: true, saved: (JSON.parse(String(init?.body)) as { progress: Progress }).progress }),
    );
    vi.stubGlobal("fetch", fetch);
    await userEvent.click(screen.getAllByRole("button", { name: "Try again" })[0]!);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(""));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
