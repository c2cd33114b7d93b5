// @vitest-environment node -- this file checks the markup the server sends, before any script runs.
import { renderToStaticMarkup } from "react-dom/server";
import { readRevealers } from "~/lib/shield/knowledge";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gated } from "~/lib/shield/gated";
import type { Crossing } from "~/lib/progress/media-crossing";
import { emptyProgress } from "~/lib/progress/record";
import type { TrackerUnit } from "~/lib/progress/tracker-units";
import { unitPath } from "~/lib/content/units";
import { CrossingOffers } from "./crossing-offers";
import { UnitChecklist } from "./unit-checklist";
import { UnitPicker } from "./unit-picker";
import { UnitSelect } from "./unit-select";
import { UpNext } from "./up-next";

const chapter = (key: string, title: string, revealedBy: string | null): TrackerUnit => ({
  key,
  medium: "web_novel",
  position: 1,
  label: `Arc 1 · ${key}`,
  title: gated(readRevealers(revealedBy), title),
  group: "Arc 1: Embers",
  collection: null,
  coveredBy: [key],
});
const units = [chapter("wn:1-1", "Prologue", null), chapter("wn:1-2", "The keeper falls", "wn:1-2")];
const noop = () => {};

describe("UnitSelect", () => {
  const html = renderToStaticMarkup(
    <UnitSelect label="Last chapter read" units={units} value="wn:1-1" onChange={noop} />,
  );

  it("is named by its visible label", () => {
    const id = html.match(/<select[^>]* id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}">Last chapter read</label>`);
  });

  it("names chapters within their arc, by title only where the title gives nothing away", () => {
    expect(html).toContain(">Not started</option>");
    expect(html).toContain(">wn:1-1 · Prologue</option>");
    expect(html).toContain(">wn:1-2</option>");
    expect(html).not.toContain("The keeper falls");
    expect(html).not.toContain("Arc 1");
  });
});

describe("UnitPicker", () => {
  const words = { group: "Arc", unit: "Last chapter read", noun: "chapter" };
  const arcs = [
    ...units,
    {
      ...chapter("wn:2-1", "Lanterns on the water", null),
      label: "Arc 2 · Prologue",
      group: "Arc 2: Ash",
      position: 3,
    },
    {
      ...chapter("wn:2-2", "Who lit the tower", "wn:2-2 anime:1-3"),
      label: "Arc 2 · Chapter 2",
      group: "Arc 2: Ash",
      position: 4,
    },
  ];
  const options = (html: string, label: string) => {
    const id = html.match(new RegExp(`for="([^"]+)">${label}</label>`))?.[1];
    const select = html.match(new RegExp(`<select[^>]* id="${id}"[^>]*>(.*?)</select>`))?.[1] ?? "";
    return [...select.matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((match) => match[1]);
  };

  it("offers the arcs first, then only the chapters of the arc the reader is in", () => {
    const html = renderToStaticMarkup(<UnitPicker units={arcs} value="wn:2-1" onChange={noop} words={words} />);
    expect(options(html, "Arc")).toEqual(["Not started", "Arc 1: Embers", "Arc 2: Ash"]);
    expect(options(html, "Last chapter read")).toEqual([
      "Choose a chapter",
      "Prologue · Lanterns on the water",
      "Chapter 2",
    ]);
    expect(html).toMatch(/<option value="Arc 2: Ash" selected="">/);
    expect(html).toMatch(/<option value="wn:2-1" selected="">/);
  });

  it("asks a reader who has not started for an arc first", () => {
    const html = renderToStaticMarkup(<UnitPicker units={arcs} value={null} onChange={noop} words={words} />);
    expect(html).toMatch(/<option value="" selected="">Not started<\/option>/);
    expect(options(html, "Last chapter read")).toEqual(["Choose an arc first"]);
  });

  it("asks for an episode, not a episode", () => {
    const episodes = arcs.map((unit) => ({ ...unit, medium: "anime" as const }));
    const html = renderToStaticMarkup(
      <UnitPicker
        units={episodes}
        value="wn:2-1"
        onChange={noop}
        words={{ group: "Season", unit: "Last episode watched", noun: "episode" }}
      />,
    );
    expect(options(html, "Last episode watched")[0]).toBe("Choose an episode");
    expect(html).toContain("Or find an episode by number or title</label>");
  });

  it("sends no suggestions to type before the reader comes to the box (unit-picker.test.tsx has them after)", () => {
    const html = renderToStaticMarkup(<UnitPicker units={arcs} value={null} onChange={noop} words={words} />);
    expect(html).toContain("Or find a chapter by number or title</label>");
    // A tap on the pickers above does not write every unit's label again.
    expect(html).toMatch(/<datalist id="[^"]+"><\/datalist>/);
  });
});

describe("UpNext", () => {
  // Links warn that their layout effect does nothing on the server; that is expected here.
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  const upNext = (next: TrackerUnit[], passed: TrackerUnit[] = [], morePassed = 0, coming: TrackerUnit[] = []) => ({
    next,
    passed,
    morePassed,
    coming,
  });

  it("shields titles on the server and offers to mark each unit read", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <UpNext units={upNext(units)} onMarkRead={noop} /> }]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).toContain("Prologue");
    expect(html).not.toContain("The keeper falls");
    expect(html.match(/Mark as read/g)).toHaveLength(2);
    expect(html).not.toContain("Passed on the way");
  });

  it("lists what the reader passed after what comes next, and how many more there are", () => {
    const [first, second] = units as [TrackerUnit, TrackerUnit];
    const Stub = createRoutesStub([
      { path: "/", Component: () => <UpNext units={upNext([second], [first], 3)} onMarkRead={noop} /> },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html.indexOf("Passed on the way")).toBeGreaterThan(html.indexOf("wn:1-2"));
    expect(html.indexOf("wn:1-1")).toBeGreaterThan(html.indexOf("Passed on the way"));
    expect(html).toContain("3 more passed on the way, each in its medium&#x27;s list on this page.");
  });

  it("offers to mark a short one watches as watched", () => {
    const short: TrackerUnit = {
      key: "bt:1-2",
      medium: "break_time",
      position: 2,
      label: "Season 1 · Break Time 2",
      title: { revealedBy: null, content: "Nix Wants a Snack" },
      group: "Season 1",
      collection: null,
      coveredBy: ["bt:1-2"],
    };
    const Stub = createRoutesStub([
      { path: "/", Component: () => <UpNext units={upNext([short])} onMarkRead={noop} /> },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).toContain("Season 1 · Break Time 2");
    expect(html).toContain("Mark as watched");
  });

  it("names each unit once, by what one unit of its medium is", () => {
    const volume: TrackerUnit = {
      key: "ln:main-2",
      medium: "light_novels",
      position: 2,
      label: "Lanternfall 2",
      title: { revealedBy: null, content: "Lanternfall 2: The Drowned Bellringer" },
      group: "Lanternfall",
      collection: "main",
      coveredBy: ["ln:main-2"],
    };
    const story: TrackerUnit = {
      key: "ss:first-lantern",
      medium: "side_stories",
      position: 3,
      label: "Pell's First Lantern",
      title: { revealedBy: null, content: "Pell's First Lantern" },
      group: "Side stories",
      collection: null,
      coveredBy: ["ss:first-lantern"],
    };
    const Stub = createRoutesStub([
      { path: "/", Component: () => <UpNext units={upNext([volume, story])} onMarkRead={noop} /> },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html).toContain(">The Drowned Bellringer<");
    expect(html).not.toContain("Lanternfall 2: ");
    expect(html.match(/Pell&#x27;s First Lantern/g)).toHaveLength(1);
    expect(html).toContain(">Light novel<");
    expect(html).toContain(">Side story<");
  });

  it("says a unit's medium over its place, never twice: a side story, a film, a manga chapter", () => {
    const unit = (key: string, medium: TrackerUnit["medium"], label: string): TrackerUnit => ({
      key,
      medium,
      position: 1,
      label,
      title: { revealedBy: ["anime:9-9"], content: null },
      group: "",
      collection: null,
      coveredBy: [key],
    });
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <UpNext
            units={upNext([
              unit("ss:blog", "side_stories", "Side story · Author's blog, Jan 2015"),
              unit("sp:film", "anime_specials", "Anime · Film"),
              unit("manga:wick-9", "manga", "Manga 1 · Chapter 9"),
            ])}
            onMarkRead={noop}
          />
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    const cards = [...html.matchAll(/<li[^>]*><p[^>]*>([^<]*)<\/p><p><a[^>]*>([^<]*)<\/a>/g)].map((card) =>
      card.slice(1),
    );
    expect(cards).toEqual([
      ["Side story", "Author&#x27;s blog, Jan 2015"],
      ["Anime", "Film"],
      ["Manga 1", "Chapter 9"],
    ]);
  });

  it("says nothing under a side story whose title only says its name again", () => {
    const story: TrackerUnit = {
      key: "ss:if-heiress",
      medium: "side_stories",
      position: 3,
      label: "The Heiress of Lowwick",
      title: { revealedBy: null, content: "IF: The Heiress of Lowwick" },
      group: "Side stories",
      collection: null,
      coveredBy: ["ss:if-heiress"],
    };
    const Stub = createRoutesStub([
      { path: "/", Component: () => <UpNext units={upNext([story])} onMarkRead={noop} /> },
    ]);
    const html = renderToStaticMarkup(<Stub />);
    expect(html.match(/Heiress of Lowwick/g)).toHaveLength(1);
    const list = renderToStaticMarkup(<UnitChecklist units={[story]} checked={[]} onChange={noop} />);
    expect(list.match(/Heiress of Lowwick/g)).toHaveLength(1);
  });

  it("tells a reader who has read everything", () => {
    expect(renderToStaticMarkup(<UpNext units={upNext([])} onMarkRead={noop} />)).toContain("You are all caught up.");
  });

  it("says when what comes next is out, with no way to mark it, to a reader who has had everything out", () => {
    const announced = (key: string, released: string): TrackerUnit => ({
      key,
      medium: "light_novels",
      position: 900,
      label: "Lanternfall 15",
      title: gated(null, ""),
      group: "Lanternfall",
      collection: "main",
      coveredBy: [key],
      released,
    });
    for (const [released, machine, shown] of [
      ["2027-03-25", "2027-03-25", "25 Mar 2027"],
      ["2027-03", "2027-03", "Mar 2027"],
      ["2027-Q2", "2027", "Apr–Jun 2027"],
      ["2027", "2027", "2027"],
    ] as const) {
      const Stub = createRoutesStub([
        {
          path: "/",
          Component: () => <UpNext units={upNext([], [], 0, [announced("ln:main-15", released)])} onMarkRead={noop} />,
        },
      ]);
      const html = renderToStaticMarkup(<Stub />);
      expect(html).toContain("You are all caught up with everything out so far.");
      expect(html).toContain("Not out yet");
      expect(html).toContain("Lanternfall 15");
      expect(html).toContain(`Out <time dateTime="${machine}">${shown}</time>`);
      expect(html).not.toContain("Mark as");
    }
  });
});

describe("UnitChecklist", () => {
  it("ticks what was read and points out what the reader has passed", () => {
    const stories = [
      {
        ...chapter("ss:a", "Festival night", null),
        medium: "side_stories" as const,
        label: "Festival night",
        position: 2,
      },
      { ...chapter("ss:b", "Winter letters", null), medium: "side_stories" as const, position: 3 },
      { ...chapter("ss:c", "Later still", null), medium: "side_stories" as const, position: 9 },
    ];
    const html = renderToStaticMarkup(
      <UnitChecklist units={stories} checked={["ss:a"]} suggestedBefore={4} onChange={noop} />,
    );
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html.match(/Your place in the story is past where it fits/g)).toHaveLength(1);
    expect(html).toContain("Arc 1 · ss:b · Your place in the story is past where it fits");
  });

  it("names a short beyond the reader's progress by its label only, unless the reader ticked it", () => {
    const shorts = [
      {
        ...chapter("bt:1-1", "Snack time", "bt:1-1 anime:1-1"),
        medium: "break_time" as const,
        label: "Break Time 1-1",
      },
      {
        ...chapter("bt:1-2", "Who ate the night", "bt:1-2 anime:1-1"),
        medium: "break_time" as const,
        label: "Break Time 1-2",
      },
    ];
    const html = renderToStaticMarkup(<UnitChecklist units={shorts} checked={["bt:1-1"]} onChange={noop} />);
    expect(html).toContain("Snack time");
    expect(html).not.toContain("Who ate the night");
    expect(html).toContain("Break Time 1-2");
  });

  it("names a ticked short by its label while its title has not arrived (the response left it out)", () => {
    const sealed = {
      ...chapter("bt:1-3", "", null),
      medium: "break_time" as const,
      label: "Break Time 1-3",
      title: { revealedBy: ["bt:1-3", "anime:1-2"], content: null },
    };
    const html = renderToStaticMarkup(<UnitChecklist units={[sealed]} checked={["bt:1-3"]} onChange={noop} />);
    expect(html).toContain(">Break Time 1-3</span>");
  });
});

describe("CrossingOffers", () => {
  // Links warn that their layout effect does nothing on the server; that is expected here.
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  const episode: TrackerUnit = {
    ...chapter("anime:1-12", "Moths at Dawn", null),
    medium: "anime",
    label: "Season 1 · Episode 12",
    group: "Season 1",
  };
  const volume = (key: string, label: string): TrackerUnit => ({
    ...chapter(key, label, null),
    medium: "light_novels",
    label,
    group: "Lanternfall",
    collection: "main",
  });
  const webNovel: Crossing["to"] = { medium: "web_novel", collection: null, name: "the web novel" };
  const offer = (
    skipped: TrackerUnit[],
    to: Crossing["to"],
    start: TrackerUnit,
    { from = episode, partway = null }: { from?: TrackerUnit; partway?: TrackerUnit | null } = {},
  ) => {
    const crossing: Crossing = {
      from,
      to,
      start,
      skipped,
      sideStories: [],
      progress: emptyProgress,
      partway,
    };
    const Stub = createRoutesStub([
      { path: "/", Component: () => <CrossingOffers crossings={[crossing]} onCross={noop} /> },
    ]);
    return renderToStaticMarkup(<Stub />)
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ");
  };

  it("says one skipped unit stays unread in the singular, several in the plural", () => {
    const one = offer([units[1]!], webNovel, units[0]!);
    expect(one).toContain("The anime left out 1 chapter on the way:");
    expect(one).toContain("It stays unread, and what it reveals stays hidden, until you mark it read.");
    expect(offer(units, webNovel, units[0]!)).toContain(
      "They stay unread, and what they reveal stays hidden, until you mark them read.",
    );
  });

  it("links each unit it passes over to its page, where the reader can read it", () => {
    const crossing: Crossing = {
      from: episode,
      to: webNovel,
      start: units[0]!,
      skipped: [units[1]!],
      sideStories: [],
      progress: emptyProgress,
      partway: null,
    };
    const Stub = createRoutesStub([
      { path: "/", Component: () => <CrossingOffers crossings={[crossing]} onCross={noop} /> },
    ]);
    const html = renderToStaticMarkup(<Stub />).replace(/&amp;/g, "&");
    expect(html).toContain(`href="${unitPath(units[1]!.key)}"`);
  });

  it("says where the reader is once above offers that come from one place, and in each offer otherwise", () => {
    const crossing = (from: TrackerUnit, to: Crossing["to"]): Crossing => ({
      from,
      to,
      start: units[0]!,
      skipped: [],
      sideStories: [],
      progress: emptyProgress,
      partway: null,
    });
    const books = { medium: "light_novels", collection: "main", name: "the Lanternfall light novels" } as const;
    const render = (crossings: Crossing[]) => {
      const Stub = createRoutesStub([
        { path: "/", Component: () => <CrossingOffers crossings={crossings} onCross={noop} /> },
      ]);
      return renderToStaticMarkup(<Stub />)
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
    };
    const where = "You have watched the anime up to Season 1 · Episode 12.";
    const shared = render([crossing(episode, webNovel), crossing(episode, books)]);
    expect(shared.split(where)).toHaveLength(2);
    expect(shared).toContain("Continue in the web novel from");
    expect(shared).toContain("Continue in the Lanternfall light novels from");
    const apart = render([
      crossing(episode, webNovel),
      crossing({ ...episode, key: "anime:1-13", label: "Season 1 · Episode 13" }, books),
    ]);
    expect(apart).toContain(`${where} Continue in the web novel from`);
    expect(apart).toContain(
      "You have watched the anime up to Season 1 · Episode 13. Continue in the Lanternfall light novels from",
    );
  });

  it("names the volumes a crossing into the light novels passes over by what the anime left out of them", () => {
    const html = offer(
      [volume("ln:main-4", "Lanternfall 4")],
      { medium: "light_novels", collection: "main", name: "Lanternfall" },
      volume("ln:main-5", "Lanternfall 5"),
    );
    expect(html).toContain("1 volume with chapters the anime left out, on the way:");
  });

  const mangaChapter = (key: string, number: number, volume: number, series = 1): TrackerUnit => ({
    ...chapter(key, `Manga ${series} · Chapter ${number}`, null),
    medium: "manga",
    label: `Manga ${series} · Chapter ${number}`,
    group: `Manga ${series}: Lanternfall: The Unburnt Wick`,
    mangaNumber: String(number),
    mangaVolume: volume,
  });
  const intoManga: Crossing["to"] = {
    medium: "manga",
    collection: "wick",
    name: "the manga (Manga 1: Lanternfall: The Unburnt Wick)",
  };
  /** The offer's first paragraph: where the reader is and where they would continue. */
  const lead = (html: string) => {
    const text = html.replace(/ \./g, ".");
    return text.slice(0, text.indexOf(".", text.indexOf("Continue in")) + 1).trim();
  };

  it("warns a manga reader whose place ends partway through the light novel volume they would start", () => {
    const start = volume("ln:main-2", "Lanternfall 2");
    const html = offer(
      [],
      { medium: "light_novels", collection: "main", name: "the Lanternfall light novels" },
      start,
      {
        from: mangaChapter("manga:wick-8", 7, 2),
        partway: start,
      },
    );
    expect(lead(html)).toBe(
      "You have read the manga (Manga 1: Lanternfall: The Unburnt Wick) up to Chapter 7. Continue in the Lanternfall light novels from Volume 2.",
    );
    expect(html).toContain(
      "You are partway through Lanternfall 2: the manga's Chapter 7 (manga volume 2) ends in it, so it starts with chapters you have already read.",
    );
  });

  it("names the series once, however the offer goes: into the manga, out of it, into the web novel or the light novels", () => {
    // Into the manga from the anime, starting partway through a chapter, with chapters passed over.
    const start = mangaChapter("manga:wick-9", 9, 2);
    const into = offer([mangaChapter("manga:wick-3", 3, 1)], intoManga, start, { partway: start });
    expect(lead(into)).toBe(
      "You have watched the anime up to Season 1 · Episode 12. Continue in the manga (Manga 1: Lanternfall: The Unburnt Wick) from Chapter 9.",
    );
    expect(into).toContain(
      "Chapter 9 starts before Season 1 · Episode 12 ends, so it begins with what you have already watched.",
    );
    expect(into).toContain("1 chapter on the way that the anime did not tell, or that only the manga has: Chapter 3 ·");
    // Out of the manga: into the web novel, and into the light novels past chapters the manga left out.
    const out = offer(
      [units[1]!],
      webNovel,
      { ...units[0]!, label: "Arc 1 · Chapter 8" },
      {
        from: mangaChapter("manga:wick-9", 9, 2),
      },
    );
    expect(lead(out)).toBe(
      "You have read the manga (Manga 1: Lanternfall: The Unburnt Wick) up to Chapter 9. Continue in the web novel from Arc 1 · Chapter 8.",
    );
    expect(out).toContain("1 chapter on the way that the manga did not tell:");
    const books = offer(
      [volume("ln:main-1", "Lanternfall 1")],
      { medium: "light_novels", collection: "main", name: "the Lanternfall light novels" },
      volume("ln:main-3", "Lanternfall 3"),
      { from: mangaChapter("manga:wick-20", 20, 4) },
    );
    expect(books).toContain("1 volume with chapters the manga left out, on the way:");
    // From one series of the manga into the next, each chapter with its series where both are spoken of.
    const next = mangaChapter("manga:tallow-1", 1, 1, 2);
    const onward = offer(
      [next],
      { ...intoManga, collection: "tallow", name: "the manga (Manga 2: Lanternfall: The Tallow Market)" },
      next,
      { from: mangaChapter("manga:wick-30", 30, 5), partway: next },
    );
    expect(lead(onward)).toBe(
      "You have read the manga (Manga 1: Lanternfall: The Unburnt Wick) up to Chapter 30. Continue in the manga (Manga 2: Lanternfall: The Tallow Market) from Chapter 1.",
    );
    expect(onward).toContain("1 chapter on the way that Manga 1 did not tell, or that only Manga 2 has:");
    expect(onward).toContain("Manga 2 · Chapter 1 starts before Manga 1 · Chapter 30 ends");
    for (const html of [into, out, books, onward]) {
      expect(lead(html).match(/Manga 1 ·|Manga 2 ·/g), lead(html)).toBeNull();
    }
  });
});
