import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";
import { knowledgeOfUnits, knows } from "../../app/lib/shield/knowledge";
import { readRevealers } from "../../app/lib/content/units";

/*
 * The manga (manga.json), checked on the tiny pack (chapters wn:1-1 to wn:1-3 and wn:2-1 to wn:2-2, the
 * side story ss:blog-1, and the manga series "door": chapter 1 adapting wn:1-1 to wn:1-2 and the
 * manga-original extra "1.5"): where each chapter is placed, what reveals it and what its readers know,
 * and each shape the check refuses, with the sentence it says.
 */

function resolveManga(change: (manga: any) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "manga.json") change(json);
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

const problemsOf = (change: (manga: any) => void) => resolveManga(change).problems;
type Rows = ReturnType<typeof resolveManga>["rows"];
const unitOf = (rows: Rows, key: string) => rows!.story_units.find((unit) => unit.key === key)!;
const revealers = (rows: Rows, key: string) => unitOf(rows, key).revealed_by.split(" ").sort();
/** The tiny series' first volume's chapters. */
const chaptersOf = (manga: any): any[] => manga.series[0].volumes[0].chapters;
/** A second series, "hall", of one volume with one chapter adapting the given ranges. */
const hall = (ranges: { from: string; to: string }[]) => ({
  code: "hall",
  title: "Tiny Tale: The Hall",
  volumes: [{ number: 1, chapters: [{ number: 1, title: "Corridor", adapts: { chapters: ranges } }] }],
});

describe("the manga", () => {
  it("makes each chapter a unit placed where the last chapter it adapts is, named by the series' own number", () => {
    const { rows, problems } = resolveManga(() => {});
    expect(problems).toEqual([]);
    expect(rows!.manga_series).toEqual([
      {
        code: "door",
        title: "Tiny Tale: The Door",
        original_title: null,
        title_revealed_by: null,
        sort_order: 0,
        artist: null,
        publisher: null,
      },
    ]);
    expect(rows!.manga_volumes).toEqual([
      {
        series_code: "door",
        number: 1,
        title: null,
        released_on: "2022-05",
        released_en: null,
        no_english_edition: 0,
        isbn: "978-4-04-000001-5",
      },
    ]);
    expect(
      rows!.manga_chapters.map(({ key, label, published_on, original }) => ({ key, label, published_on, original })),
    ).toEqual([
      { key: "manga:door-1", label: "1", published_on: null, original: null },
      { key: "manga:door-2", label: "1.5", published_on: null, original: "The manga's own page of the door's hinges." },
    ]);
    expect(unitOf(rows, "manga:door-1")).toMatchObject({
      medium: "manga",
      label: "Manga 1 · Chapter 1",
      position: unitOf(rows, "wn:1-2").position,
      path: "/manga?series=door#manga-door-1",
    });
    // The extra sits just after the chapter before it in its series.
    expect(unitOf(rows, "manga:door-2").label).toBe("Manga 1 · Chapter 1.5");
    expect(unitOf(rows, "manga:door-2").position).toBeGreaterThan(unitOf(rows, "manga:door-1").position);
  });

  it("counts a chapter without a label among those without one: an extra does not push the next chapter's number", () => {
    const { rows, problems } = resolveManga((manga) =>
      chaptersOf(manga).push({ number: 3, adapts: { chapters: [{ from: "wn:1-3", to: "wn:1-3" }] } }),
    );
    expect(problems).toEqual([]);
    expect(unitOf(rows, "manga:door-3").label).toBe("Manga 1 · Chapter 2");
  });

  it("reveals what is revealed at a chapter it adapts to its readers, and nothing a volume reaching it may tell earlier", () => {
    const { rows, problems } = resolveManga((manga) => manga.series.push(hall([{ from: "wn:1-3", to: "wn:1-3" }])));
    expect(problems).toEqual([]);
    // Revealed at wn:1-3 itself: the hall's first chapter adapts it.
    expect(revealers(rows, "wn:1-3")).toContain("manga:hall-1");
    expect(revealers(rows, "wn:1-2")).toContain("manga:door-1");
    expect(revealers(rows, "wn:1-2")).not.toContain("manga:hall-1");
    // A light novel volume reaching wn:1-3 may tell its reveal anywhere in it: not the manga reader's.
    const volume = rows!.story_units.find((unit) => unit.medium === "light_novels")!;
    expect(volume.revealed_by.split(" ")).not.toContain("manga:hall-1");
  });

  it("makes each series a line of its own: a reader of one knows nothing another series tells", () => {
    const { rows } = resolveManga((manga) => manga.series.push(hall([{ from: "wn:1-3", to: "wn:1-3" }])));
    const door = knowledgeOfUnits(["manga:door-2"]);
    const hallReader = knowledgeOfUnits(["manga:hall-1"]);
    const at = (key: string) => readRevealers(unitOf(rows, key).revealed_by);
    // Reading the extra, chapter 1.5, is reading chapter 1 before it.
    expect(knows(door, at("wn:1-1"))).toBe(true);
    expect(knows(door, at("wn:1-3"))).toBe(false);
    expect(knows(hallReader, at("wn:1-3"))).toBe(true);
    expect(knows(hallReader, at("wn:1-1"))).toBe(false);
    expect(knows(hallReader, at("manga:door-2"))).toBe(false);
  });

  it("reveals a side story it tells to its readers, and the chapter to the story's", () => {
    const { rows, problems } = resolveManga((manga) =>
      chaptersOf(manga).push({ number: 3, title: "Oil", adapts: { sideStories: ["ss:blog-1"] } }),
    );
    expect(problems).toEqual([]);
    expect(revealers(rows, "ss:blog-1")).toContain("manga:door-3");
    expect(revealers(rows, "manga:door-3")).toContain("ss:blog-1");
  });

  it("gates a flagged title behind what reveals the chapter, and a flagged series title behind its first chapter", () => {
    const { rows, problems } = resolveManga((manga) => {
      manga.series[0].title = "Tiny Tale: What the Hinge Hid";
      manga.series[0].titleIsSpoiler = true;
      chaptersOf(manga)[0].titleIsSpoiler = true;
    });
    expect(problems).toEqual([]);
    expect(rows!.manga_series[0]!.title_revealed_by).toBe(unitOf(rows, "manga:door-1").revealed_by);
    expect(rows!.manga_chapters[0]!.title_revealed_by).toBe(unitOf(rows, "manga:door-1").revealed_by);
    const entry = rows!.search_entries.find((row) => row.ref === "manga_chapter:manga:door-1")!;
    expect(entry.revealed_by).toBe(unitOf(rows, "manga:door-1").revealed_by);
    // The flagged series title is not what the entry's text says.
    expect(entry.body).toBe("Manga 1");
  });

  it("refuses a code that spells the series' flagged title: it is in every chapter's key and address", () => {
    expect(problemsOf((manga) => (manga.series[0].titleIsSpoiler = true))).toEqual([
      "manga.json › series[0].code: spells the series' title, which is flagged: choose a code of other words, such as the arc it adapts",
    ]);
    // Unflagged, the series' title is shown to everyone, and its code may spell it.
    expect(problemsOf(() => {})).toEqual([]);
  });

  it("keeps a volume's English edition as a light novel volume's: its date, none yet (null), or nothing known", () => {
    const english = (releasedEn: unknown) => {
      const { rows, problems } = resolveManga((manga) => (manga.series[0].volumes[0].releasedEn = releasedEn));
      expect(problems).toEqual([]);
      const [volume] = rows!.manga_volumes;
      return [volume!.released_en, volume!.no_english_edition];
    };
    expect(english("2023-11-14")).toEqual(["2023-11-14", 0]);
    expect(english("2023-Q4")).toEqual(["2023-Q4", 0]);
    expect(english(null)).toEqual([null, 1]);
    expect(english(undefined)).toEqual([null, 0]);
  });

  it("is optional: a pack without manga.json has no manga", () => {
    const parsed = parsePack((file) =>
      file === "manga.json"
        ? { problem: "the file is missing", missing: true }
        : { json: JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8")) },
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.pack!.manga).toEqual({ series: [] });
  });
});

describe("the check of the manga refuses", () => {
  const at = "manga.json › series[0].volumes[0].chapters";

  it("a chapter that adapts a chapter that does not exist", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[0].adapts.chapters[0].to = "wn:1-9"))).toContain(
      `${at}[0].adapts.chapters[0].to: points to wn:1-9, which does not exist`,
    );
  });

  it("a range that runs backwards", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[0].adapts.chapters = [{ from: "wn:1-2", to: "wn:1-1" }]))).toEqual([
      `${at}[0].adapts.chapters[0]: runs backwards: wn:1-2 comes after wn:1-1`,
    ]);
  });

  it("a range of another medium", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[0].adapts.chapters[0].from = "ss:blog-1"))).toContain(
      `${at}[0].adapts.chapters[0].from: must point to a web novel chapter (wn:…), not ss:blog-1`,
    );
  });

  it("a chapter number given twice", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[1].number = 1))).toContain(
      `${at}[1].number: chapter 1 of door appears twice: number chapters 1, 2, 3… through the series, extras too (give an extra its printed number as label)`,
    );
  });

  it("chapters not numbered 1, 2, 3… through the series", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[1].number = 5))).toEqual([
      `${at}[1].number: should be 2: chapters are numbered 1, 2, 3… through the series' volumes in order, extras too (give an extra its printed number as label)`,
    ]);
  });

  it("two chapters going by one number", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[1].label = "1"))).toEqual([
      `${at}[1].label: is numbered "1" in door, like series[0].volumes[0].chapters[0]: give each chapter a number of its own (a chapter without a label is counted among those without one)`,
    ]);
  });

  it("a volume with no chapters", () => {
    expect(problemsOf((manga) => manga.series[0].volumes.push({ number: 2, chapters: [] }))).toEqual([
      "manga.json › series[0].volumes[1].chapters: a volume needs at least one chapter: leave a volume out until its chapters are known",
    ]);
  });

  it("a series with no volumes", () => {
    expect(problemsOf((manga) => (manga.series[0].volumes = []))).toEqual([
      "manga.json › series[0].volumes: a manga series needs at least one volume",
    ]);
  });

  it("a volume number given twice", () => {
    expect(
      problemsOf((manga) =>
        manga.series[0].volumes.push({
          number: 1,
          chapters: [{ number: 3, adapts: { chapters: [{ from: "wn:1-3", to: "wn:1-3" }] } }],
        }),
      ),
    ).toEqual(["manga.json › series[0].volumes[1].number: volume 1 of door appears twice"]);
  });

  it("volumes out of order", () => {
    expect(
      problemsOf((manga) => {
        manga.series[0].volumes[0].number = 2;
        manga.series[0].volumes.push({
          number: 1,
          chapters: [{ number: 3, adapts: { chapters: [{ from: "wn:1-3", to: "wn:1-3" }] } }],
        });
      }),
    ).toEqual([
      "manga.json › series[0].volumes[1].number: volume 1 of door comes after volume 2: list volumes in order",
    ]);
  });

  it("a series code given twice", () => {
    expect(
      problemsOf((manga) => manga.series.push({ ...hall([{ from: "wn:1-3", to: "wn:1-3" }]), code: "door" })),
    ).toContain('manga.json › series[1].code: manga series "door" appears twice');
  });

  it("a chapter that neither adapts anything nor says what the manga made up", () => {
    expect(problemsOf((manga) => delete chaptersOf(manga)[1].original)).toEqual([
      `${at}[1].adapts: a manga chapter needs adapts (the web novel chapters or side stories it tells) or, if the manga made it up, original (a note on what it tells)`,
    ]);
  });

  it("a chapter that adapts chapters and calls itself manga-original", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[0].original = "Made up."))).toEqual([
      `${at}[0].original: a chapter that adapts chapters or side stories is not manga-original: leave original out`,
    ]);
  });

  it("adapts that name nothing", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[0].adapts = { chapters: [] }))).toEqual([
      `${at}[0].adapts: names nothing: give chapters (web novel ranges) or sideStories, or leave adapts out and say in original what the manga made up`,
    ]);
  });

  it("a manga-original chapter that opens its series", () => {
    expect(
      problemsOf((manga) =>
        chaptersOf(manga)
          .reverse()
          .forEach((chapter, i) => (chapter.number = i + 1)),
      ),
    ).toContain(
      `${at}[0].original: a manga-original chapter that opens its series has nothing to place it by: it needs a chapter before it in the series, or adapts`,
    );
  });

  it("a side story named twice", () => {
    expect(
      problemsOf(
        (manga) => (chaptersOf(manga)[1] = { number: 2, adapts: { sideStories: ["ss:blog-1", "ss:blog-1"] } }),
      ),
    ).toEqual([`${at}[1].adapts.sideStories[1]: names ss:blog-1 twice`]);
  });

  it("a flagged title the chapter does not have", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[1].titleIsSpoiler = true))).toEqual([
      `${at}[1].titleIsSpoiler: flags a title the chapter does not have: give title or leave titleIsSpoiler out`,
    ]);
  });

  it("an English edition before the original, named by the series' original language", () => {
    const volume = (manga: any) => manga.series[0].volumes[0];
    expect(problemsOf((manga) => (volume(manga).releasedEn = "2022-04-30"))).toEqual([
      "manga.json › series[0].volumes[0].releasedEn: the English release (2022-04-30) cannot come before the Japanese one (2022-05)",
    ]);
    // A day in the original's month, or a quarter holding it, may come after it.
    expect(problemsOf((manga) => (volume(manga).releasedEn = "2022-05-01"))).toEqual([]);
    expect(problemsOf((manga) => (volume(manga).releasedEn = "2022-Q2"))).toEqual([]);
  });

  it("an English date that is not a date", () => {
    expect(problemsOf((manga) => (manga.series[0].volumes[0].releasedEn = "2023-Q5"))).toEqual([
      "manga.json › series[0].volumes[0].releasedEn: 2023-Q5 has no quarter 5: a quarter is Q1 to Q4",
    ]);
  });

  it("a date that is not a date", () => {
    expect(problemsOf((manga) => (chaptersOf(manga)[0].publishedOn = "2021-13"))).toHaveLength(1);
  });

  it("an external id another series has", () => {
    expect(
      problemsOf((manga) =>
        manga.series.push({ ...hall([{ from: "wn:1-3", to: "wn:1-3" }]), externalIds: { myAnimeList: 9900901 } }),
      ),
    ).toEqual([
      "manga.json › series[1].externalIds.myAnimeList: 9900901 is already the id of manga.json › series[0].externalIds.myAnimeList: each id names one season, special, collection, manga series or the web novel",
    ]);
  });
});

describe("the spoiler lint of the manga", () => {
  it("refuses a chapter title every reader sees that names a secret", () => {
    const problems = problemsOf((manga) => (chaptersOf(manga)[0].title = "Who Built the Door"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^manga\.json › series\[0\]\.volumes\[0\]\.chapters\[0\]\.title: .*mira-built-the-door/,
    );
  });

  it("refuses what a manga-original chapter tells where its readers have not learnt the secret", () => {
    const problems = problemsOf((manga) => (chaptersOf(manga)[1].original = "Mira built the door, the extra says."));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^manga\.json › series\[0\]\.volumes\[0\]\.chapters\[1\]\.original: /);
  });
});
