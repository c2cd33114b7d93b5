import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as mangaLoader } from "~/routes/manga";
import { loader as releasesLoader } from "~/routes/releases";
import { mangaVolumeLabel } from "~/lib/content/labels";
import { releaseId } from "~/lib/feeds/releases";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

/*
 * A manga volume's English edition (decision 74), on the tiny pack with a second series: door's volume 1
 * (out in Japan in May 2022) came out in English on 14 November 2023; hall's volume 1 has none yet (null);
 * of hall's volume 2 the pack says nothing. The page, the API's series and the releases (radar, feed,
 * calendar, API) say each as the pack does, and nothing of an edition it does not know about.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

beforeAll(() =>
  importTestPack("tiny", {
    edit: (files) => {
      files["manga.json"].series[0].volumes[0].releasedEn = "2023-11-14";
      files["manga.json"].series.push({
        code: "hall",
        title: "Tiny Tale: The Hall",
        volumes: [
          {
            number: 1,
            releasedOn: "2023-02-08",
            releasedEn: null,
            chapters: [{ number: 1, title: "Corridor", adapts: { chapters: [{ from: "wn:1-3", to: "wn:1-3" }] } }],
          },
          {
            number: 2,
            releasedOn: "2023-08-08",
            chapters: [{ number: 2, title: "Stairwell", adapts: { chapters: [{ from: "wn:2-1", to: "wn:2-2" }] } }],
          },
        ],
      });
    },
  }),
);
afterAll(() => importTestPack("tiny"));

/** A page's text as a reader reads it: its tags and React's markers left out, its spaces one. */
const textOf = async (path: string) =>
  (await (await fetchDeployed(path)).text())
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("a manga volume's English edition", () => {
  it("is on the manga page as the pack states it: a date, none yet, or nothing where it is not known", async () => {
    const door = await load(mangaLoader, "/manga?series=door");
    expect(door.selected!.volumes.map(({ releasedEn, noEnglishEdition }) => [releasedEn, noEnglishEdition])).toEqual([
      ["2023-11-14", false],
    ]);
    const hall = await load(mangaLoader, "/manga?series=hall");
    expect(hall.selected!.volumes.map(({ releasedEn, noEnglishEdition }) => [releasedEn, noEnglishEdition])).toEqual([
      [null, true],
      [null, false],
    ]);
    // The original and the English edition named by their languages, as a light novel volume's dates are.
    expect(await textOf("/manga?series=door")).toContain(
      "Volume 1 Japanese May 2022 · English 14 Nov 2023 · 2 chapters",
    );
    const hallPage = await textOf("/manga?series=hall");
    expect(hallPage).toContain("Volume 1 Japanese 8 Feb 2023 · No English edition yet · 1 chapter");
    // Of an edition the pack does not know about, nothing: the original's date alone.
    expect(hallPage).toContain("Volume 2 8 Aug 2023 · 1 chapter");
  });

  it("is in the API's series: its date, or whether the pack states there is none", async () => {
    const body = (await (await fetchDeployed("/api/v1/series")).json()) as {
      manga: { code: string; volumes: { number: number; released_en: string | null; no_english_edition: boolean }[] }[];
    };
    expect(
      body.manga.map((series) => [
        series.code,
        series.volumes.map(({ number, released_en, no_english_edition }) => [number, released_en, no_english_edition]),
      ]),
    ).toEqual([
      ["door", [[1, "2023-11-14", false]]],
      [
        "hall",
        [
          [1, null, true],
          [2, null, false],
        ],
      ],
    ]);
  });

  it("is a release of its own beside the original, on the radar, in the feed, the calendar and the API", async () => {
    const radar = await load(releasesLoader, "/releases?medium=manga");
    const volumes = [...radar.upcoming, ...radar.recent].filter((release) => release.volume !== null);
    expect(volumes.map((release) => [releaseId(release), release.label, release.releasedOn]).sort()).toEqual(
      [
        ["manga:door-1/volume", mangaVolumeLabel(1, 1), "2022-05"],
        ["manga:door-1/en", mangaVolumeLabel(1, 1), "2023-11-14"],
        ["manga:hall-1/volume", mangaVolumeLabel(2, 1), "2023-02-08"],
        ["manga:hall-2/volume", mangaVolumeLabel(2, 2), "2023-08-08"],
      ].sort(),
    );
    const feed = await (await fetchDeployed("/releases/manga/feed.xml")).text();
    expect(feed).toContain("release/manga:door-1/en</id>");
    expect(feed).toContain(`<title>Manga volume, English: ${mangaVolumeLabel(1, 1)}</title>`);
    const calendar = await (await fetchDeployed("/releases/calendar.ics")).text();
    expect(calendar).toContain(`SUMMARY:On sale in English: ${mangaVolumeLabel(1, 1)}`);
    expect(calendar).toContain("DTSTART;VALUE=DATE:20231114");
    const api = (await (await fetchDeployed("/api/v1/releases?medium=manga")).json()) as {
      recent: { items: { key: string; edition: string | null; volume: number | null; released_on: string }[] };
    };
    expect(api.recent.items).toContainEqual(
      expect.objectContaining({ key: "manga:door-1", edition: "en", volume: 1, released_on: "2023-11-14" }),
    );
    expect(api.recent.items.filter((item) => item.edition === "en")).toHaveLength(1);
  });
});
