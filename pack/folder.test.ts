import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "./index";
import { loadPack } from "./folder";

const fixture = "tests/fixtures/packs/tiny";
const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the tiny pack with one file changed by `edit`. */
function packWith(file: string, edit: (json: any) => void) {
  const dir = mkdtempSync(join(tmpdir(), "pack-"));
  made.push(dir);
  cpSync(fixture, dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(dir, file), "utf8"));
  edit(json);
  writeFileSync(join(dir, file), JSON.stringify(json));
  return dir;
}

async function problemsOf(dir: string) {
  const { rows, problems } = await loadPack(dir, "tiny");
  expect(rows).toBeNull();
  return problems.map(formatProblem);
}

describe("loadPack", () => {
  it("accepts the tiny pack and places every unit on one timeline", async () => {
    const { rows, problems } = await loadPack(fixture, "tiny");
    expect(problems).toEqual([]);
    const position = (key: string) => rows!.story_units!.find((unit) => unit.key === key)?.position;
    expect(position("wn:1-3")).toBe(3);
    expect(position("ln:main-1")).toBe(3); // ends at the last chapter it adapts
    expect(position("ss:lamp-oil")).toBeCloseTo(2.01); // just after wn:1-2
    expect(position("ss:if-the-door")).toBeCloseTo(3.02); // after ln:ex-1, itself after ln:main-1
    expect(position("bt:1-1")).toBe(position("anime:1-1"));
    const secret = rows!.character_facts!.find((fact) => fact.label === "Secret");
    expect(secret?.reveal_position).toBe(3);
    const spoilerTitle = rows!.chapters!.find((chapter) => chapter.key === "wn:1-3");
    expect(spoilerTitle?.title_reveal_position).toBe(3);
    const character = rows!.search_entries!.find((entry) => entry.ref === "character:oren-vale");
    expect(character?.reveal_position).toBe(4); // first appears in wn:2-1
  });

  it("names the file and field of a date written in no form it reads", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].publishedOn = "Oct 2016"));
    expect(await problemsOf(dir)).toEqual([
      "web-novel.json › arcs[0].chapters[1].publishedOn: must be a date written YYYY-MM-DD, YYYY-MM or YYYY (leave it out when it is not known)",
    ]);
  });

  it("refuses a month that is not one, at a month's or a day's precision", async () => {
    const dir = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[0].releasedJp = "2016-13";
      json.collections[0].volumes[1].releasedJp = "2016-00-10";
    });
    expect(await problemsOf(dir)).toEqual([
      "light-novels.json › collections[0].volumes[0].releasedJp: 2016-13 has no month 13: a month is 01 to 12",
      "light-novels.json › collections[0].volumes[1].releasedJp: 2016-00-10 has no month 00: a month is 01 to 12",
    ]);
  });

  it("refuses a day its month does not have", async () => {
    const dir = packWith("anime.json", (json) => (json.seasons[0].episodes[0].airedOn = "2015-02-29"));
    expect(await problemsOf(dir)).toEqual([
      "anime.json › seasons[0].episodes[0].airedOn: 2015-02-29 is not a day: February 2015 has 28 days",
    ]);
  });

  it("refuses an English release surely before the Japanese one, at the precision each has", async () => {
    const dir = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[0].releasedJp = "2016-03";
      json.collections[0].volumes[0].releasedEn = "2016-02-28";
      // The same year cannot be told apart from a day in it: either could be first.
      json.collections[0].volumes[1].releasedJp = "2016";
      json.collections[0].volumes[1].releasedEn = "2016-01-05";
    });
    expect(await problemsOf(dir)).toEqual([
      "light-novels.json › collections[0].volumes[0].releasedEn: the English release (2016-02-28) cannot come before the Japanese one (2016-03)",
    ]);
  });

  it("accepts dates at a month's or a year's precision, dates and word counts left out, and no English edition stated", async () => {
    const web = packWith("web-novel.json", (json) => {
      json.arcs[0].chapters[0].publishedOn = "2015-01";
      json.arcs[0].chapters[1].publishedOn = "2015";
      delete json.arcs[0].chapters[2].publishedOn;
      delete json.arcs[0].chapters[2].wordCount;
    });
    const { rows, problems } = await loadPack(web, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.chapters.map((chapter) => [chapter.published_on, chapter.word_count])).toEqual([
      ["2015-01", 3000],
      ["2015", 4000],
      [null, null],
      ["2015-02-01", 4500],
      ["2015-02-08", 2500],
    ]);
    const books = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[1].releasedEn = null;
      delete json.collections[1].volumes[0].releasedJp;
    });
    const volumes = (await loadPack(books, "tiny")).rows!.ln_volumes;
    expect(volumes.map((volume) => [volume.released_jp, volume.released_en, volume.no_english_edition])).toEqual([
      ["2016-01-10", "2017-03-01", 0],
      ["2016-06-10", null, 1],
      [null, null, 0],
    ]);
  });

  it("refuses an empty label", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].label = " "));
    expect(await problemsOf(dir)).toEqual([
      "web-novel.json › arcs[0].chapters[1].label: must not be empty: leave label out where the series gives the entry no number",
    ]);
  });

  it("refuses a label too long to be a number", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].label = "The Hinge That Creaked"));
    expect(await problemsOf(dir)).toEqual([
      'web-novel.json › arcs[0].chapters[1].label: must be at most 20 characters: a label is the entry\'s number as the series writes it ("26", "123-A"), not its title',
    ]);
  });

  it("refuses a label that is not written as a number", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].label = "2 · B"));
    expect(await problemsOf(dir)).toEqual([
      'web-novel.json › arcs[0].chapters[1].label: must be the entry\'s number as the series writes it, letters, digits and dashes such as "26" or "123-A"',
    ]);
  });

  it("refuses two entries of an arc with one name, whether labelled or counted", async () => {
    const dir = packWith("web-novel.json", (json) => {
      json.arcs[0].chapters[1].label = "4";
      json.arcs[0].chapters[2].label = "4";
      // Arc 2's first chapter is counted as Chapter 1; its epilogue becomes a chapter labelled 1.
      json.arcs[1].chapters[1].kind = "chapter";
      json.arcs[1].chapters[1].label = "1";
    });
    expect(await problemsOf(dir)).toEqual([
      `web-novel.json › arcs[0].chapters[2].label: is named "Chapter 4" in arc 1, like arcs[0].chapters[1]: give each entry a label of its own (a chapter without one is numbered among the arc's chapters)`,
      `web-novel.json › arcs[1].chapters[1].label: is named "Chapter 1" in arc 2, like arcs[1].chapters[0]: give each entry a label of its own (a chapter without one is numbered among the arc's chapters)`,
    ]);
  });

  it("reports an unknown reference", async () => {
    const dir = packWith("characters.json", (json) => (json.characters[0].firstAppearances.webNovel = "wn:9-9"));
    expect(await problemsOf(dir)).toEqual([
      "characters.json › characters[0].firstAppearances.webNovel: points to wn:9-9, which does not exist",
    ]);
  });

  it("reports a revealAt that points nowhere", async () => {
    const dir = packWith("characters.json", (json) => (json.characters[0].facts[1].revealAt = "ss:no-such-story"));
    expect(await problemsOf(dir)).toEqual([
      "characters.json › characters[0].facts[1].revealAt: points to ss:no-such-story, which does not exist",
    ]);
  });

  it("names the character a text names before the reader meets them, and where they first appear", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].summary = "Mira opens the door to Oren."));
    expect(await problemsOf(dir)).toEqual([
      'web-novel.json › arcs[0].summary: names Oren Vale ("Oren") before the reader meets them: every reader sees it without having met Oren Vale, who first appears at wn:2-1',
    ]);
  });

  it("reports a duplicate slug", async () => {
    const dir = packWith("characters.json", (json) => (json.characters[1].slug = "mira-hale"));
    const problems = await problemsOf(dir);
    expect(problems).toContain('characters.json › characters[1].slug: the slug "mira-hale" is used twice');
  });

  it("reports a relationship to a character that does not exist", async () => {
    const dir = packWith("characters.json", (json) => (json.characters[0].relationships[0].to = "nobody"));
    expect(await problemsOf(dir)).toEqual([
      'characters.json › characters[0].relationships[0].to: points to the character "nobody", which does not exist',
    ]);
  });

  it("reports references of the wrong medium and ranges that run backwards", async () => {
    const dir = packWith("anime.json", (json) => {
      json.seasons[0].episodes[0].adapts = { from: "wn:1-2", to: "wn:1-1" };
      json.breakTime[0].accompanies = "wn:1-1";
    });
    expect(await problemsOf(dir)).toEqual([
      "anime.json › seasons[0].episodes[0].adapts: adapts runs backwards: wn:1-2 comes after wn:1-1",
      "anime.json › breakTime[0].accompanies: must point to an anime episode (anime:…), not wn:1-1",
    ]);
  });

  it("reports unknown fields, bad keys, missing images, bad JSON and missing files", async () => {
    const typo = packWith("side-stories.json", (json) => (json.sideStories[0].cannon = true));
    expect(await problemsOf(typo)).toEqual(['side-stories.json › sideStories[0]: Unrecognized key: "cannon"']);

    const badKey = packWith("side-stories.json", (json) => (json.sideStories[0].readAfter = "chapter 2"));
    expect((await problemsOf(badKey))[0]).toMatch(
      /^side-stories\.json › sideStories\[0\]\.readAfter: must be a unit key/,
    );

    const image = packWith(
      "characters.json",
      (json) => (json.characters[0].portrait.src = "images/portraits/missing.svg"),
    );
    expect(await problemsOf(image)).toEqual([
      "characters.json › characters[0].portrait.src: images/portraits/missing.svg is not in the pack",
    ]);

    const broken = packWith("anime.json", () => {});
    writeFileSync(join(broken, "anime.json"), "{ not json");
    rmSync(join(broken, "series.json"));
    const problems = await problemsOf(broken);
    expect(problems[0]).toBe("series.json: the file is missing");
    expect(problems[1]).toMatch(/^anime\.json: not valid JSON/);
  });
});
