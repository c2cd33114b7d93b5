import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "./index";
import { loadPack } from "./folder";
import { knowledgeOfUnits, knows, readRevealers, type TitlesChoice } from "../app/lib/shield/knowledge";

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
    expect(position("ss:blog-1")).toBeCloseTo(2.01); // just after wn:1-2
    expect(position("ss:ex-1-if")).toBeCloseTo(3.02); // after ln:ex-1, itself after ln:main-1
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
      "web-novel.json › arcs[0].chapters[1].publishedOn: must be a date written YYYY-MM-DD, YYYY-MM, YYYY-Qn (a quarter) or YYYY (leave it out when it is not known)",
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

  it("refuses a place to find a side story at an address that is not https, or left since a date in no form it reads", async () => {
    const dir = packWith("side-stories.json", (json) => {
      json.sideStories[1].kind = "game_story";
      json.sideStories[1].foundIn = [
        { name: "The game", until: "March 2021" },
        { name: "A wiki", url: "http://tiny.example/wiki" },
        { name: " " },
      ];
    });
    expect(await problemsOf(dir)).toEqual([
      "side-stories.json › sideStories[1].foundIn[0].until: must be a date written YYYY-MM-DD, YYYY-MM, YYYY-Qn (a quarter) or YYYY (leave it out when it is not known)",
      "side-stories.json › sideStories[1].foundIn[1].url: must be an https:// URL",
      "side-stories.json › sideStories[1].foundIn[2].name: must not be empty",
    ]);
  });

  it("says in plain words that an episode's number counts places, so a recap's 12.5 is refused", async () => {
    const dir = packWith("anime.json", (json) => (json.seasons[0].episodes[0].number = 12.5));
    const problems = await problemsOf(dir);
    expect(problems).toContain(
      "anime.json › seasons[0].episodes[0].number: must be a whole number such as 12: it counts places in order (a series' own numbers, such as 12.5, go in a label where the pack has one)",
    );
    expect(problems.join("\n")).not.toContain("Invalid input");
  });

  it("keeps no original title that only repeats the title, as a pack that has only the Japanese gives it", async () => {
    const dir = packWith("web-novel.json", (json) => {
      json.arcs[0].title = "灯守りの少女";
      json.arcs[0].originalTitle = "灯守りの少女 ";
      json.arcs[1].originalTitle = "灯守り";
    });
    const { rows } = await loadPack(dir, "tiny");
    expect(rows!.arcs!.map((arc) => arc.original_title)).toEqual([null, "灯守り"]);
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

  it("accepts a date known to a quarter, stored as written, and refuses a quarter that is not one", async () => {
    const books = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[1].releasedJp = "2016-Q2";
      json.collections[0].volumes[1].releasedEn = "2017-Q1";
    });
    const { rows, problems } = await loadPack(books, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.ln_volumes.map((volume) => [volume.released_jp, volume.released_en])[1]).toEqual([
      "2016-Q2",
      "2017-Q1",
    ]);
    const wrong = packWith("anime.json", (json) => {
      json.seasons[0].episodes[0].airedOn = "2020-Q0";
      json.seasons[0].episodes[1].airedOn = "2020-Q5";
    });
    expect(await problemsOf(wrong)).toEqual([
      "anime.json › seasons[0].episodes[0].airedOn: 2020-Q0 has no quarter 0: a quarter is Q1 to Q4",
      "anime.json › seasons[0].episodes[1].airedOn: 2020-Q5 has no quarter 5: a quarter is Q1 to Q4",
    ]);
    // A quarter is compared by the days it can mean: an English edition within the Japanese quarter may be first.
    const early = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[0].releasedJp = "2016-Q2";
      json.collections[0].volumes[0].releasedEn = "2016-03-31";
      json.collections[0].volumes[1].releasedJp = "2016-Q2";
      json.collections[0].volumes[1].releasedEn = "2016-04-01";
    });
    expect(await problemsOf(early)).toEqual([
      "light-novels.json › collections[0].volumes[0].releasedEn: the English release (2016-03-31) cannot come before the Japanese one (2016-Q2)",
    ]);
  });

  it("refuses a site's short name a home screen would cut, and a name too long to head a page", async () => {
    const dir = packWith(
      "series.json",
      (json) => (json.site = { name: "N".repeat(61), shortName: "Lanternfall Notes" }),
    );
    expect(await problemsOf(dir)).toEqual([
      "series.json › site.name: must be at most 60 characters: it heads every page",
      "series.json › site.shortName: must be at most 12 characters: a home screen cuts a longer name under the app's icon",
    ]);
  });

  it("refuses an original language that is no language tag", async () => {
    const dir = packWith("series.json", (json) => (json.originalLanguage = "Korean"));
    expect(await problemsOf(dir)).toEqual([
      'series.json › originalLanguage: must be a language tag (BCP 47) such as "ja", "en", "pt-BR" or "zh-Hant"',
    ]);
  });

  it("refuses an original language that names none, or English, which the site translates into", async () => {
    for (const tag of ["und", "zxx", "mul", "qaa", "zzz"])
      expect(await problemsOf(packWith("series.json", (json) => (json.originalLanguage = tag))), tag).toEqual([
        'series.json › originalLanguage: must name the language the series was first written in, such as "ja", "ko" or "zh-Hans"',
      ]);
    expect(await problemsOf(packWith("series.json", (json) => (json.originalLanguage = "en-GB")))).toEqual([
      "series.json › originalLanguage: must be the language the series was first written in other than English: the site compares its original with the English translations",
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

  it("takes a label with a part in brackets, as a series writes a chapter it split", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].label = "123-A (Part 2)"));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(rows?.story_units.find((unit) => unit.key === "wn:1-2")?.label).toBe("Arc 1 · Chapter 123-A (Part 2)");
    for (const label of ["4)", "5 (((", "7 ()", "6 (Part 2) (x)", "(2)"]) {
      const odd = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].label = label));
      expect((await problemsOf(odd)).join(), label).toContain("at most one part in brackets");
    }
  });

  it('warns of a label that says its arc again, as fans write arc 3\'s 26th "3-26"', async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[1].chapters[0].label = "2-1"));
    const { problems, warnings } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(warnings.map(formatProblem)).toEqual([
      `web-novel.json › arcs[1].chapters[0].label: "2-1" says its arc again: it is shown as "Arc 2 · Chapter 2-1", and an entry after it without a label is counted on from 2; write "1" if that is the chapter's number within the arc`,
    ]);
    // A route's letter is no arc: "2-A" in arc 2 is left as it is.
    const route = packWith("web-novel.json", (json) => (json.arcs[1].chapters[0].label = "2-A"));
    expect((await loadPack(route, "tiny")).warnings).toEqual([]);
  });

  it("refuses a label that is not written as a number", async () => {
    const dir = packWith("web-novel.json", (json) => (json.arcs[0].chapters[1].label = "2 · B"));
    expect(await problemsOf(dir)).toEqual([
      'web-novel.json › arcs[0].chapters[1].label: must be the entry\'s number as the series writes it, letters, digits and dashes with at most one part in brackets at its end, such as "26", "123-A" or "45 (Part 2)"',
    ]);
  });

  it("refuses two entries with one serial number, and a number that is not a page's", async () => {
    const dir = packWith("web-novel.json", (json) => {
      json.arcs[0].chapters[0].serialNumber = 7;
      json.arcs[1].chapters[0].serialNumber = 7;
    });
    expect(await problemsOf(dir)).toEqual([
      "web-novel.json › arcs[1].chapters[0].serialNumber: 7 is also wn:1-1's: each entry has its own number on the serial site",
    ]);
    const zero = packWith("web-novel.json", (json) => (json.arcs[0].chapters[0].serialNumber = 0));
    expect(await problemsOf(zero)).toEqual([
      "web-novel.json › arcs[0].chapters[0].serialNumber: must be 1 or more: the entry's page number on the serial site",
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
      `web-novel.json › arcs[0].chapters[2].label: is named "Chapter 4" in arc 1, like arcs[0].chapters[1]: give each entry a label of its own (a chapter without one is counted on from the last label that starts with a number)`,
      `web-novel.json › arcs[1].chapters[1].label: is named "Chapter 1" in arc 2, like arcs[1].chapters[0]: give each entry a label of its own (a chapter without one is counted on from the last label that starts with a number)`,
    ]);
  });

  it("names a labelled volume by its label everywhere, and keeps its number as its place", async () => {
    const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[1].label = "1.5"));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    const volume = rows!.ln_volumes.find((each) => each.key === "ln:main-2");
    expect(volume).toMatchObject({ number: 2, label: "1.5" });
    expect(rows!.ln_volumes.find((each) => each.key === "ln:main-1")?.label).toBeNull();
    expect(rows!.story_units.find((unit) => unit.key === "ln:main-2")?.label).toBe("Tiny Tale 1.5");
    const entry = rows!.search_entries.find((each) => each.ref === "volume:ln:main-2");
    expect(entry).toMatchObject({ subtitle: "Tiny Tale 1.5" });
    expect(entry?.aliases.split(" ").slice(0, 2)).toEqual(["Volume", "1.5"]);
  });

  it("refuses a volume label that is empty, long or not written as a number", async () => {
    const cases: [string, string][] = [
      ["", "must not be empty: leave label out where the volume goes by its number"],
      [
        "Lamplit-Interval",
        'must be at most 12 characters: a label is the volume\'s number as the series writes it ("6.5", "EX"), not its title',
      ],
      [
        "7 5",
        'must be the volume\'s number as the series writes it, Latin letters and digits joined by dots or dashes, such as "6.5", "EX" or "0"',
      ],
      [
        "7.",
        'must be the volume\'s number as the series writes it, Latin letters and digits joined by dots or dashes, such as "6.5", "EX" or "0"',
      ],
      // Another way to write a number is another name for it, and one a search does not find.
      ...["２", "٢", "Ⅱ", "ㅤ"].map((label): [string, string] => [
        label,
        'must be the volume\'s number as the series writes it, Latin letters and digits joined by dots or dashes, such as "6.5", "EX" or "0"',
      ]),
      ["02", 'must write its numbers without leading zeros ("2", not "02"), as the volume numbers are'],
      ["1.05", 'must write its numbers without leading zeros ("2", not "02"), as the volume numbers are'],
    ];
    for (const [label, message] of cases) {
      const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[1].label = label));
      expect(await problemsOf(dir), label).toEqual([`light-novels.json › collections[0].volumes[1].label: ${message}`]);
    }
  });

  it("refuses two volumes of a collection with one name, whether labelled or numbered", async () => {
    const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[1].label = "1"));
    expect(await problemsOf(dir)).toEqual([
      `light-novels.json › collections[0].volumes[1].label: is named "Tiny Tale 1", like collections[0].volumes[0]: give each volume a number of its own within its collection, and no volume a collection's name (a volume without a label goes by its number)`,
    ]);
    const both = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[0].label = "sp";
      json.collections[0].volumes[1].label = "SP";
    });
    expect(await problemsOf(both)).toEqual([
      `light-novels.json › collections[0].volumes[1].label: is named "Tiny Tale SP", like collections[0].volumes[0]: give each volume a number of its own within its collection, and no volume a collection's name (a volume without a label goes by its number)`,
    ]);
    // Another collection may go by the same number.
    const other = packWith("light-novels.json", (json) => (json.collections[1].volumes[0].label = "2"));
    expect((await loadPack(other, "tiny")).problems).toEqual([]);
    // No volume goes by a collection's name: "Tiny Tale" labelled "EX" is the collection "Tiny Tale EX".
    const collection = packWith("light-novels.json", (json) => (json.collections[0].volumes[1].label = "ex"));
    expect(await problemsOf(collection)).toEqual([
      `light-novels.json › collections[0].volumes[1].label: is named "Tiny Tale ex", like collections[1].name: give each volume a number of its own within its collection, and no volume a collection's name (a volume without a label goes by its number)`,
    ]);
  });

  it("names a labelled episode by its label everywhere, and keeps its number as its place", async () => {
    const dir = packWith("anime.json", (json) => (json.seasons[0].episodes[1].label = "1.5"));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.anime_episodes.find((each) => each.key === "anime:1-2")).toMatchObject({ number: 2, label: "1.5" });
    expect(rows!.anime_episodes.find((each) => each.key === "anime:1-1")?.label).toBeNull();
    expect(rows!.story_units.find((unit) => unit.key === "anime:1-2")?.label).toBe("Season 1 · Episode 1.5");
    const entry = rows!.search_entries.find((each) => each.ref === "episode:anime:1-2");
    expect(entry).toMatchObject({ subtitle: "Season 1 · Episode 1.5" });
    expect(entry?.aliases).toContain("Season 1 · Episode 1.5");
    // A short that airs with a labelled episode says the number it goes by.
    const short = packWith("anime.json", (json) => {
      json.seasons[0].episodes[0].label = "0";
      json.seasons[0].episodes[1].label = "1";
    });
    const shortRows = (await loadPack(short, "tiny")).rows!;
    expect(shortRows.search_entries.find((each) => each.ref === "break_time:bt:1-1")?.subtitle).toBe(
      "Season 1 · Break Time 1, airs with episode 0",
    );
  });

  it("refuses an episode label that is empty, long, not written as a number or with leading zeros", async () => {
    const written =
      'must be the episode\'s number as the series writes it, Latin letters and digits joined by dots or dashes, such as "13.5", "0" or "SP1"';
    const cases: [string, string][] = [
      ["", "must not be empty: leave label out where the episode goes by its number"],
      [
        "Recap-Episode",
        'must be at most 12 characters: a label is the episode\'s number as the series writes it ("13.5", "SP1"), not its title',
      ],
      ["13 5", written],
      ["１３.５", written],
      ["013.5", 'must write its numbers without leading zeros ("2", not "02"), as the episode numbers are'],
    ];
    for (const [label, message] of cases) {
      const dir = packWith("anime.json", (json) => (json.seasons[0].episodes[1].label = label));
      expect(await problemsOf(dir), label).toEqual([`anime.json › seasons[0].episodes[1].label: ${message}`]);
    }
  });

  it("reads a pack without translation notes, or without a manga, as having none", async () => {
    const dir = packWith("series.json", () => {});
    rmSync(join(dir, "mistranslations.json"));
    rmSync(join(dir, "manga.json"));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.ln_mistakes).toEqual([]);
    expect(rows!.manga_series).toEqual([]);
  });

  it("refuses places with a gap: the arcs, an arc's entries, a collection's volumes, the seasons, a season's and a recut's episodes are 1, 2, 3…", async () => {
    // A pack filled in part (volumes 1–4, then 9) would page, count and go on wrongly: the series'
    // own numbers go in labels, the places stay whole.
    const chapters = packWith("web-novel.json", (json) => (json.arcs[1].chapters[1].ordinal = 4));
    expect(await problemsOf(chapters)).toContain(
      "web-novel.json › arcs[1].chapters[1].ordinal: arc 2 has no entry 2: ordinals are an arc's places in reading order, 1, 2, 3… with every kind counted (the series' own number goes in label)",
    );
    const volumes = packWith("light-novels.json", (json) => (json.collections[0].volumes[1].number = 9));
    expect(await problemsOf(volumes)).toContain(
      "light-novels.json › collections[0].volumes[1].number: Tiny Tale has no volume 2: a collection's volumes are numbered 1, 2, 3… by their places (the series' own number, such as 6.5, goes in label)",
    );
    const episodes = packWith("anime.json", (json) => (json.seasons[0].episodes[0].number = 3));
    expect(await problemsOf(episodes)).toContain(
      "anime.json › seasons[0].episodes[1].number: season 1 has no episode 1: a season's episodes are numbered 1, 2, 3… in airing order (the series' own number, such as 26 where it counts on from the season before, goes in label)",
    );
    const arcs = packWith("web-novel.json", (json) => (json.arcs[1].number = 3));
    expect(await problemsOf(arcs)).toContain(
      "web-novel.json › arcs[1].number: there is no arc 2: arcs are numbered 1, 2, 3… as the series numbers them, and a pack filled in part leaves out the last arcs, not one between others",
    );
    const seasons = packWith("anime.json", (json) => (json.seasons[0].number = 2));
    expect(await problemsOf(seasons)).toContain(
      "anime.json › seasons[0].number: there is no season 1: seasons are numbered 1, 2, 3… in airing order (a season's title says what the series calls it), and a pack filled in part leaves out the last seasons, not one between others",
    );
    const recut = packWith("anime.json", (json) => (json.seasons[0].recuts[0].episodes[1].number = 5));
    expect(await problemsOf(recut)).toContain(
      "anime.json › seasons[0].recuts[0].episodes[1].number: Tiny Tale: Recut has no episode 2: a recut's episodes are numbered 1, 2, 3… in airing order",
    );
  });

  it("refuses two episodes of a season with one name, whether labelled or numbered", async () => {
    const message = (name: string) =>
      `is named "${name}", like seasons[0].episodes[0]: give each episode of a season a number of its own (an episode without a label goes by its number)`;
    const dir = packWith("anime.json", (json) => (json.seasons[0].episodes[1].label = "1"));
    expect(await problemsOf(dir)).toEqual([
      `anime.json › seasons[0].episodes[1].label: ${message("Season 1 · Episode 1")}`,
    ]);
    const both = packWith("anime.json", (json) => {
      json.seasons[0].episodes[0].label = "sp1";
      json.seasons[0].episodes[1].label = "SP1";
    });
    expect(await problemsOf(both)).toEqual([
      `anime.json › seasons[0].episodes[1].label: ${message("Season 1 · Episode SP1")}`,
    ]);
    // An episode without a label goes by its number, which may be an earlier one's label.
    const numbered = packWith("anime.json", (json) => (json.seasons[0].episodes[0].label = "2"));
    expect(await problemsOf(numbered)).toEqual([
      `anime.json › seasons[0].episodes[1].number: ${message("Season 1 · Episode 2")}`,
    ]);
  });

  it("refuses an ISBN-13 whose check digit disagrees with its digits, giving the digit they make", async () => {
    const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[0].isbn = "978-4-04-000000-2"));
    expect(await problemsOf(dir)).toEqual([
      "light-novels.json › collections[0].volumes[0].isbn: 978-4-04-000000-2 has the wrong check digit: the digits before it give 8 (978-4-04-000000-8), so one of them or the last is mistyped",
    ]);
  });

  it("accepts an ISBN-10, X for ten, and refuses one whose check digit is wrong", async () => {
    const good = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[0].isbn = "0-8044-2957-X";
      json.collections[0].volumes[1].isbn = "0306406152";
    });
    expect((await loadPack(good, "tiny")).problems).toEqual([]);
    const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[0].isbn = "0-8044-2957-5"));
    expect(await problemsOf(dir)).toEqual([
      "light-novels.json › collections[0].volumes[0].isbn: 0-8044-2957-5 has the wrong check digit: the digits before it give X (0-8044-2957-X), so one of them or the last is mistyped",
    ]);
  });

  it("refuses an ISBN of neither form", async () => {
    const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[0].isbn = "977-4-04-000000-8"));
    expect(await problemsOf(dir)).toEqual([
      "light-novels.json › collections[0].volumes[0].isbn: must be an ISBN-13 such as 978-1-23456-789-7 or an ISBN-10 such as 1-23456-789-X",
    ]);
  });

  it("refuses a translation note on a volume that lists no chapters, rather than calling its place chapter 1", async () => {
    const dir = packWith("light-novels.json", (json) => (json.collections[0].volumes[1].chapters = []));
    expect(await problemsOf(dir)).toEqual([
      'mistranslations.json › lightNovel[2].chapter: ln:main-2 lists no chapters, so chapter 1 cannot be named as its book names it: list the volume\'s chapters in light-novels.json (an afterword as { "label": "Afterword" }) and give the passage\'s place in that list',
    ]);
  });

  it("refuses two translation notes whose ids would make the same link", async () => {
    // Two ids whose handles (entryHandle: what links and pages show of an id) are the same.
    const dir = packWith("mistranslations.json", (json) => {
      json.lightNovel[0].id = "main-1-p329599";
      json.lightNovel[1].id = "main-1-p532382";
    });
    expect(await problemsOf(dir)).toEqual([
      'mistranslations.json › lightNovel[1].id: the ids "main-1-p329599" and "main-1-p532382" would make the same link: give one another id',
    ]);
  });

  describe("light novel ranges", () => {
    const volumes = (edit: (volumes: any[], json: any) => void) =>
      packWith("light-novels.json", (json) => edit(json.collections[0].volumes, json));

    it("refuses a range that runs backwards", async () => {
      const dir = volumes((list) => (list[1].adapts = { from: "wn:2-2", to: "wn:2-1" }));
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[0].volumes[1].adapts: adapts runs backwards: wn:2-2 comes after wn:2-1",
      ]);
    });

    it("refuses a range that names a chapter the web novel does not have, once", async () => {
      const dir = volumes((list) => (list[1].adapts = { from: "wn:2-1", to: "wn:2-9" }));
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[0].volumes[1].adapts.to: points to wn:2-9, which does not exist",
      ]);
    });

    it("refuses a volume whose range overlaps the one before it, unless it says so", async () => {
      const dir = volumes((list) => (list[1].adapts = { from: "wn:1-3", to: "wn:2-2" }));
      expect(await problemsOf(dir)).toEqual([
        'light-novels.json › collections[0].volumes[1].adapts: adapts wn:1-3 to wn:2-2, which overlaps ln:main-1 (wn:1-1 to wn:1-3): they share wn:1-3, and a reader of ln:main-1 would be shown what the story reveals there. Correct the range, or, where the books really share these chapters (a chapter split between two volumes), say so with "overlapsPrevious": true on ln:main-2',
      ]);
    });

    it("refuses a volume that shares chapters with one before the volume before it", async () => {
      const dir = volumes((list) => {
        list[1].adapts = { from: "wn:2-1", to: "wn:2-1" };
        list.push({ number: 3, title: "The Stair", adapts: { from: "wn:1-2", to: "wn:1-2" } });
      });
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[0].volumes[2].adapts: adapts wn:1-2, which overlaps ln:main-1 (wn:1-1 to wn:1-3): they share wn:1-2, and a reader of ln:main-1 would be shown what the story reveals there. A volume may share chapters only with the one just before it",
      ]);
    });

    it("refuses a declared overlap that is no continuation of the volume before", async () => {
      const dir = volumes((list) => {
        list[1].adapts = { from: "wn:1-2", to: "wn:1-3" };
        list[1].overlapsPrevious = true;
      });
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[0].volumes[1].adapts: adapts wn:1-2 to wn:1-3, which is not a continuation of ln:main-1 (wn:1-1 to wn:1-3): a volume that shares chapters with the one before it begins after that volume's first chapter, at or before its last, and ends after its last",
      ]);
    });

    it("refuses an overlap declared where the volumes share no chapter", async () => {
      const dir = volumes((list) => (list[1].overlapsPrevious = true));
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[0].volumes[1].overlapsPrevious: ln:main-2 adapts wn:2-1 to wn:2-2 and shares no chapter with ln:main-1 (wn:1-1 to wn:1-3): leave overlapsPrevious out",
      ]);
    });

    it("refuses an overlap declared on a collection's first volume", async () => {
      const dir = volumes((list) => (list[0].overlapsPrevious = true));
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[0].volumes[0].overlapsPrevious: ln:main-1 is its collection's first volume that adapts the web novel, so it has no volume before it to share chapters with: leave overlapsPrevious out",
      ]);
    });

    it("refuses an overlap declared on a volume that adapts nothing", async () => {
      const dir = packWith("light-novels.json", (json) => (json.collections[1].volumes[0].overlapsPrevious = true));
      expect(await problemsOf(dir)).toEqual([
        "light-novels.json › collections[1].volumes[0].overlapsPrevious: ln:ex-1 adapts no web novel chapters, so it shares none with the volume before it: leave overlapsPrevious out",
      ]);
    });

    it("accepts a declared overlap, whose shared chapters only the later volume reveals", async () => {
      const dir = volumes((list) => {
        list[1].adapts = { from: "wn:1-3", to: "wn:2-2" };
        list[1].overlapsPrevious = true;
      });
      const { rows, problems } = await loadPack(dir, "tiny");
      expect(problems).toEqual([]);
      const revealedBy = (key: string) =>
        rows!.story_units
          .find((unit) => unit.key === key)!
          .revealed_by.split(" ")
          .filter((unit) => unit.startsWith("ln:"));
      // The split chapter is finished in ln:main-2: the reader of ln:main-1 has not read its end.
      expect(revealedBy("wn:1-3")).toEqual(["ln:main-2"]);
      expect(revealedBy("wn:1-2")).toEqual(["ln:main-1"]);
      // What ln:main-1 itself reveals still waits for wn:1-3 read to its end.
      expect(rows!.story_units.find((unit) => unit.key === "ln:main-1")!.revealed_by).toContain("wn:1-3");
    });

    it("accepts volumes of two collections that adapt the same chapters", async () => {
      const dir = volumes(
        (_, json) =>
          (json.collections[1].volumes[0] = { number: 1, title: "Again", adapts: { from: "wn:1-1", to: "wn:1-3" } }),
      );
      expect((await loadPack(dir, "tiny")).problems).toEqual([]);
    });
  });

  describe("an episode's light novel volumes", () => {
    it("are found from the volumes' ranges where the pack leaves them out", async () => {
      const dir = packWith(
        "anime.json",
        (json) => (json.seasons[0].episodes[1].adapts = { from: "wn:1-3", to: "wn:2-1" }),
      );
      const { rows, problems } = await loadPack(dir, "tiny");
      expect(problems).toEqual([]);
      expect(rows!.anime_episodes.map((episode) => [episode.key, JSON.parse(episode.volumes)])).toEqual([
        ["anime:1-1", ["ln:main-1"]],
        ["anime:1-2", ["ln:main-1", "ln:main-2"]],
      ]);
    });

    it("are refused where a list written by hand disagrees with the ranges, naming the volumes they give", async () => {
      const dir = packWith("anime.json", (json) => {
        json.seasons[0].episodes[0].volumes = ["ln:main-1", "ln:main-2"];
        json.seasons[0].episodes[1].volumes = [];
      });
      expect(await problemsOf(dir)).toEqual([
        "anime.json › seasons[0].episodes[0].volumes: lists ln:main-1 and ln:main-2, but the volumes' ranges give ln:main-1 for wn:1-1 to wn:1-2: leave volumes out and the list is made from the ranges, or correct the list or the range that is wrong",
        "anime.json › seasons[0].episodes[1].volumes: lists none, but the volumes' ranges give ln:main-2 for wn:2-1: leave volumes out and the list is made from the ranges, or correct the list or the range that is wrong",
      ]);
    });

    it("accept a list written by hand in another order, and keep it in story order", async () => {
      const dir = packWith("anime.json", (json) => {
        json.seasons[0].episodes[1].adapts = { from: "wn:1-3", to: "wn:2-1" };
        json.seasons[0].episodes[1].volumes = ["ln:main-2", "ln:main-1"];
      });
      const { rows, problems } = await loadPack(dir, "tiny");
      expect(problems).toEqual([]);
      expect(JSON.parse(rows!.anime_episodes[1]!.volumes)).toEqual(["ln:main-1", "ln:main-2"]);
    });
  });

  it("reports an unknown reference", async () => {
    const dir = packWith("characters.json", (json) => (json.characters[0].firstAppearances.webNovel = "wn:9-9"));
    expect(await problemsOf(dir)).toEqual([
      "characters.json › characters[0].firstAppearances.webNovel: points to wn:9-9, which does not exist",
    ]);
  });

  it("reports a first appearance that points nowhere once, not again for every text that names the character", async () => {
    const dir = packWith("characters.json", (json) => (json.characters[1].firstAppearances.webNovel = "wn:7-1"));
    expect(await problemsOf(dir)).toEqual([
      "characters.json › characters[1].firstAppearances.webNovel: points to wn:7-1, which does not exist",
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

describe("a volume's editions and illustrator", () => {
  const japanese = {
    language: "ja",
    publisher: "Hoshikuzu Bunko",
    releasedOn: "2016-01-10",
    isbn: "978-4-04-000000-8",
  };
  const english = { language: "en", publisher: "Cinderlight Press", releasedOn: "2017-03", isbn: "978-1-98765-101-0" };
  /** The tiny pack with the first volume's dates and ISBN given by its editions instead. */
  const withEditions = (...editions: object[]) =>
    packWith("light-novels.json", (json) => {
      const volume = json.collections[0].volumes[0];
      delete volume.releasedJp;
      delete volume.releasedEn;
      delete volume.isbn;
      volume.editions = editions;
    });

  it("dates a volume by its first edition in Japanese and in English where it writes no date of its own", async () => {
    const dir = withEditions(
      japanese,
      { ...english, title: "The Wick That Would Not Burn" },
      { ...english, publisher: "Moth Paperbacks", releasedOn: "2017-01-05", isbn: undefined },
    );
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    const volume = rows!.ln_volumes[0]!;
    expect([volume.released_jp, volume.released_en, volume.no_english_edition]).toEqual([
      "2016-01-10",
      "2017-01-05",
      0,
    ]);
    expect(JSON.parse(volume.editions)).toEqual([
      { ...japanese, title: null },
      { ...english, title: "The Wick That Would Not Burn" },
      { ...english, publisher: "Moth Paperbacks", releasedOn: "2017-01-05", isbn: null, title: null },
    ]);
    // An edition's ISBN and title find the volume in search, as its own ISBN does.
    const entry = rows!.search_entries.find((found) => found.ref === "volume:ln:main-1");
    expect(entry?.aliases).toContain("9781987651010");
    expect(entry?.aliases).toContain("The Wick That Would Not Burn");
  });

  it('reads a language tag in its usual spelling: a series in "jpn" is dated by its "ja" edition', async () => {
    const dir = withEditions(japanese, english);
    const series = JSON.parse(readFileSync(join(dir, "series.json"), "utf8"));
    writeFileSync(join(dir, "series.json"), JSON.stringify({ ...series, originalLanguage: "jpn" }));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.ln_volumes[0]!.released_jp).toBe(japanese.releasedOn);
  });

  it("dates a Korean series' volume by its first edition in Korean, and holds translations to it", async () => {
    const korean = { language: "ko", publisher: "Deungbul Books", releasedOn: "2015-11-02" };
    const dir = withEditions(japanese, korean, english);
    const series = JSON.parse(readFileSync(join(dir, "series.json"), "utf8"));
    writeFileSync(join(dir, "series.json"), JSON.stringify({ ...series, originalLanguage: "ko-KR" }));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.ln_volumes[0]!.released_jp).toBe("2015-11-02");

    writeFileSync(
      join(dir, "light-novels.json"),
      readFileSync(join(dir, "light-novels.json"), "utf8").replace('"2017-03"', '"2015-10"'),
    );
    expect(await problemsOf(dir)).toEqual([
      'light-novels.json › collections[0].volumes[0].editions[2].releasedOn: the "en" edition (2015-10) cannot come out before the Korean original (2015-11-02)',
    ]);
  });

  it("refuses an edition's ISBN whose check digit is wrong", async () => {
    expect(await problemsOf(withEditions(japanese, { ...english, isbn: "978-1-98765-101-1" }))).toEqual([
      "light-novels.json › collections[0].volumes[0].editions[1].isbn: 978-1-98765-101-1 has the wrong check digit: the digits before it give 0 (978-1-98765-101-0), so one of them or the last is mistyped",
    ]);
  });

  it("refuses two editions in one language from the same publisher", async () => {
    expect(await problemsOf(withEditions(japanese, english, { ...english, publisher: "cinderlight press" }))).toEqual([
      'light-novels.json › collections[0].volumes[0].editions[2].publisher: cinderlight press publishes the "en" edition twice (editions[1] and editions[2]): list each publisher\'s edition in a language once',
    ]);
  });

  it("refuses an edition out before the Japanese original, at the precision each has", async () => {
    expect(await problemsOf(withEditions(japanese, { ...english, releasedOn: "2015-12" }))).toEqual([
      'light-novels.json › collections[0].volumes[0].editions[1].releasedOn: the "en" edition (2015-12) cannot come out before the Japanese original (2016-01-10)',
    ]);
    // The same month as the original may be either side of it.
    expect((await loadPack(withEditions(japanese, { ...english, releasedOn: "2016-01" }), "tiny")).problems).toEqual(
      [],
    );
  });

  it("refuses a language written in no form of a language tag", async () => {
    expect(await problemsOf(withEditions(japanese, { ...english, language: "English" }))).toEqual([
      'light-novels.json › collections[0].volumes[0].editions[1].language: must be a language tag (BCP 47) such as "ja", "en", "pt-BR" or "zh-Hant"',
    ]);
    expect((await loadPack(withEditions(japanese, { ...english, language: "pt-BR" }), "tiny")).problems).toEqual([]);
  });

  it("refuses an English edition listed for a volume that states it has none", async () => {
    const dir = packWith("light-novels.json", (json) => {
      json.collections[0].volumes[1].releasedEn = null;
      json.collections[0].volumes[1].editions = [english];
    });
    expect(await problemsOf(dir)).toEqual([
      "light-novels.json › collections[0].volumes[1].releasedEn: is null, which says there is no English edition, but editions[0] is one: leave releasedEn out",
    ]);
  });

  it("gives each volume its own illustrator, else its collection's, else the series'", async () => {
    const series = packWith("series.json", (json) => (json.illustrator = "Chitose Mochizuki"));
    const dir = packWith("light-novels.json", (json) => {
      json.collections[1].illustrator = "Ren Amano";
      json.collections[0].volumes[1].illustrator = "Kaho Isurugi";
    });
    cpSync(join(series, "series.json"), join(dir, "series.json"));
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    expect(rows!.ln_volumes.map((volume) => [volume.key, volume.illustrator])).toEqual([
      ["ln:main-1", "Chitose Mochizuki"],
      ["ln:main-2", "Kaho Isurugi"],
      ["ln:ex-1", "Ren Amano"],
    ]);
  });
});

describe("a Break Time short's title", () => {
  /**
   * The tiny pack with its short's title not flagged: bt:1-1 aired with anime:1-1 (wn:1-1 to wn:1-2,
   * ln:main-1, held by anime:1r1-1, and adapted by the manga's manga:door-1).
   */
  const unflagged = () => packWith("anime.json", (json) => delete json.breakTime[0].titleIsSpoiler);

  it("not flagged, is found by whoever reached its episode's place (as a flagged one is revealed) or shows titles", async () => {
    const { rows, problems } = await loadPack(unflagged(), "tiny");
    expect(problems).toEqual([]);
    const short = rows!.break_time_episodes.find((row) => row.key === "bt:1-1")!;
    const unit = rows!.story_units.find((row) => row.key === "bt:1-1")!;
    const entry = rows!.search_entries.find((found) => found.ref === "break_time:bt:1-1")!;
    expect(short.title_revealed_by).toBeNull();
    expect(unit.title_reached_by.split(" ").sort()).toEqual([
      "anime:1-1",
      "anime:1r1-1",
      "bt:1-1",
      "ln:main-1",
      "manga:door-1",
      "wn:1-2",
    ]);
    // The short's own content stays with its viewers and its episode's.
    expect(rows!.story_units.find((unit) => unit.key === "bt:1-1")!.revealed_by).toBe("bt:1-1 anime:1-1");
    const found = (units: string[], titles?: TitlesChoice) =>
      knows({ ...knowledgeOfUnits(units), unreachedTitles: titles ?? "hide" }, readRevealers(entry.revealed_by));
    for (const units of [["bt:1-1"], ["anime:1-1"], ["anime:1r1-1"], ["wn:1-2"], ["ln:main-1"], ["manga:door-1"]])
      expect([units, found(units)]).toEqual([units, true]);
    expect(found(["wn:1-1"])).toBe(false);
    expect(found([], "show")).toBe(true);
  });

  it("flagged, waits for what reveals the short or its episode, not for the choice to see titles", async () => {
    const { rows, problems } = await loadPack(fixture, "tiny");
    expect(problems).toEqual([]);
    const short = rows!.break_time_episodes.find((row) => row.key === "bt:1-1")!;
    expect(short.title_revealed_by?.split(" ").sort()).toEqual([
      "anime:1-1",
      "anime:1r1-1",
      "bt:1-1",
      "ln:main-1",
      "wn:1-2",
    ]);
    // The manga's reader reached the episode's place, but what the episode reveals is not theirs (decision 49).
    expect(short.title_revealed_by).not.toContain("manga:");
    const entry = rows!.search_entries.find((found) => found.ref === "break_time:bt:1-1")!;
    expect(readRevealers(entry.revealed_by)).toEqual(readRevealers(short.title_revealed_by));
  });
});

describe("a Break Time short released on its own", () => {
  it("sits after where it is watched and is revealed by itself alone", async () => {
    const dir = packWith("anime.json", (json) =>
      json.breakTime.push({
        season: 1,
        number: 2,
        title: "Moth on Holiday",
        readAfter: "anime:1-2",
        titleIsSpoiler: true,
      }),
    );
    const { rows, problems } = await loadPack(dir, "tiny");
    expect(problems).toEqual([]);
    const short = rows!.break_time_episodes.find((row) => row.key === "bt:1-2")!;
    const episode = rows!.story_units.find((unit) => unit.key === "anime:1-2")!;
    expect(short.accompanies).toBeNull();
    expect(short.position).toBeCloseTo(episode.position + 0.01);
    expect(short.title_revealed_by).toBe("bt:1-2");
    const entry = rows!.search_entries.find((found) => found.ref === "break_time:bt:1-2");
    expect(entry?.subtitle).toBe("Season 1 · Break Time 2, released on its own");
  });

  it("needs the episode it aired with or where to watch it, not both", async () => {
    const neither = packWith("anime.json", (json) => delete json.breakTime[0].accompanies);
    expect(await problemsOf(neither)).toEqual([
      "anime.json › breakTime[0].accompanies: a short needs accompanies (the episode it aired with) or, if it aired with none, readAfter (where to watch it)",
    ]);
    const both = packWith("anime.json", (json) => (json.breakTime[0].readAfter = "anime:1-2"));
    expect(await problemsOf(both)).toEqual([
      "anime.json › breakTime[0].readAfter: a short that accompanies an episode is watched with it: leave readAfter out",
    ]);
  });
});
