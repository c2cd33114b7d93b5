import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, type PackFileName, parsePack, resolvePack } from "./index";

/** The tiny test pack with some of its files changed. */
function resolveTiny(changes: Partial<Record<PackFileName, (json: any) => void>>) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    changes[file]?.(json);
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

describe("external ids (where the series is listed on tracking services)", () => {
  it("become one row per id, naming the season, the collection, the manga series or the web novel", () => {
    const { rows, problems } = resolveTiny({});
    expect(problems).toEqual([]);
    expect(rows?.external_ids).toEqual([
      { service: "novelupdates", list: "series", external_id: "tiny-tale", medium: "web_novel", target: "" },
      { service: "myanimelist", list: "manga", external_id: "9900201", medium: "light_novels", target: "main" },
      {
        service: "novelupdates",
        list: "series",
        external_id: "tiny-tale-light-novel",
        medium: "light_novels",
        target: "main",
      },
      { service: "myanimelist", list: "anime", external_id: "9900101", medium: "anime", target: "1" },
      // A manga series' own entry on the manga list, by the series' code.
      { service: "myanimelist", list: "manga", external_id: "9900901", medium: "manga", target: "door" },
    ]);
  });

  it("refuse an id given to two things, naming both places", () => {
    const { problems } = resolveTiny({
      "light-novels.json": (json) => (json.collections[1].externalIds = { myAnimeList: 9900201 }),
      "web-novel.json": (json) => (json.externalIds = { novelUpdates: "tiny-tale-light-novel" }),
    });
    expect(problems).toEqual([
      "light-novels.json › collections[0].externalIds.novelUpdates: tiny-tale-light-novel is already the id of web-novel.json › externalIds.novelUpdates: each id names one season, special, collection, manga series or the web novel",
      "light-novels.json › collections[1].externalIds.myAnimeList: 9900201 is already the id of light-novels.json › collections[0].externalIds.myAnimeList: each id names one season, special, collection, manga series or the web novel",
    ]);
  });

  it("let an anime and a manga share a number: MyAnimeList numbers its two lists apart", () => {
    const { problems } = resolveTiny({
      "light-novels.json": (json) => (json.collections[1].externalIds = { myAnimeList: 9900101 }),
    });
    expect(problems).toEqual([]);
  });

  it("refuse ids that are not ids, and services or places that have none", () => {
    const { problems } = resolveTiny({
      "anime.json": (json) => (json.seasons[0].externalIds = { myAnimeList: "9900101", novelUpdates: "tiny" }),
      "light-novels.json": (json) =>
        (json.collections[0].externalIds = { myAnimeList: -3, novelUpdates: "Tiny Tale!" }),
      "side-stories.json": (json) => (json.sideStories[0].externalIds = { myAnimeList: 1 }),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "anime.json › seasons[0].externalIds.myAnimeList: must be a MyAnimeList id, a whole number such as 52991",
        'anime.json › seasons[0].externalIds: Unrecognized key: "novelUpdates"',
        "light-novels.json › collections[0].externalIds.novelUpdates: must be a Novel Updates series slug such as the-unburnt-wick",
        'side-stories.json › sideStories[0]: Unrecognized key: "externalIds"',
      ]),
    );
    expect(
      problems.some((problem) => problem.startsWith("light-novels.json › collections[0].externalIds.myAnimeList:")),
    ).toBe(true);
  });
});
