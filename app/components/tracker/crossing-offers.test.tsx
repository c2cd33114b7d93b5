import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { mediumOf } from "~/lib/content/units";
import { crossings } from "~/lib/progress/media-crossing";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { gated } from "~/lib/shield/gated";
import { CrossingOffers } from "./crossing-offers";

/*
 * Arc 1's six chapters. Season 1's episodes 1 to 3 adapt chapters 1 to 3, two each from episode 2 on;
 * the recut's episode 1 holds the season's episodes 1 to 3 and reaches chapter 5. Manga 1 tells chapters
 * 1 to 4, Manga 2 chapters 4 to 6.
 */
const unit = (key: string, position: number, label: string, group: string, covered: string[]): TrackerUnit => ({
  key,
  medium: mediumOf(key)!,
  position,
  label,
  title: gated([key], `Title of ${key}`),
  group,
  collection: null,
  coveredBy: [key, ...covered],
});
const tellers: Record<string, string[]> = {
  "wn:1-1": ["anime:1-1", "anime:1r1-1", "manga:a-1"],
  "wn:1-2": ["anime:1-2", "anime:1r1-1", "manga:a-2"],
  "wn:1-3": ["anime:1-3", "anime:1r1-1", "manga:a-3"],
  "wn:1-4": ["anime:1r1-1", "manga:a-4", "manga:b-1"],
  "wn:1-5": ["anime:1r1-1", "manga:b-2"],
  "wn:1-6": ["manga:b-3"],
};
const chapter = (number: number) =>
  unit(`wn:1-${number}`, number, `Arc 1 · Chapter ${number}`, "Arc 1", tellers[`wn:1-${number}`]!);
const manga = (series: "a" | "b", number: number, position: number, tells: string) => ({
  ...unit(`manga:${series}-${number}`, position, `Manga ${series === "a" ? 1 : 2} · Chapter ${number}`, "", [tells]),
  group: `Manga ${series === "a" ? 1 : 2}`,
  mangaNumber: String(number),
});
const timeline: TrackerUnit[] = [
  chapter(1),
  manga("a", 1, 1.1, "wn:1-1"),
  unit("anime:1-1", 1.2, "Season 1 · Episode 1", "Season 1", ["wn:1-1"]),
  chapter(2),
  manga("a", 2, 2.1, "wn:1-2"),
  unit("anime:1-2", 2.2, "Season 1 · Episode 2", "Season 1", ["wn:1-2"]),
  chapter(3),
  manga("a", 3, 3.1, "wn:1-3"),
  unit("anime:1-3", 3.2, "Season 1 · Episode 3", "Season 1", ["wn:1-3"]),
  chapter(4),
  manga("a", 4, 4.1, "wn:1-4"),
  manga("b", 1, 4.2, "wn:1-4"),
  chapter(5),
  manga("b", 2, 5.1, "wn:1-5"),
  unit("anime:1r1-1", 5.2, "Season 1 Recut · Episode 1", "Season 1 Recut", ["wn:1-5"]),
  chapter(6),
  manga("b", 3, 6.1, "wn:1-6"),
];

function renderOffers(progress: Progress) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <CrossingOffers crossings={crossings(progress, timeline)} onCross={() => {}} /> },
  ]);
  render(<Stub />);
}

describe("CrossingOffers from the anime and its recut", () => {
  it("makes each offer from the furthest place the viewer reached, one offer for each line", () => {
    renderOffers({ ...emptyProgress, anime: "anime:1-2", recuts: ["anime:1r1-1"] });
    // Said once: every offer comes from the recut's episode, which holds the season's episode 2 and more.
    expect(screen.getAllByText(/You have watched the anime up to/)).toHaveLength(1);
    expect(screen.getByText("You have watched the anime up to Season 1 Recut · Episode 1.")).toBeInTheDocument();
    expect(screen.queryByText(/Season 1 · Episode 2/)).not.toBeInTheDocument();
    const offers = screen.getAllByRole("button").map((button) => button.textContent);
    expect(offers).toEqual(["Continue in the web novel", "Continue in the manga (Manga 2)"]);
    // Manga 1 tells nothing the recut has not shown: it is offered to no one who has watched it.
    expect(screen.queryByText(/Manga 1/)).not.toBeInTheDocument();
  });
});
