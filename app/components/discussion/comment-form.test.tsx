import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { noteAccountProgressHeard } from "~/browser/stored-progress";
import { emptyProgress } from "~/lib/progress/record";
import { renderInThread } from "../../../tests/support/thread-stub";
import { CommentForm } from "./comment-form";

const reader = {
  uid: "reader-1",
  name: "Mira",
  email: null,
  emailVerified: true,
  photoUrl: null,
  provider: null,
  admin: false,
};

/**
 * A signed-in reader whose browser keeps that they read to Arc 1 · Chapter 2, in the thread of `unit`;
 * unless `synced` is false, this tab's sign-in sync brought their account's progress here.
 */
function renderJoin(unit: { key: string; label: string }, { synced = true } = {}) {
  localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, webNovel: "wn:1-2", position: 2 }));
  if (synced) sessionStorage.setItem(`rc:progress-synced:${reader.uid}`, String(Date.now()));
  renderInThread(<CommentForm unit={unit} joinableBy={[unit.key]} readerPlaces={[]} answer={undefined} />, undefined, {
    user: reader,
  });
}

describe("joining a thread beyond the reader's progress", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  // First: the page has not heard from the account yet (the sync is once a page, for the whole file).
  it("keeps the form while the account's progress may still come, then says what to read", async () => {
    renderJoin({ key: "ln:main-2", label: "Lanternfall 2" });
    expect(await screen.findByLabelText("Your comment")).toBeVisible();
    expect(screen.queryByText(/You can join once/)).toBeNull();
    // Where a line that the page could not check would come, told to a reader already typing.
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    act(() => noteAccountProgressHeard());
    expect(await screen.findByText(/You can join once you have read Lanternfall 2\./)).toBeVisible();
  });

  it("keeps the form, saying so, when the sign-in sync could not bring the account's progress", async () => {
    noteAccountProgressHeard();
    // The sync failed or gave up: the account may have read the volume, and the site checks a post against it.
    renderJoin({ key: "ln:main-2", label: "Lanternfall 2" }, { synced: false });
    expect(await screen.findByLabelText("Your comment")).toBeVisible();
    expect(screen.queryByText(/You can join once/)).toBeNull();
    // It does not claim to go by this browser's progress, which would not let them join.
    expect(
      screen.getByText(
        /could not check your saved progress\. If you have read Lanternfall 2, you can still post: the site checks your saved progress when you do, and keeps your text/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/goes by what this browser keeps/)).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(/could not check your saved progress/);
  });

  it("says what to read once a sync that outlasted the wait brings the account's progress after all", async () => {
    noteAccountProgressHeard();
    // The page stopped waiting (10 s) before the sync answered: it cannot tell yet.
    renderJoin({ key: "ln:main-2", label: "Lanternfall 2" }, { synced: false });
    expect(await screen.findByText(/could not check your saved progress/)).toBeVisible();
    // The slow sync ends: the account has not read the volume either.
    act(() => {
      sessionStorage.setItem(`rc:progress-synced:${reader.uid}`, String(Date.now()));
      noteAccountProgressHeard();
    });
    expect(await screen.findByText(/You can join once you have read Lanternfall 2\./)).toBeVisible();
    expect(screen.queryByText(/could not check your saved progress/)).toBeNull();
  });

  it("says an episode, a special or a short is watched", async () => {
    noteAccountProgressHeard();
    renderJoin({ key: "anime:1-3", label: "Season 1 · Episode 3" });
    expect(await screen.findByText(/You can join once you have watched Season 1 · Episode 3\./)).toBeVisible();
  });

  it("says a chapter or a volume is read", async () => {
    noteAccountProgressHeard();
    renderJoin({ key: "ln:main-2", label: "Lanternfall 2" });
    expect(await screen.findByText(/You can join once you have read Lanternfall 2\./)).toBeVisible();
    expect(screen.queryByText(/read or watched/)).toBeNull();
  });
});
