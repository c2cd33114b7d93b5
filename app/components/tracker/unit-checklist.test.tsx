import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { emptyProgress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { gated } from "~/lib/shield/gated";
import { UnitChecklist } from "./unit-checklist";

/** A short as the tracker lists it: its title revealed by itself and its episode; reached by both, and by the chapter of that point. */
const short = (number: number, episode: number, title: string): TrackerUnit => ({
  key: `bt:1-${number}`,
  medium: "break_time",
  position: episode * 2,
  label: `Season 1 · Break Time ${number}`,
  title: gated([`bt:1-${number}`, `anime:1-${episode}`], title),
  group: "Break Time season 1",
  collection: null,
  coveredBy: [`bt:1-${number}`, `anime:1-${episode}`, `wn:1-${episode * 2}`],
});

const store = (progress: object) =>
  localStorage.setItem("rc:progress", JSON.stringify({ ...emptyProgress, ...progress }));

describe("UnitChecklist of Break Time shorts", () => {
  afterEach(() => localStorage.clear());

  it("shows a short that aired with a watched episode as watched, by its title, and not to be unticked", async () => {
    store({ anime: "anime:1-2", position: 4 });
    render(
      <UnitChecklist
        units={[short(1, 2, "Snack Time"), short(2, 5, "Who Ate the Night")]}
        checked={[]}
        onChange={() => {}}
      />,
    );
    const first = await screen.findByRole("checkbox", { name: /Snack Time/ });
    expect(first).toBeChecked();
    expect(first).toBeDisabled();
    expect(screen.getByText(/Watched with its episode/)).toBeVisible();
    const later = screen.getByRole("checkbox", { name: /Season 1 · Break Time 2/ });
    expect(later).not.toBeChecked();
    expect(later).toBeEnabled();
    expect(screen.queryByText("Who Ate the Night")).not.toBeInTheDocument();
  });

  it("does not count a web novel reader at the same point as having watched the short", async () => {
    store({ webNovel: "wn:1-9", position: 9 });
    render(<UnitChecklist units={[short(1, 2, "Snack Time")]} checked={[]} onChange={() => {}} />);
    // Once the stored progress is read (it is, by the time the first test's checkbox is ticked).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("checkbox")).not.toBeChecked();
    expect(screen.queryByText(/Watched with its episode/)).not.toBeInTheDocument();
  });
});

describe("UnitChecklist of side stories", () => {
  afterEach(() => localStorage.clear());

  /** A side story printed in ln:ssc-2 and told by episode 11 of season 2. */
  const story: TrackerUnit = {
    key: "ss:short-stories-2-1",
    medium: "side_stories",
    position: 121.01,
    label: "Side story · Lanternfall Short Stories 2, story 1",
    title: gated(["ss:short-stories-2-1", "ln:ssc-2", "anime:2-11"], "Festival Night"),
    group: "Short stories",
    collection: null,
    coveredBy: ["ss:short-stories-2-1", "anime:2-11", "ln:ssc-2"],
  };

  it("counts a story printed in a book the reader has read, and says which way they have it, a book or an episode", async () => {
    store({ lightNovels: ["ln:ssc-2"] });
    const { unmount } = render(
      <UnitChecklist units={[story]} checked={[]} suggestedBefore={200} onChange={() => {}} />,
    );
    const box = await screen.findByRole("checkbox", { name: /Festival Night/ });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText(/Printed in a book you have read/)).toBeVisible();
    // Counted, so not among what the reader passed by.
    expect(screen.queryByText(/past where it fits/)).not.toBeInTheDocument();
    unmount();

    localStorage.clear();
    store({ anime: "anime:2-11" });
    render(<UnitChecklist units={[story]} checked={[]} onChange={() => {}} />);
    expect(await screen.findByText(/Told in what you have watched/)).toBeVisible();
  });

  it("counts a story a film the reader watched tells as known, not read: it stays to tick, and out of the group's count", async () => {
    /** A side story, told by these units (a film, a book) as well as by itself. */
    const told = (slug: string, position: number, group: string, by: string[] = []): TrackerUnit => ({
      key: `ss:${slug}`,
      medium: "side_stories",
      position,
      label: `Side story ${slug}`,
      title: gated([`ss:${slug}`, ...by], `The ${slug} story`),
      group,
      collection: null,
      coveredBy: [`ss:${slug}`, ...by],
    });
    const stories = [
      told("blog-1", 10, "Short stories", ["sp:film-1"]),
      told("bakery", 11, "Short stories", ["sp:bakery-film", "ln:ssc-1"]),
      told("other", 12, "Short stories"),
      told("long-night", 1, "Side volumes"),
    ];
    store({ animeSpecials: ["sp:film-1"] });
    const { unmount } = render(<UnitChecklist units={stories} checked={[]} onChange={() => {}} />);
    const box = await screen.findByRole("checkbox", { name: /The blog-1 story/ });
    // Its title shows (the film reveals it), but the reader has not read it: as the chapters an episode
    // adapts are not read by watching it.
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
    expect(screen.getByText(/Told in what you have watched/)).toBeVisible();
    expect(screen.getByText("Short stories").closest("summary")).toHaveTextContent("0 of 3 read");
    unmount();

    // A story a book the reader read prints is read, whatever else tells it.
    localStorage.clear();
    store({ animeSpecials: ["sp:bakery-film"], lightNovels: ["ln:ssc-1"] });
    render(<UnitChecklist units={stories} checked={[]} onChange={() => {}} />);
    const printed = await screen.findByRole("checkbox", { name: /The bakery story/ });
    expect(printed).toBeChecked();
    expect(printed).toBeDisabled();
    expect(screen.getByText(/Printed in a book you have read/)).toBeVisible();
    expect(screen.getByText("Short stories").closest("summary")).toHaveTextContent("1 of 3 read");
  });

  it("leaves it to tick for a reader of the collection before it", async () => {
    store({ lightNovels: ["ln:ssc-1"] });
    render(<UnitChecklist units={[story]} checked={[]} onChange={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("checkbox")).not.toBeChecked();
    expect(screen.getByRole("checkbox")).toBeEnabled();
  });
});

describe("UnitChecklist of several groups", () => {
  afterEach(() => localStorage.clear());

  /** Season `season`'s short `number`, aired with that season's episode `number`. */
  const seasonShort = (season: number, number: number): TrackerUnit => ({
    key: `bt:${season}-${number}`,
    medium: "break_time",
    position: season * 100 + number,
    label: `Season ${season} · Break Time ${number}`,
    title: gated([`bt:${season}-${number}`, `anime:${season}-${number}`], `Short ${season}.${number}`),
    group: `Break Time season ${season}`,
    collection: null,
    coveredBy: [`bt:${season}-${number}`, `anime:${season}-${number}`],
  });
  const shorts = [1, 2, 3].flatMap((season) => [1, 2].map((number) => seasonShort(season, number)));

  it("folds each group with its count, open where the reader is, and draws a folded group's list only when opened", async () => {
    const user = userEvent.setup();
    render(<UnitChecklist units={shorts} checked={["bt:1-1", "bt:1-2", "bt:2-1"]} onChange={() => {}} />);
    const groups = screen.getAllByRole("group");
    expect(groups.map((group) => group.querySelector("summary")?.textContent)).toEqual([
      "Break Time season 12 of 2 watched",
      "Break Time season 21 of 2 watched",
      "Break Time season 30 of 2 watched",
    ]);
    // Season 2 is where the reader is: open, its list drawn; the others folded and not drawn at all.
    expect(
      screen.getAllByRole("checkbox").map((box) => box.closest("details")?.querySelector("summary span")?.textContent),
    ).toEqual(["Break Time season 2", "Break Time season 2"]);
    expect(screen.getByRole("checkbox", { name: /Short 2\.1/ })).toBeChecked();
    await user.click(screen.getByText("Break Time season 3"));
    expect(await screen.findByRole("checkbox", { name: /Season 3 · Break Time 2/ })).not.toBeChecked();
  });

  it("opens the group where the reader now is as their progress moves, and leaves a group they folded folded", async () => {
    const user = userEvent.setup();
    const shown = (checked: string[]) => <UnitChecklist units={shorts} checked={checked} onChange={() => {}} />;
    const { rerender } = render(shown([]));
    const open = () => screen.getAllByRole("group").map((group) => (group as HTMLDetailsElement).open);
    expect(open()).toEqual([true, false, false]);
    // Season 1 is done: season 2 opens; season 1 stays open under the reader's finger.
    rerender(shown(["bt:1-1", "bt:1-2"]));
    expect(open()).toEqual([true, true, false]);
    await user.click(screen.getByText("Break Time season 2"));
    expect(open()).toEqual([true, false, false]);
    rerender(shown(["bt:1-1", "bt:1-2", "bt:2-1"]));
    expect(open()).toEqual([true, false, false]);
    rerender(shown(["bt:1-1", "bt:1-2", "bt:2-1", "bt:2-2"]));
    expect(open()).toEqual([true, false, true]);
  });

  it("keeps one group as a plain list", () => {
    render(<UnitChecklist units={shorts.slice(0, 2)} checked={[]} onChange={() => {}} />);
    expect(screen.queryByRole("group")).not.toBeInTheDocument();
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
  });

  it("opens every group that holds a side story the reader has read past", () => {
    const story = (kind: string, slug: string, position: number): TrackerUnit => ({
      key: `ss:${slug}`,
      medium: "side_stories",
      position,
      label: slug,
      title: gated([`ss:${slug}`], slug),
      group: kind,
      collection: null,
      coveredBy: [`ss:${slug}`],
    });
    render(
      <UnitChecklist
        units={[story("Side volumes", "one", 1), story("Short stories", "two", 2), story("Store bonuses", "three", 50)]}
        checked={[]}
        suggestedBefore={10}
        onChange={() => {}}
      />,
    );
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
    expect(screen.getAllByText("Your place in the story is past where it fits")).toHaveLength(2);
    expect(screen.getByText("Short stories").closest("summary")).toHaveTextContent("0 of 1 read · 1 passed");
  });
});

describe("UnitChecklist of an episode without a title", () => {
  afterEach(() => localStorage.clear());

  it("names it by its place, as a unit whose title waits is named, not by an empty title over its label", async () => {
    const untitled: TrackerUnit = {
      key: "anime:1-2",
      medium: "anime",
      position: 4,
      label: "Season 1 · Episode 2",
      title: gated(null, ""),
      group: "Season 1",
      collection: null,
      coveredBy: ["anime:1-2"],
    };
    render(<UnitChecklist units={[untitled]} checked={[]} onChange={() => {}} />);
    await screen.findByRole("checkbox", { name: /Season 1 · Episode 2/ });
    expect(screen.getByText("Season 1 · Episode 2")).toHaveClass("font-medium");
  });
});
