import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ExternalId } from "../../app/lib/progress/external-ids";
import { emptyProgress } from "../../app/lib/progress/record";
import type { TrackerUnit } from "../../app/lib/progress/tracker-units";
import { planServiceImport } from "../../app/lib/progress/service-import";
import { importRows, resolveTestPack, testPackRows } from "../support/packs";
import { fetchDeployed } from "../support/site";

type Timeline = { units: TrackerUnit[]; externalIds: ExternalId[] };

async function timeline(query = "") {
  const response = await fetchDeployed(`/resources/timeline${query}`);
  expect(response.status).toBe(200);
  return { response, body: (await response.json()) as Timeline };
}

const tinyExport = (episodes: number) =>
  `<?xml version="1.0" encoding="UTF-8" ?><myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>` +
  `<anime><series_animedb_id>9900101</series_animedb_id><series_title><![CDATA[Tiny Tale]]></series_title><my_watched_episodes>${episodes}</my_watched_episodes><my_status>Watching</my_status></anime>` +
  `<anime><series_animedb_id>1</series_animedb_id><my_watched_episodes>26</my_watched_episodes><my_status>Completed</my_status></anime></myanimelist>`;

describe("where the series is listed on tracking services", () => {
  it("are imported from the pack into external_ids", async () => {
    const { results } = await env.DB.prepare(
      "SELECT service, list, external_id, medium, target FROM external_ids ORDER BY service, list, external_id",
    ).all();
    expect(results).toEqual([
      { service: "myanimelist", list: "anime", external_id: "9900101", medium: "anime", target: "1" },
      { service: "myanimelist", list: "manga", external_id: "9900201", medium: "light_novels", target: "main" },
      // The manga series' own entry, by the series' code (decision 49).
      { service: "myanimelist", list: "manga", external_id: "9900901", medium: "manga", target: "door" },
      { service: "novelupdates", list: "series", external_id: "tiny-tale", medium: "web_novel", target: "" },
      {
        service: "novelupdates",
        list: "series",
        external_id: "tiny-tale-light-novel",
        medium: "light_novels",
        target: "main",
      },
    ]);
  });

  it("come with the tracker's timeline, the same for every reader, cacheable", async () => {
    const sealed = await timeline();
    const known = await timeline("?reveal=all");
    expect(sealed.response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(sealed.body.externalIds).toContainEqual({
      service: "myanimelist",
      list: "anime",
      id: "9900101",
      target: { medium: "anime", season: 1 },
    });
    expect(sealed.body.externalIds).toContainEqual({
      service: "novelupdates",
      list: "series",
      id: "tiny-tale",
      target: { medium: "web_novel" },
    });
    expect(known.body.externalIds).toEqual(sealed.body.externalIds);
    // One round trip for both: tests/workers/d1-round-trips.test.ts.
  });

  it("turn a MyAnimeList export into a preview against the real timeline, by labels only", async () => {
    const { body } = await timeline();
    const { preview, error } = planServiceImport(tinyExport(5), body.externalIds, body.units, emptyProgress);
    expect(error).toBeNull();
    // The tiny pack's season has two episodes: a list that counts further stops at the last.
    expect(preview?.imported.anime).toBe("anime:1-2");
    expect(preview?.changes).toEqual([{ medium: "Anime", place: "Season 1 · Episode 2", current: null }]);
    expect(preview?.otherEntries).toBe(1);
  });

  it("follow the pack when it is imported again: a changed id is updated, a removed one deleted", async () => {
    await importRows(
      testPackRows("tiny", {
        edit: (pack) => {
          pack["anime.json"].seasons[0].externalIds = { myAnimeList: 9900199 };
          delete pack["web-novel.json"].externalIds;
        },
      }),
    );
    const ids = async () =>
      (
        await env.DB.prepare("SELECT external_id FROM external_ids ORDER BY external_id").all<{ external_id: string }>()
      ).results.map((row) => row.external_id);
    expect(await ids()).toEqual(["9900199", "9900201", "9900901", "tiny-tale-light-novel"]);
    const { body } = await timeline();
    expect(planServiceImport(tinyExport(1), body.externalIds, body.units, emptyProgress).error).toMatch(
      /^This export has nothing for this series/,
    );

    await importRows(testPackRows("tiny"));
    expect(await ids()).toEqual(["9900101", "9900201", "9900901", "tiny-tale", "tiny-tale-light-novel"]);
  });

  it("refuse a pack that gives one id to two things, so nothing is imported", async () => {
    const { problems } = resolveTestPack("tiny", {
      edit: (pack) => (pack["light-novels.json"].collections[1].externalIds = { novelUpdates: "tiny-tale" }),
    });
    expect(problems).toEqual([
      {
        file: "light-novels.json",
        path: "collections[1].externalIds.novelUpdates",
        message:
          "tiny-tale is already the id of web-novel.json › externalIds.novelUpdates: each id names one season, special, collection, manga series or the web novel",
      },
    ]);
  });

  it("are valid in the demo pack", () => {
    const { rows, problems } = resolveTestPack("demo");
    expect(problems).toEqual([]);
    expect(
      rows.external_ids.map((row) => `${row.service}/${row.list}/${row.external_id} → ${row.medium} ${row.target}`),
    ).toEqual([
      "myanimelist/manga/9900200 → web_novel ",
      "novelupdates/series/lanternfall → web_novel ",
      "myanimelist/manga/9900201 → light_novels main",
      "novelupdates/series/lanternfall-light-novel → light_novels main",
      "myanimelist/manga/9900202 → light_novels ex",
      "myanimelist/anime/9900101 → anime 1",
      // The recut's own entry, numbering the recut's episodes (decision 45).
      "myanimelist/anime/9900104 → anime 1r1",
      "myanimelist/anime/9900102 → anime 2:1-7",
      "myanimelist/anime/9900103 → anime 2:8-13",
      // A film's and an OVA's own entries.
      "myanimelist/anime/9900150 → anime_specials sp:ova-1",
      "myanimelist/anime/9900151 → anime_specials sp:film-1",
      // Each manga series' own entry (decision 49).
      "myanimelist/manga/9900301 → manga wick",
      "myanimelist/manga/9900302 → manga tallow",
    ]);
  });
});
