import { describe, expect, it } from "vitest";
import { gated } from "../shield/gated";
import { labelsFound, numberedInGroup, pickerLabel, unitName, unitsFound, type TrackerUnit } from "./tracker-units";

const chapters = Array.from({ length: 20 }, (_, index) => `Arc 1 · Chapter ${index + 1}`).concat([
  "Arc 2 · Chapter 1 · Cinders",
  "Arc 2 · Chapter 1-A · Two roads",
  "Arc 2 · Chapter 2.5 · Interlude",
  "Arc 12 · Chapter 3",
]);
const found = (typed: string) => labelsFound(chapters, typed).map((index) => chapters[index]);

describe("labelsFound", () => {
  it("finds a chapter by its number, not the chapters whose numbers start with it", () => {
    expect(found("arc 1 chapter 1")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("Arc 2  ·  chapter 1")).toEqual(["Arc 2 · Chapter 1 · Cinders"]);
    expect(found("chapter 1")).toEqual(["Arc 1 · Chapter 1", "Arc 2 · Chapter 1 · Cinders"]);
    expect(found("arc 1 · chapter 2")).toEqual(["Arc 1 · Chapter 2"]);
  });

  it("finds numbered parts and interludes by their whole number", () => {
    expect(found("chapter 1-a")).toEqual(["Arc 2 · Chapter 1-A · Two roads"]);
    expect(found("chapter 2.5")).toEqual(["Arc 2 · Chapter 2.5 · Interlude"]);
    expect(found("arc 1")).toHaveLength(20);
    const split = ["Arc 3 · Chapter 45 (Part 1)", "Arc 3 · Chapter 45 (Part 2)", "Arc 3 · Chapter 46"];
    for (const typed of ["45 part 2", "chapter 45 (part 2)", "arc 3 45 part 2", "45(part 2)"])
      expect(labelsFound(split, typed), typed).toEqual([1]);
    expect(labelsFound(split, "45")).toEqual([0, 1]);
    // On the way to "part 2": the chapters with parts, not nothing.
    expect(labelsFound(split, "45 pa")).toEqual([0, 1]);
  });

  it("finds by part of a word when no label holds the words whole", () => {
    expect(found("cind")).toEqual(["Arc 2 · Chapter 1 · Cinders"]);
    expect(found("arc 1 chapter 1")).not.toContain("Arc 12 · Chapter 3");
    expect(found("interl")).toEqual(["Arc 2 · Chapter 2.5 · Interlude"]);
  });

  it("reads the words as a reader may type them", () => {
    expect(found("arc 1 chapter 1.")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("arc 1, chapter 1")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("arc 1 - chapter 1")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("arc 1 chapter 01")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("ａｒｃ １ ｃｈａｐｔｅｒ １")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("arc 1 ch 1")).toEqual(["Arc 1 · Chapter 1"]);
    expect(found("arc 1 ch.12")).toEqual(["Arc 1 · Chapter 12"]);
    expect(found("arc 2 chap 2.5")).toEqual(["Arc 2 · Chapter 2.5 · Interlude"]);
    const episodes = ["Season 1 · Episode 8", "Season 1 · Episode 18", "Season 2 · Episode 8"];
    expect(labelsFound(episodes, "season 1 ep8")).toEqual([0]);
    for (const typed of [
      "S1E8",
      "s01e08",
      "s1 e8",
      "s1 ep 8",
      "S1 Ep.8",
      "Ｓ１Ｅ８",
      "S1 Episode 8",
      "Season 1 E8",
      "S1-E8",
      "S1.E8",
    ])
      expect(labelsFound(episodes, typed), typed).toEqual([0]);
    expect(labelsFound(episodes, "s2e8")).toEqual([2]);
    for (const typed of ["1x8", "01x08", "１ｘ８"]) expect(labelsFound(episodes, typed), typed).toEqual([0]);
    // "s" alone is not a season: a title may hold it.
    expect(labelsFound(["Season 1 · Episode 8 · S8 Rising"], "s8")).toEqual([0]);
    expect(labelsFound(["Lanternfall 1", "Lanternfall 3 · Volume 3"], "vol 3")).toEqual([1]);
    // A number is never the end of another: 5 is not the 5 of 2.5.
    expect(found("chapter 5")).toEqual(["Arc 1 · Chapter 5"]);
    expect(found("chapter 2.5")).toEqual(["Arc 2 · Chapter 2.5 · Interlude"]);
    expect(found("5")).toEqual(["Arc 1 · Chapter 5"]);
  });

  it("finds a numbered part or a code however the dash is typed", () => {
    const labels = ["Arc 2 · Chapter 123", "Arc 2 · Chapter 123-A", "Arc 2 · Chapter EX-2", "Arc 2 · Chapter 124"];
    for (const typed of ["123a", "123 A", "123-A", "chapter 123a", "ch 123A", " 123 a "])
      expect(labelsFound(labels, typed), typed).toEqual([1]);
    for (const typed of ["ex2", "EX-2", "chapter ex2"]) expect(labelsFound(labels, typed), typed).toEqual([2]);
    expect(labelsFound(labels, "chapter 123")).toEqual([0]);
    expect(labelsFound(labels, "season 1 episode 4")).toEqual([]);
    // A title that starts with a letter alone stays a word of its own: chapter 1 is not "1a".
    const titled = ["Arc 1 · Chapter 1 · A New Dawn", "Arc 1 · Chapter 12 · Embers"];
    expect(labelsFound(titled, "chapter 1")).toEqual([0]);
    expect(labelsFound(titled, "1 a")).toEqual([0]);
    // Words on their way to a label still find it: "arc 2 c" is not chapter "2c".
    expect(labelsFound(labels, "arc 2 c")).toEqual([0, 1, 2, 3]);
    expect(labelsFound(["Season 1 · Episode 8"], "season 1 e")).toEqual([0]);
  });

  it("finds by the words in their order, with others between, where no label holds them as typed", () => {
    expect(found("arc 1 19")).toEqual(["Arc 1 · Chapter 19"]);
    expect(found("arc 12 3")).toEqual(["Arc 12 · Chapter 3"]);
    expect(found("arc 2 1")).toEqual(["Arc 2 · Chapter 1 · Cinders"]);
    expect(found("2 arc")).toEqual([]);
    expect(found("arc 3 1")).toEqual([]);
  });

  it("finds a number only whole, never inside another, even where no label holds it whole", () => {
    const episodes = ["Season 1 · Episode 10", "Season 2 · Episode 10"];
    expect(labelsFound(episodes, "0")).toEqual([]);
    expect(labelsFound([...episodes, "Season 3 · Episode 0"], "0")).toEqual([2]);
    const numbered = ["Arc 4 · Chapter 123", "Arc 4 · Chapter 12.5", "Arc 4 · Chapter 1-3"];
    for (const typed of ["12", "chapter 12", "23", "3", "2.5", "1"])
      expect(labelsFound(numbered, typed), typed).toEqual([]);
    expect(labelsFound(numbered, "123")).toEqual([0]);
    expect(labelsFound(numbered, "12.5")).toEqual([1]);
  });

  it("reads an episode typed as e13, and a season's as 1×13", () => {
    const episodes = ["Season 1 · Episode 8", "Season 1 · Episode 18", "Season 2 · Episode 8"];
    for (const typed of ["e8", "E8", "e 8", "e.8", "Ｅ８"]) expect(labelsFound(episodes, typed), typed).toEqual([0, 2]);
    for (const typed of ["1×8", "01×08"]) expect(labelsFound(episodes, typed), typed).toEqual([0]);
    // A word that starts with an e is not an episode.
    expect(labelsFound(["Arc 1 · Chapter 8 · Embers"], "em")).toEqual([0]);
  });

  it("finds by a letter alone every label that holds it, not only the numbers it ends", () => {
    expect(found("a")).toHaveLength(chapters.length);
  });

  it("finds nothing for words no label holds, or for none", () => {
    expect(found("keeper falls")).toEqual([]);
    expect(found("   ")).toEqual([]);
    expect(found("·")).toEqual([]);
  });
});

describe("unitName", () => {
  const volume = (key: string, label: string): TrackerUnit => ({
    key,
    medium: "light_novels",
    position: 1,
    label,
    title: gated(null, "A title"),
    group: "Lanternfall",
    collection: "main",
    coveredBy: [key],
  });

  it("names a light novel volume by the number it goes by within its collection", () => {
    expect(unitName(volume("ln:main-3", "Lanternfall 3"))).toBe("Volume 3");
    expect(unitName(volume("ln:main-8", "Lanternfall 7.5"))).toBe("Volume 7.5");
  });
});

/** A season's episode as the tracker lists it: in its place (`anime:1-13`), named by its label where it has one. */
const episode = (season: number, place: number, label = String(place)): TrackerUnit => ({
  key: `anime:${season}-${place}`,
  medium: "anime",
  position: season * 100 + place,
  label: `Season ${season} · Episode ${label}`,
  title: gated(null, `Title ${season}-${place}`),
  group: `Season ${season}`,
  collection: null,
  coveredBy: [`anime:${season}-${place}`],
});

describe("unitsFound", () => {
  // As the demo: season 1's recap, its 13th and last, goes by "12.5"; season 2 has an episode 13.
  const seasons = [
    ...Array.from({ length: 12 }, (_, index) => episode(1, index + 1)),
    episode(1, 13, "12.5"),
    ...Array.from({ length: 13 }, (_, index) => episode(2, index + 1)),
  ];
  const found = (typed: string, near = "", units = seasons) =>
    unitsFound(
      units,
      units.map((unit) => unit.label),
      typed,
      near,
    ).map(({ index, byPlace }) => `${units[index]!.key}${byPlace ? " by place" : ""}`);

  it("finds by a number both the episode named so and another season's episode in that place, named otherwise", () => {
    for (const typed of ["13", "episode 13", "ep 13", "Ep.13"])
      expect(found(typed), typed).toEqual(["anime:2-13", "anime:1-13 by place"]);
    // Looking at season 1, its episode comes first.
    expect(found("13", "Season 1")).toEqual(["anime:1-13 by place", "anime:2-13"]);
  });

  it("finds a season's episode by its place where the season names none so", () => {
    for (const typed of ["s1e13", "S1E13", "S01E13", "s1 ep13", "season 1 episode 13", "Season 1, Episode 13", "1x13"])
      expect(found(typed), typed).toEqual(["anime:1-13 by place"]);
    expect(found("s2e13")).toEqual(["anime:2-13"]);
    expect(found("s1e12.5")).toEqual(["anime:1-13"]);
    expect(found("12.5")).toEqual(["anime:1-13"]);
    expect(found("s1e14")).toEqual([]);
    for (const typed of ["1×13", "01×13", "１×１３"]) expect(found(typed), typed).toEqual(["anime:1-13 by place"]);
    for (const typed of ["e13", "E13", "e 13"])
      expect(found(typed), typed).toEqual(["anime:2-13", "anime:1-13 by place"]);
  });

  it("reads a season and its episode as viewers write them, and offers without setting it an episode written with a dash", () => {
    for (const typed of ["s2e3", "s2 e3", "S02E03", "S2 Ep 3", "2x03", "season 2 episode 3"])
      expect(found(typed), typed).toEqual(["anime:2-3"]);
    // "2-3" may be season 2's episode 3, or episodes 2 to 3: offered to choose, never set.
    for (const typed of ["2-3", "02-03"]) expect(found(typed), typed).toEqual(["anime:2-3 by place"]);
    expect(found("1-13")).toEqual(["anime:1-13 by place"]);
    expect(found("3-1")).toEqual([]);
    // An episode named so is found by its name, as typed.
    expect(found("2-3", "", [...seasons, episode(3, 1, "2-3")])).toEqual(["anime:3-1"]);
  });

  it("finds no episode by a number that is only part of its own", () => {
    expect(found("0")).toEqual([]);
    expect(found("3")).toEqual(["anime:1-3", "anime:2-3"]);
  });

  it("finds first the episode a season names so, and beside it the one in that place", () => {
    // A season that opens with a prologue "0": its episode 13 is its 14th, its 13th is named 12.
    const prologue = [
      episode(3, 1, "0"),
      ...Array.from({ length: 13 }, (_, index) => episode(3, index + 2, String(index + 1))),
    ];
    expect(found("s3e13", "", prologue)).toEqual(["anime:3-14", "anime:3-13 by place"]);
    expect(found("13", "", prologue)).toEqual(["anime:3-14", "anime:3-13 by place"]);
    expect(found("s3e0", "", prologue)).toEqual(["anime:3-1"]);
  });

  it("finds nothing by place in words that are not an episode's number, nor in other media", () => {
    expect(found("season 1")).not.toContain("anime:1-13 by place");
    expect(found("13 lanterns")).toEqual([]);
    const chapters = [0, 1, 2].map((place) => ({
      ...episode(1, place + 1, String(place)),
      key: `wn:1-${place + 1}`,
      medium: "web_novel" as const,
      label: `Arc 1 · Chapter ${place}`,
    }));
    expect(found("3", "", chapters)).toEqual([]);
  });
});

describe("numberedInGroup", () => {
  // As the demo: season 1's recap, its 13th and last, goes by "12.5"; season 2 has an episode 13.
  const seasons = [
    ...Array.from({ length: 12 }, (_, index) => episode(1, index + 1)),
    episode(1, 13, "12.5"),
    ...Array.from({ length: 13 }, (_, index) => episode(2, index + 1)),
  ];
  const named = (typed: string, near: string) => numberedInGroup(seasons, typed, near)?.key;

  it("is the unit of the group shown whose own name is the number typed alone", () => {
    expect(named("5", "Season 2")).toBe("anime:2-5");
    expect(named("5", "Season 1")).toBe("anime:1-5");
    expect(named("05", "Season 1")).toBe("anime:1-5");
    expect(named("12.5", "Season 1")).toBe("anime:1-13");
  });

  it("is none without a group shown, for more than a number, or for a number the group names nothing", () => {
    expect(named("5", "")).toBeUndefined();
    expect(named("episode 5", "Season 2")).toBeUndefined();
    expect(named("s2e5", "Season 2")).toBeUndefined();
    // Season 1's 13th goes by "12.5": found by place, offered, never set.
    expect(named("13", "Season 1")).toBeUndefined();
    expect(named("14", "Season 2")).toBeUndefined();
  });
});

describe("unitsFound on the web novel", () => {
  // An arc that opens with a prologue, numbered 1 on the serial site: its chapter 4 is the site's 5th.
  const entries: TrackerUnit[] = Array.from({ length: 12 }, (_, index) => {
    const label = index === 0 ? "Prologue" : `Chapter ${index}`;
    return {
      key: `wn:2-${index + 1}`,
      medium: "web_novel",
      position: 40 + index,
      label: `Arc 2 · ${label}`,
      title: gated(null, `Title ${index + 1}`),
      group: "Arc 2",
      collection: null,
      serialNumber: 40 + index,
      coveredBy: [`wn:2-${index + 1}`],
    };
  });
  const found = (typed: string, units = entries) =>
    unitsFound(
      units,
      units.map((unit) => unit.label),
      typed,
      "",
    ).map(({ index, byPlace }) => `${units[index]!.key}${byPlace ? " by place" : ""}`);

  it("finds an entry by its number on the serial site beside those named so, never as one of them", () => {
    for (const typed of ["45", "chapter 45", "ch 45", "#45", "045"])
      expect(found(typed), typed).toEqual(["wn:2-6 by place"]);
    // "5" names chapter 5; the site's 5th is in another arc, not listed here.
    expect(found("5")).toEqual(["wn:2-6"]);
    // Where the number names the entry itself, it is found once, by its name.
    const same = entries.map((unit, index) => ({ ...unit, serialNumber: index }));
    expect(found("5", same)).toEqual(["wn:2-6"]);
    expect(found("arc 2 45")).toEqual([]);
    expect(found("99")).toEqual([]);
  });

  it("finds first the entries a number names, then those of an arc it names", () => {
    const arcs: TrackerUnit[] = [1, 5].flatMap((arc) =>
      Array.from({ length: 6 }, (_, index) => ({
        ...entries[0]!,
        key: `wn:${arc}-${index + 1}`,
        label: `Arc ${arc} · Chapter ${index + 1}`,
        group: `Arc ${arc}`,
        serialNumber: undefined,
      })),
    );
    expect(found("5", arcs)).toEqual(["wn:1-5", "wn:5-5", "wn:5-1", "wn:5-2", "wn:5-3", "wn:5-4", "wn:5-6"]);
  });

  it("finds a chapter by its arc's number and its own, as fans write it and search reads it", () => {
    const chapter = (arc: number, place: number, name: string): TrackerUnit => ({
      ...entries[0]!,
      key: `wn:${arc}-${place}`,
      label: `Arc ${arc} · ${name}`,
      group: `Arc ${arc}`,
      serialNumber: undefined,
    });
    const arcs = [
      ...Array.from({ length: 12 }, (_, index) => chapter(3, index + 1, `Chapter ${index + 1}`)),
      chapter(3, 13, "Interlude 2"),
      chapter(4, 1, "Chapter 1-3"),
      chapter(7, 19, "Chapter 19"),
      chapter(7, 20, "Chapter 19-A"),
    ];
    for (const typed of ["3-12", "chapter 3-12", "Ch 3-12", "arc 3 ch 12", "Arc 3, Chapter 12", "３-１２"])
      expect(found(typed, arcs), typed).toEqual(["wn:3-12"]);
    expect(found("3-1", arcs)).toEqual(["wn:3-1"]);
    for (const typed of ["7-19-A", "7-19a", "7-19 A", "chapter 7-19-a"])
      expect(found(typed, arcs), typed).toEqual(["wn:7-20"]);
    expect(found("7-19", arcs)).toEqual(["wn:7-19"]);
    // An interlude is not numbered as a chapter; a chapter named "1-3" is found by that name, not as arc 1's.
    expect(found("3-13", arcs)).toEqual([]);
    expect(found("1-3", arcs)).toEqual(["wn:4-1"]);
    expect(found("4-1-3", arcs)).toEqual(["wn:4-1"]);
    // Not read as a season's episode among chapters.
    expect(found("2-3", arcs)).toEqual([]);
  });

  it("finds none by a serial number the pack does not give", () => {
    const unnumbered = entries.map(({ serialNumber: _serialNumber, ...unit }) => unit);
    expect(found("45", unnumbered)).toEqual([]);
  });
});

describe("pickerLabel", () => {
  it("says a season's episode's place beside its name where asked", () => {
    expect(pickerLabel(episode(1, 13, "12.5"), false, { withGroup: true, withPlace: true })).toBe(
      "Season 1 · Episode 12.5, the season's 13th",
    );
    expect(
      pickerLabel({ ...episode(1, 13, "12.5"), animeOriginal: true }, true, { withGroup: true, withPlace: true }),
    ).toBe("Season 1 · Episode 12.5 (anime-original), the season's 13th · Title 1-13");
    expect(pickerLabel(episode(1, 13, "12.5"), false, { withGroup: true })).toBe("Season 1 · Episode 12.5");
    // Where its name says its place, not twice.
    expect(pickerLabel(episode(2, 3), false, { withGroup: true, withPlace: true })).toBe("Season 2 · Episode 3");
  });

  it("says a web novel entry's number on the serial site beside its name where asked", () => {
    const entry: TrackerUnit = {
      ...episode(1, 1),
      key: "wn:2-24",
      medium: "web_novel",
      label: "Arc 2 · Chapter 24",
      group: "Arc 2",
      serialNumber: 57,
    };
    expect(pickerLabel(entry, true, { withGroup: true, withPlace: true })).toBe(
      "Arc 2 · Chapter 24, no. 57 on the serial site · Title 1-1",
    );
    expect(pickerLabel(entry, false, { withGroup: true })).toBe("Arc 2 · Chapter 24");
  });
});
