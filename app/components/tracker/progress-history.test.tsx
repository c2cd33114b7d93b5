import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gated } from "~/lib/shield/gated";
import { readRevealers } from "~/lib/shield/knowledge";
import type { ProgressHistoryEntry } from "~/lib/progress/history";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { ProgressHistory } from "./progress-history";

const unit = (
  key: string,
  medium: TrackerUnit["medium"],
  label: string,
  group: string,
  title: string,
): TrackerUnit => ({
  key,
  medium,
  position: 1,
  label,
  title: gated(readRevealers(key), title),
  group,
  collection: medium === "light_novels" ? "main" : null,
  coveredBy: [key],
});
const units = [
  unit("wn:1-2", "web_novel", "Arc 1 · Chapter 2", "Arc 1: Embers", "A quiet start"),
  unit("wn:5-30", "web_novel", "Arc 5 · Chapter 30", "Arc 5: Ash", "The Keeper Dies"),
  unit("ln:main-2", "light_novels", "Volume 2", "Lanternfall", "Lanternfall 2: Wicks"),
  unit("anime:1-12", "anime", "Season 1 · Episode 12", "Season 1", "Finale"),
  unit("ss:a", "side_stories", "Festival night", "Side stories", "Festival night"),
];
const record = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });
const now = record({ webNovel: "wn:1-2" });
const entries: ProgressHistoryEntry[] = [
  { revision: 3, progress: now, savedAt: "2026-11-30T10:05:00.000Z", change: "set_back" },
  {
    revision: 2,
    progress: record({ webNovel: "wn:5-30", lightNovels: ["ln:main-2"], anime: "anime:1-12", sideStories: ["ss:a"] }),
    savedAt: "2026-11-30T10:00:00.000Z",
    change: "saved",
  },
];

/** The history as the tracker shows it, inside the site's router (it links to sign in). */
function renderHistory(onRestore: (entry: ProgressHistoryEntry) => void = () => {}) {
  return render(
    <MemoryRouter>
      <ProgressHistory progress={now} units={units} saves={0} onRestore={onRestore} />
    </MemoryRouter>,
  );
}

describe("the history of saves", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is read when opened, names each save's places by their labels only, and restores one", async () => {
    const fetch = vi.fn(async () => Response.json({ history: entries }));
    vi.stubGlobal("fetch", fetch);
    const onRestore = vi.fn();
    renderHistory(onRestore);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText("Your last saves"));
    const list = await screen.findByRole("list", { name: "Your last saves, newest first" });
    const [newest, older] = within(list).getAllByRole("listitem");
    expect(newest).toHaveTextContent("Set back");
    expect(newest).toHaveTextContent("Your progress now");
    expect(within(newest!).queryByRole("button")).toBeNull();
    expect(older).toHaveTextContent(
      "Web novel: Arc 5 · Chapter 30 · Lanternfall: Volume 2 · Anime: Season 1 · Episode 12 · 1 side story",
    );
    // Titles never show, not even the reader's own places': a save from before a set-back names nothing more.
    expect(list).not.toHaveTextContent("The Keeper Dies");
    expect(list).not.toHaveTextContent("Festival night");
    await userEvent.click(within(older!).getByRole("button", { name: /^Restore your save of / }));
    expect(onRestore).toHaveBeenCalledWith(entries[1]);
  });

  it("says when the saves could not be loaded, and tries again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { message: "down" } }, { status: 503 })),
    );
    renderHistory();
    await userEvent.click(screen.getByText("Your last saves"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your saves could not be loaded.");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ history: [] })),
    );
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Nothing has been saved to your account yet.")).toBeInTheDocument();
  });

  it("says when the session has ended, with a way to sign in again instead of a retry that cannot help", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { message: "You are signed out." } }, { status: 401 })),
    );
    renderHistory();
    await userEvent.click(screen.getByText("Your last saves"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your session has ended: sign in again to see your saves.",
    );
    expect(screen.getByRole("link", { name: "Sign in again" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Freading_tracker",
    );
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});
