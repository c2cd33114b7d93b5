import { fireEvent, render, screen, within } from "@testing-library/react";
import { readRevealers } from "~/lib/shield/knowledge";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { gated } from "~/lib/shield/gated";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { UnitPicker } from "./unit-picker";
import { chapterKey, episodeKey } from "~/lib/content/units";

const chapter = (arc: 1 | 2, number: number, title: string, revealedBy: string | null = null): TrackerUnit => ({
  key: chapterKey(arc, number),
  medium: "web_novel",
  position: arc * 100 + number,
  label: `Arc ${arc} · Chapter ${number}`,
  title: gated(readRevealers(revealedBy), title),
  group: arc === 1 ? "Arc 1: Embers" : "Arc 2: Ash",
  collection: null,
  coveredBy: [chapterKey(arc, number)],
});
const units = [
  chapter(1, 1, "A lantern in the rain"),
  chapter(1, 2, "The bridge"),
  chapter(2, 1, "Cinders"),
  // Its title gives away the arc's turn: only a reader who has read it sees it.
  chapter(2, 2, "The keeper falls", "wn:2-2"),
];

const webNovelWords = { group: "Arc", unit: "Last chapter read", noun: "chapter" };

/** The tracker's web novel section (or another's): the picker, and the progress it saves. */
function renderTracker(start: string | null, { listed = units, words = webNovelWords } = {}) {
  function Tracker() {
    const [progress, setProgress] = useState(start);
    return (
      <>
        <UnitPicker units={listed} value={progress} onChange={setProgress} words={words} />
        <p>Saved: {progress ?? "not started"}</p>
      </>
    );
  }
  const Stub = createRoutesStub([{ path: "/reading_tracker", Component: Tracker }]);
  render(<Stub initialEntries={["/reading_tracker"]} />);
  return {
    arc: screen.getByRole("combobox", { name: words.group }),
    chapter: screen.getByRole("combobox", { name: new RegExp(`^${words.unit}`) }),
  };
}

/** The text a wrapping select shows over its transparent native select: the whole chosen option. */
const shownText = (select: HTMLElement) => select.previousElementSibling?.textContent;

describe("UnitPicker", () => {
  it("shows the arc's chapters when the reader looks at another arc, and moves progress only on a chapter", async () => {
    const user = userEvent.setup();
    const { arc, chapter } = renderTracker("wn:1-2");
    expect(shownText(arc)).toBe("Arc 1: Embers");
    expect(shownText(chapter)).toBe("Chapter 2 · The bridge");

    await user.selectOptions(arc, "Arc 2: Ash");
    expect(shownText(arc)).toBe("Arc 2: Ash");
    expect(
      within(chapter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a chapter", "Chapter 1 · Cinders", "Chapter 2"]);
    expect(chapter).toHaveAccessibleDescription(
      "Your progress stays at Arc 1 · Chapter 2 · The bridge until you choose a chapter.",
    );
    expect(await screen.findByText("Saved: wn:1-2")).toBeInTheDocument();

    await user.selectOptions(chapter, "Chapter 1 · Cinders");
    expect(await screen.findByText("Saved: wn:2-1")).toBeInTheDocument();
    expect(shownText(chapter)).toBe("Chapter 1 · Cinders");
    expect(chapter).not.toHaveAccessibleDescription();
  });

  it("asks for an arc first when the reader has not started", async () => {
    const user = userEvent.setup();
    const { arc, chapter } = renderTracker(null);
    expect(chapter).toBeDisabled();
    expect(shownText(chapter)).toBe("Choose an arc first");

    await user.selectOptions(arc, "Arc 1: Embers");
    expect(chapter).toBeEnabled();
    await user.selectOptions(chapter, "Chapter 1 · A lantern in the rain");
    expect(await screen.findByText("Saved: wn:1-1")).toBeInTheDocument();

    await user.selectOptions(arc, "Not started");
    expect(await screen.findByText("Saved: not started")).toBeInTheDocument();
  });

  it("sets progress from a suggestion picked or a label pasted whole, and empties the box", async () => {
    const user = userEvent.setup();
    renderTracker("wn:1-1");
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    await user.click(find);
    // Chromium picks a suggestion from the list with a plain input event.
    fireEvent.input(find, { target: { value: "Arc 2 · Chapter 2" } });
    expect(await screen.findByText("Saved: wn:2-2")).toBeInTheDocument();
    expect(find).toHaveValue("");
    await user.paste("arc 1 · chapter 2");
    expect(await screen.findByText("Saved: wn:1-2")).toBeInTheDocument();
    expect(find).toHaveValue("");
  });

  it("never sets progress to a shorter label met on the way while the reader types, only on Enter", async () => {
    const user = userEvent.setup();
    renderTracker("wn:1-2");
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    // "Arc 2 · Chapter 1" is a whole label, and the start of "Arc 2 · Chapter 12".
    await user.type(find, "Arc 2 · Chapter 1");
    expect(screen.getByText("Saved: wn:1-2")).toBeInTheDocument();
    expect(find).toHaveValue("Arc 2 · Chapter 1");
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Saved: wn:2-1")).toBeInTheDocument();
    expect(find).toHaveValue("");
  });

  it("on Enter sets the one chapter the words name, and says so when they name none or several, never by a shielded title", async () => {
    const user = userEvent.setup();
    renderTracker(null);
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    await user.type(find, "bridge{Enter}");
    expect(await screen.findByText("Saved: wn:1-2")).toBeInTheDocument();
    expect(find).toHaveValue("");

    await user.type(find, "keeper falls{Enter}");
    expect(
      await screen.findByText(
        "No chapter you can see is named “keeper falls”: type its number, such as “Arc 2 Chapter 2”, or choose one above.",
      ),
    ).toBeInTheDocument();
    expect(find).toHaveAccessibleDescription(/No chapter you can see/);
    expect(find).toHaveValue("keeper falls");
    expect(screen.getByText("Saved: wn:1-2")).toBeInTheDocument();

    await user.clear(find);
    await user.type(find, "chapter 1{Enter}");
    // Several: offered to tap, as guidance rather than an error.
    const several = await screen.findByRole("status");
    expect(several).toHaveTextContent("2 match “chapter 1”: choose one.");
    expect(find).not.toHaveAttribute("aria-invalid");
    const choices = within(several).getAllByRole("button");
    expect(choices).toHaveLength(2);
    // Typing again takes the message away.
    await user.type(find, "x");
    expect(screen.queryByText(/match “chapter 1/)).toBeNull();
    await user.clear(find);
    await user.type(find, "chapter 1{Enter}");
    await user.click(
      within(await screen.findByRole("status"))
        .getAllByRole("button")
        .at(-1)!,
    );
    expect(await screen.findByText(/^Saved: wn:2-/)).toBeInTheDocument();
    expect(find).toHaveValue("");

    // A long paste is said back short, so the page never stretches sideways.
    await user.clear(find);
    await user.click(find);
    await user.paste("x".repeat(150));
    await user.keyboard("{Enter}");
    expect(await screen.findByText(new RegExp(`named “${"x".repeat(40)}…”`))).toBeInTheDocument();

    // Arc and number, typed without the suggestions' dots.
    await user.clear(find);
    await user.type(find, "arc 2 chapter 1{Enter}");
    expect(await screen.findByText("Saved: wn:2-1")).toBeInTheDocument();
  });

  it("offers first, of several chapters the words name, those in the arc shown above", async () => {
    const user = userEvent.setup();
    const { arc } = renderTracker("wn:2-1");
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    const offered = async () =>
      within(await screen.findByRole("status"))
        .getAllByRole("button")
        .map((button) => button.textContent);
    await user.type(find, "chapter 1{Enter}");
    expect(await offered()).toEqual(["Arc 2 · Chapter 1 · Cinders", "Arc 1 · Chapter 1 · A lantern in the rain"]);

    // Looking at arc 1 above, its chapter comes first.
    await user.selectOptions(arc, "Arc 1: Embers");
    await user.clear(find);
    await user.type(find, "chapter 1{Enter}");
    expect(await offered()).toEqual(["Arc 1 · Chapter 1 · A lantern in the rain", "Arc 2 · Chapter 1 · Cinders"]);
  });

  it("on Enter sets, for a number alone, the chapter so numbered in the arc shown above", async () => {
    const user = userEvent.setup();
    const { arc, chapter } = renderTracker("wn:2-1");
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    await user.type(find, "2{Enter}");
    expect(await screen.findByText("Saved: wn:2-2")).toBeInTheDocument();
    expect(shownText(chapter)).toBe("Chapter 2");
    expect(find).toHaveValue("");
    expect(screen.queryByRole("status")).toBeNull();

    // Looking at arc 1 above, its chapter.
    await user.selectOptions(arc, "Arc 1: Embers");
    await user.type(find, "1{Enter}");
    expect(await screen.findByText("Saved: wn:1-1")).toBeInTheDocument();

    // A number the arc shown names nothing is said so, as before.
    await user.type(find, "7{Enter}");
    expect(await screen.findByText(/^No chapter you can see is named “7”/)).toBeInTheDocument();
    expect(screen.getByText("Saved: wn:1-1")).toBeInTheDocument();

    // With no arc shown, that chapter of every arc is offered, the first arc's first.
    await user.selectOptions(arc, "Not started");
    await user.clear(find);
    await user.type(find, "2{Enter}");
    const offered = await screen.findByRole("status");
    expect(offered).toHaveTextContent("3 match “2”: choose one.");
    expect(
      within(offered)
        .getAllByRole("button")
        .map((button) => button.textContent)
        .slice(0, 2),
    ).toEqual(["Arc 1 · Chapter 2 · The bridge", "Arc 2 · Chapter 2"]);
    expect(screen.getByText("Saved: not started")).toBeInTheDocument();
  });

  it("suggests every chapter by arc and number once the reader comes to the box, titles shielded by the same rule", async () => {
    const user = userEvent.setup();
    renderTracker(null);
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    const suggestions = () =>
      [...document.querySelectorAll("datalist option")].map((option) => (option as HTMLOptionElement).value);
    expect(suggestions()).toEqual([]);
    await user.click(find);
    expect(suggestions()).toEqual([
      "Arc 1 · Chapter 1 · A lantern in the rain",
      "Arc 1 · Chapter 2 · The bridge",
      "Arc 2 · Chapter 1 · Cinders",
      "Arc 2 · Chapter 2",
    ]);
    expect(document.body.innerHTML).not.toContain("The keeper falls");
  });

  it("offers, never sets, an episode found by its place in its season where the series names it otherwise", async () => {
    const user = userEvent.setup();
    // As the demo: season 1's recap, its 13th, goes by "12.5"; season 2 has an episode 13.
    const episode = (season: number, place: number, label = String(place)): TrackerUnit => ({
      key: episodeKey(season, place),
      medium: "anime",
      position: season * 100 + place,
      label: `Season ${season} · Episode ${label}`,
      title: gated(readRevealers(null), `Title ${season}-${place}`),
      group: `Season ${season}`,
      collection: null,
      coveredBy: [episodeKey(season, place)],
    });
    renderTracker(null, {
      listed: [episode(1, 12), episode(1, 13, "12.5"), episode(2, 12), episode(2, 13)],
      words: { group: "Season", unit: "Last episode watched", noun: "episode" },
    });
    const find = screen.getByRole("combobox", { name: "Or find an episode by number or title" });
    const offered = async () =>
      within(await screen.findByRole("status"))
        .getAllByRole("button")
        .map((button) => button.textContent);

    await user.type(find, "13{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent("2 match “13”: choose one.");
    expect(await offered()).toEqual([
      "Season 2 · Episode 13 · Title 2-13",
      "Season 1 · Episode 12.5, the season's 13th · Title 1-13",
    ]);
    expect(screen.getByText("Saved: not started")).toBeInTheDocument();

    await user.clear(find);
    await user.type(find, "S01E13{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "No episode goes by “S01E13”; one is in that place, named otherwise: choose it if it is the one.",
    );
    expect(await offered()).toEqual(["Season 1 · Episode 12.5, the season's 13th · Title 1-13"]);
    expect(screen.getByText("Saved: not started")).toBeInTheDocument();
    await user.click(within(screen.getByRole("status")).getByRole("button"));
    expect(await screen.findByText("Saved: anime:1-13")).toBeInTheDocument();
    expect(find).toHaveValue("");

    // A name typed with its season is set as before.
    await user.type(find, "s2e13{Enter}");
    expect(await screen.findByText("Saved: anime:2-13")).toBeInTheDocument();
  });

  it("offers, never sets, the season's episode two numbers with a dash may name", async () => {
    const user = userEvent.setup();
    const episode = (season: number, number: number, title: string): TrackerUnit => ({
      key: episodeKey(season, number),
      medium: "anime",
      position: season * 100 + number,
      label: `Season ${season} · Episode ${number}`,
      title: gated(readRevealers(null), title),
      group: `Season ${season}`,
      collection: null,
      coveredBy: [episodeKey(season, number)],
    });
    renderTracker(null, {
      listed: [
        episode(1, 2, "Ashfall"),
        episode(1, 3, "Moths"),
        episode(2, 2, "The Tallow Market"),
        episode(2, 3, "Lowwick"),
      ],
      words: { group: "Season", unit: "Last episode watched", noun: "episode" },
    });
    const find = screen.getByRole("combobox", { name: "Or find an episode by number or title" });
    await user.type(find, "2-3{Enter}");
    const offered = await screen.findByRole("status");
    expect(offered).toHaveTextContent("“2-3” may be season 2, episode 3: choose it if it is the one.");
    expect(
      within(offered)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Season 2 · Episode 3 · Lowwick"]);
    expect(screen.getByText("Saved: not started")).toBeInTheDocument();
    await user.click(within(offered).getByRole("button"));
    expect(await screen.findByText("Saved: anime:2-3")).toBeInTheDocument();
    for (const typed of ["s1 e2", "S01E02", "1x02"]) {
      await user.type(find, `${typed}{Enter}`);
      expect(await screen.findByText("Saved: anime:1-2"), typed).toBeInTheDocument();
      await user.type(find, "s2e3{Enter}");
      expect(await screen.findByText("Saved: anime:2-3")).toBeInTheDocument();
    }
  });

  it("on Enter sets the chapter its arc's number and its own name, as fans write it", async () => {
    const user = userEvent.setup();
    renderTracker(null, {
      listed: [...units, { ...chapter(2, 3, "Two roads"), key: chapterKey(2, 4), label: "Arc 2 · Chapter 3-A" }],
    });
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    await user.type(find, "2-1{Enter}");
    expect(await screen.findByText("Saved: wn:2-1")).toBeInTheDocument();
    await user.type(find, "1-2{Enter}");
    expect(await screen.findByText("Saved: wn:1-2")).toBeInTheDocument();
    await user.type(find, "2-3-A{Enter}");
    expect(await screen.findByText("Saved: wn:2-4")).toBeInTheDocument();
    await user.type(find, "arc 1 ch 1{Enter}");
    expect(await screen.findByText("Saved: wn:1-1")).toBeInTheDocument();
    // Not a season's episode among chapters: nothing is named so.
    await user.type(find, "3-1{Enter}");
    expect(await screen.findByText(/^No chapter you can see is named “3-1”/)).toBeInTheDocument();
  });

  it("offers, never sets, a web novel entry found by its number on the serial site", async () => {
    const user = userEvent.setup();
    // The serial site numbers arc 1's two chapters 1 and 2, and arc 2's 3 and 4.
    renderTracker(null, { listed: units.map((unit, index) => ({ ...unit, serialNumber: index + 1 })) });
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    const offered = async () =>
      within(await screen.findByRole("status"))
        .getAllByRole("button")
        .map((button) => button.textContent);

    await user.type(find, "4{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "No chapter goes by “4”; one has that number on the serial site, named otherwise: choose it if it is the one.",
    );
    // Its title is not shown to a reader who has not read it.
    expect(await offered()).toEqual(["Arc 2 · Chapter 2, no. 4 on the serial site"]);
    expect(screen.getByText("Saved: not started")).toBeInTheDocument();
    await user.click(within(screen.getByRole("status")).getByRole("button"));
    expect(await screen.findByText("Saved: wn:2-2")).toBeInTheDocument();

    await user.type(find, "3{Enter}");
    expect(await offered()).toEqual(["Arc 2 · Chapter 1, no. 3 on the serial site · Cinders"]);
  });

  it("offers the entry a serial number finds even where the number names more chapters than it offers", async () => {
    const user = userEvent.setup();
    // Eight arcs of five chapters after a prologue: "5" names each arc's chapter 5 and arc 5; the serial
    // site's 5th is arc 1's chapter 4.
    const listed: TrackerUnit[] = Array.from({ length: 40 }, (_, index) => {
      const [arc, number] = [Math.floor(index / 5) + 1, (index % 5) + 1];
      return {
        ...units[0]!,
        key: chapterKey(arc, number),
        position: index + 1,
        label: `Arc ${arc} · Chapter ${number}`,
        group: `Arc ${arc}`,
        serialNumber: index + 2,
        coveredBy: [chapterKey(arc, number)],
      };
    });
    renderTracker(null, { listed });
    const find = screen.getByRole("combobox", { name: "Or find a chapter by number or title" });
    await user.type(find, "5{Enter}");
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("13 match “5”, 6 of them here");
    const offered = within(status)
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(offered).toEqual([
      "Arc 1 · Chapter 5 · A lantern in the rain",
      "Arc 2 · Chapter 5 · A lantern in the rain",
      "Arc 3 · Chapter 5 · A lantern in the rain",
      "Arc 4 · Chapter 5 · A lantern in the rain",
      "Arc 5 · Chapter 5 · A lantern in the rain",
      "Arc 1 · Chapter 4, no. 5 on the serial site · A lantern in the rain",
    ]);
  });
});
