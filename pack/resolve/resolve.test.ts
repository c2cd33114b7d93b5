import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";

function resolveTinyPack(change: (characters: any) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "characters.json") change(json);
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems };
  return resolvePack(parsed.pack, "tiny");
}

const resolveTiny = (change: (characters: any) => void) => resolveTinyPack(change).problems;

describe("relationships", () => {
  it("read from each side's own character: two characters cannot each be the other's mentor", () => {
    const problems = resolveTiny((json) => {
      const [first, second] = json.characters;
      first.relationships = [{ to: second.slug, kind: "mentor", description: "Her teacher." }];
      second.relationships = [{ to: first.slug, kind: "mentor", description: "His teacher." }];
    });
    expect(problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([expect.stringContaining("must list"), expect.stringContaining("as student, not mentor")]),
    );
  });

  it("accept a mentor on one side and a student on the other", () => {
    const problems = resolveTiny((json) => {
      const [first, second] = json.characters;
      first.relationships = [{ to: second.slug, kind: "mentor", description: "Her teacher." }];
      second.relationships = [{ to: first.slug, kind: "student", description: "His apprentice." }];
    });
    expect(problems).toEqual([]);
  });
});

describe("where each medium reveals something (revealIn)", () => {
  // In the tiny pack wn:1-3 is revealed by itself and ln:main-1; the anime skipped it.
  const secretFact = (revealIn: object) =>
    resolveTinyPack((json) => Object.assign(json.characters[0].facts[1], { revealIn }));
  const revealedBy = (revealIn: object) =>
    secretFact(revealIn).rows?.character_facts.find((fact) => fact.label === "Secret")?.revealed_by;

  it("replaces the medium's units in what the cross-media map derives, or takes them away (null)", () => {
    expect(revealedBy({})).toBe("wn:1-3 ln:main-1");
    // With the episode, the recut's episode that holds it (decision 45).
    expect(revealedBy({ anime: "anime:1-1" })).toBe("wn:1-3 ln:main-1 anime:1-1 anime:1r1-1");
    expect(revealedBy({ lightNovels: null })).toBe("wn:1-3");
    expect(revealedBy({ lightNovels: "ln:main-2", webNovel: "wn:2-1" })).toBe("wn:2-1 ln:main-2");
    expect(revealedBy({ webNovel: null, lightNovels: null })).toBe("");
  });

  it("must name a unit that exists, of its own medium, beside a revealAt; other keys are refused", () => {
    const problems = (revealIn: object, revealAt?: string) =>
      resolveTinyPack((json) =>
        Object.assign(json.characters[0].facts[revealAt ? 1 : 0], { revealIn }, revealAt && { revealAt }),
      ).problems.map(formatProblem);
    expect(problems({ anime: "wn:1-2" }, "wn:1-3")).toEqual([
      "characters.json › characters[0].facts[1].revealIn.anime: must point to an anime episode (anime:…), not wn:1-2",
    ]);
    expect(problems({ lightNovels: "ln:main-9" }, "wn:1-3")).toEqual([
      "characters.json › characters[0].facts[1].revealIn.lightNovels: points to ln:main-9, which does not exist",
    ]);
    expect(problems({ anime: "anime:1-1" })).toEqual([
      "characters.json › characters[0].facts[0].revealIn: needs a reveal point (revealAt): revealIn only says where a medium reveals it differently",
    ]);
    expect(problems({ manga: null }, "wn:1-3")).toEqual([
      'characters.json › characters[0].facts[1].revealIn: Unrecognized key: "manga"',
    ]);
  });
});

describe("an arc's totals (decision 51)", () => {
  function arcsOf(change: (webNovel: any) => void) {
    const parsed = parsePack((file) => {
      const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
      if (file === "web-novel.json") change(json);
      return { json };
    });
    return resolvePack(parsed.pack!, "tiny").rows!.arcs;
  }

  it("are counted from its chapters at import", () => {
    const [first, second] = arcsOf(() => {});
    expect(first).toMatchObject({
      chapter_count: 3,
      word_count: 12000,
      chapters_without_words: 0,
      chapters_undated: 0,
      started_on: "2015-01-01",
      ended_on: "2015-01-15",
    });
    expect(second).toMatchObject({ chapter_count: 2, word_count: 7000, started_on: "2015-02-01" });
  });

  it("say what they leave out: a chapter without a word count or a date; a date as precise as known", () => {
    const [first] = arcsOf((json) => {
      const [prologue, one, two] = json.arcs[0].chapters;
      delete prologue.wordCount;
      delete one.publishedOn;
      // A year sorts before every day in it, as SQLite's min orders text.
      two.publishedOn = "2014";
    });
    expect(first).toMatchObject({
      chapter_count: 3,
      word_count: 9000,
      chapters_without_words: 1,
      chapters_undated: 1,
      started_on: "2014",
      ended_on: "2015-01-01",
    });
  });
});

describe("the anime's platforms", () => {
  /** The tiny pack's problems (formatted) and series row with anime.json and its translation notes edited. */
  function resolveWith(platforms: unknown, notePlatform: string) {
    const parsed = parsePack((file) => {
      const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
      if (file === "anime.json") json.platforms = platforms;
      if (file === "mistranslations.json") json.anime[0].platform = notePlatform;
      return { json };
    });
    if (!parsed.pack) return { problems: parsed.problems.map(formatProblem), series: null };
    const { problems, rows } = resolvePack(parsed.pack, "tiny");
    return { problems: problems.map(formatProblem), series: rows.series[0] };
  }

  it("are stored for the report form, and a translation note names one of them or Other", () => {
    expect(resolveWith(["StreamCo", "Blu-ray"], "Blu-ray")).toMatchObject({
      problems: [],
      series: { anime_platforms: '["StreamCo","Blu-ray"]' },
    });
    expect(resolveWith(["StreamCo"], "Other").problems).toEqual([]);
    expect(resolveWith(["StreamCo"], "Prime Video").problems).toEqual([
      'mistranslations.json › anime[0].platform: Prime Video is not among anime.json platforms (StreamCo): list it there, or write "Other"',
    ]);
  });

  it("are each named once, not as Other, which the form offers itself", () => {
    expect(resolveWith(["StreamCo", "StreamCo"], "StreamCo").problems).toEqual([
      "anime.json › platforms: names a platform twice",
    ]);
    expect(resolveWith(["StreamCo", "Other"], "StreamCo").problems).toEqual([
      'anime.json › platforms: "Other" is offered by the form itself',
    ]);
  });
});
