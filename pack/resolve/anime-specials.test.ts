import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";

/*
 * OVAs, specials and films, checked on the tiny pack (chapters wn:1-1 to wn:1-3 and wn:2-1 to wn:2-2,
 * episodes anime:1-1 adapting wn:1-1 to wn:1-2 and anime:1-2 adapting wn:2-1, the side story
 * ss:blog-1 read after wn:1-2, and its film sp:film-1): where each is placed, what reveals it
 * and what it reveals, and each shape the check refuses, with the sentence it says.
 */

function resolveSpecials(change: (specials: any[]) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "anime.json") change(json.specials);
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

const problemsOf = (change: (specials: any[]) => void) => resolveSpecials(change).problems;
const unitOf = (rows: ReturnType<typeof resolveSpecials>["rows"], key: string) =>
  rows!.story_units.find((unit) => unit.key === key)!;
const revealers = (rows: ReturnType<typeof resolveSpecials>["rows"], key: string) =>
  unitOf(rows, key).revealed_by.split(" ").sort();

/** An anime-original OVA watched after the first episode. */
const originalOva = {
  slug: "ova-1",
  kind: "ova",
  title: "A Day Off at the Door",
  releasedOn: "2020-12",
  runtime: 25,
  externalIds: { myAnimeList: 9900190 },
  original: "Made up for the disc: the keepers take a day off.",
  watchAfter: "anime:1-1",
};

describe("OVAs, specials and films", () => {
  it("places a film that adapts a side story where the story is read, and shares what each reveals", () => {
    const { rows, problems } = resolveSpecials(() => {});
    expect(problems).toEqual([]);
    expect(rows!.anime_specials).toEqual([
      expect.objectContaining({
        slug: "film-1",
        key: "sp:film-1",
        kind: "film",
        released_on: "2021-07-16",
        runtime: 90,
        adapts_chapters: "[]",
        adapts_side_stories: '["ss:blog-1"]',
        original: null,
        watch_after: null,
        title_revealed_by: null,
      }),
    ]);
    expect(unitOf(rows, "sp:film-1")).toMatchObject({
      medium: "anime_specials",
      label: "Anime · Film",
      path: "/anime/specials?special=film-1#sp-film-1",
      position: unitOf(rows, "ss:blog-1").position,
    });
    // The film's viewers know what the story reveals, and its readers what the film shows; no episode does.
    expect(revealers(rows, "ss:blog-1")).toEqual(["sp:film-1", "ss:blog-1"]);
    expect(revealers(rows, "sp:film-1")).toEqual(["sp:film-1", "ss:blog-1"]);
    expect(revealers(rows, "wn:1-2")).not.toContain("sp:film-1");
    expect(rows!.search_entries.find((entry) => entry.ref === "anime_special:sp:film-1")).toMatchObject({
      kind: "anime_special",
      title: "Lamp Oil: The Film",
      subtitle: "Anime · Film",
      body: "",
      revealed_by: "sp:film-1 ss:blog-1 titles",
    });
  });

  it("places an anime-original OVA after the episode it is watched after, revealed to its own viewers only", () => {
    const { rows, problems } = resolveSpecials((specials) => specials.push(originalOva));
    expect(problems).toEqual([]);
    expect(unitOf(rows, "sp:ova-1").position).toBeCloseTo(unitOf(rows, "anime:1-1").position + 0.01);
    expect(unitOf(rows, "sp:ova-1").label).toBe("Anime · OVA");
    expect(revealers(rows, "sp:ova-1")).toEqual(["sp:ova-1"]);
    expect(rows!.story_units.filter((unit) => unit.revealed_by.split(" ").includes("sp:ova-1"))).toHaveLength(1);
    expect(rows!.external_ids).toContainEqual({
      service: "myanimelist",
      list: "anime",
      external_id: "9900190",
      medium: "anime_specials",
      target: "sp:ova-1",
    });
  });

  it("covers the chapters a special adapts as an episode does, in every range it gives", () => {
    const { rows, problems } = resolveSpecials((specials) =>
      specials.push({
        slug: "special-2",
        kind: "special",
        title: "Recap",
        releasedOn: "2021",
        adapts: {
          chapters: [
            { from: "wn:1-1", to: "wn:1-1" },
            { from: "wn:2-2", to: "wn:2-2" },
          ],
        },
      }),
    );
    expect(problems).toEqual([]);
    expect(unitOf(rows, "sp:special-2").position).toBe(unitOf(rows, "wn:2-2").position);
    expect(revealers(rows, "wn:1-1")).toContain("sp:special-2");
    expect(revealers(rows, "wn:2-2")).toContain("sp:special-2");
    // Not the chapters between its ranges.
    expect(revealers(rows, "wn:1-2")).not.toContain("sp:special-2");
    expect(revealers(rows, "wn:2-1")).not.toContain("sp:special-2");
    // Two specials of one kind are numbered in the pack's order.
    const { rows: two } = resolveSpecials((specials) =>
      specials.push({ ...originalOva }, { ...originalOva, slug: "b" }),
    );
    expect([unitOf(two, "sp:ova-1").label, unitOf(two, "sp:b").label]).toEqual(["Anime · OVA 1", "Anime · OVA 2"]);
  });

  it("gates a flagged title by what reveals the special itself", () => {
    const { rows } = resolveSpecials(([film]) => (film.titleIsSpoiler = true));
    expect(rows!.anime_specials[0]!.title_revealed_by).toBe("sp:film-1 ss:blog-1");
    expect(rows!.search_entries.find((entry) => entry.kind === "anime_special")!.revealed_by).toBe(
      "sp:film-1 ss:blog-1",
    );
  });

  it("refuses a film adapting a side story that does not exist, or a unit that is no side story", () => {
    expect(problemsOf(([film]) => (film.adapts.sideStories = ["ss:lamp-wick"]))).toEqual([
      "anime.json › specials[0].adapts.sideStories[0]: points to ss:lamp-wick, which does not exist",
    ]);
    expect(problemsOf(([film]) => (film.adapts.sideStories = ["wn:1-1"]))).toEqual([
      "anime.json › specials[0].adapts.sideStories[0]: must point to a side story (ss:…), not wn:1-1",
    ]);
  });

  it("refuses dates that are not dates and runtimes that are not runtimes", () => {
    expect(problemsOf(([film]) => (film.releasedOn = "2021-13"))).toEqual([
      expect.stringMatching(/^anime\.json › specials\[0\]\.releasedOn: /),
    ]);
    expect(problemsOf(([film]) => (film.releasedOn = "Summer 2021"))).toEqual([
      expect.stringMatching(/^anime\.json › specials\[0\]\.releasedOn: /),
    ]);
    expect(problemsOf(([film]) => (film.runtime = 0))).toEqual([
      expect.stringMatching(/^anime\.json › specials\[0\]\.runtime: /),
    ]);
  });

  it("refuses a special that says neither what it adapts nor that it is anime-original, or says both", () => {
    expect(problemsOf(([film]) => delete film.adapts)).toEqual([
      "anime.json › specials[0].adapts: a special needs adapts (the chapters or side stories it tells) or, if it is anime-original, original (a note on what it tells)",
      "anime.json › specials[0].watchAfter: an anime-original special needs watchAfter (the episode it is watched after): nothing else places it in the story",
    ]);
    expect(problemsOf(([film]) => (film.original = "Made up."))).toEqual([
      "anime.json › specials[0].original: a special that adapts chapters or side stories is not anime-original: leave original out",
    ]);
    expect(problemsOf(([film]) => (film.adapts = {}))).toEqual([
      "anime.json › specials[0].adapts: names nothing: give chapters (web novel ranges) or sideStories, or leave adapts out and say in original what the anime made up",
    ]);
  });

  it("refuses an anime-original special placed nowhere, or after something that is no episode", () => {
    const { watchAfter: _, ...unplaced } = originalOva;
    expect(problemsOf((specials) => specials.push(unplaced))).toEqual([
      "anime.json › specials[1].watchAfter: an anime-original special needs watchAfter (the episode it is watched after): nothing else places it in the story",
    ]);
    expect(problemsOf((specials) => specials.push({ ...originalOva, watchAfter: "wn:1-2" }))).toEqual([
      "anime.json › specials[1].watchAfter: must point to an anime episode (anime:…), not wn:1-2",
    ]);
    expect(problemsOf((specials) => specials.push({ ...originalOva, watchAfter: "anime:1-9" }))).toEqual([
      "anime.json › specials[1].watchAfter: points to anime:1-9, which does not exist",
    ]);
  });

  it("refuses a range that runs backwards, a slug given twice, an unknown kind and an id already used", () => {
    expect(
      problemsOf((specials) =>
        specials.push({
          ...originalOva,
          original: undefined,
          adapts: { chapters: [{ from: "wn:1-3", to: "wn:1-1" }] },
        }),
      ),
    ).toEqual(["anime.json › specials[1].adapts.chapters[0]: runs backwards: wn:1-3 comes after wn:1-1"]);
    expect(problemsOf((specials) => specials.push({ ...originalOva, slug: "film-1" }))).toEqual([
      "anime.json › specials[1].slug: sp:film-1 is defined twice",
    ]);
    // Flagged or not: any title is hidden from a viewer who has not reached the special (decision 39).
    for (const titleIsSpoiler of [true, false])
      expect(
        problemsOf((specials) => specials.push({ ...originalOva, slug: "a-day-off-at-the-door", titleIsSpoiler })),
      ).toEqual([
        "anime.json › specials[1].slug: spells the special's title, which is hidden from viewers who have not reached it: choose a slug of other words, such as its kind and number (ova-2, film-1)",
      ]);
    expect(problemsOf((specials) => specials.push({ ...originalOva, kind: "movie" }))).toEqual([
      expect.stringMatching(/^anime\.json › specials\[1\]\.kind: /),
    ]);
    expect(problemsOf((specials) => specials.push({ ...originalOva, externalIds: { myAnimeList: 9900101 } }))).toEqual([
      "anime.json › specials[1].externalIds.myAnimeList: 9900101 is already the id of anime.json › seasons[0].externalIds.myAnimeList: each id names one season, special, collection, manga series or the web novel",
    ]);
  });
});

describe("a special without a title (announced by its kind and number)", () => {
  const { rows, problems } = resolveSpecials((specials) => {
    delete specials[0].title;
  });

  it("imports, named by its place alone, and search finds it by its place, for everyone", () => {
    expect(problems).toEqual([]);
    expect(rows!.anime_specials[0]).toMatchObject({
      key: "sp:film-1",
      title: null,
      original_title: null,
      title_revealed_by: null,
    });
    // Every special has a place to be named by: its kind, numbered among its kind where there are several.
    expect(unitOf(rows, "sp:film-1").label).toBe("Anime · Film");
    expect(rows!.search_entries.find((entry) => entry.ref === "anime_special:sp:film-1")).toMatchObject({
      title: "Anime · Film",
      subtitle: "Anime · Film",
      original_title: null,
      aliases: "Anime · Film",
      body: "",
      revealed_by: null,
    });
  });

  it("may not flag a title it does not have, nor give an original without a title to read", () => {
    expect(
      problemsOf((specials) => {
        delete specials[0].title;
        specials[0].titleIsSpoiler = true;
      }),
    ).toEqual([expect.stringContaining("flags a title the special does not have")]);
    expect(
      problemsOf((specials) => {
        delete specials[0].title;
        specials[0].originalTitle = "ランプの油";
      }),
    ).toEqual([expect.stringContaining("needs a title readers can read too")]);
  });
});
