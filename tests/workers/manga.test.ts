/**
 * The manga on the site, on the demo pack (decision 49): the series "wick" adapts arc 1 (its chapter 3's
 * title is flagged, its extra "6.5" is manga-original, its volume 2 ends partway through light novel
 * volume 2), "tallow" arc 2. The page, the API's units, the release radar and a chapter's discussion
 * thread, each as a manga reader and a visitor get them.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import { loader as mangaLoader } from "~/routes/manga";
import { loader as releasesLoader } from "~/routes/releases";
import { mangaVolumeLabel } from "~/lib/content/labels";
import { releasePath } from "~/lib/feeds/releases";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load, status } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let rows: PackRows;
let client = 0;

const chapter = (key: string) => rows.manga_chapters.find((row) => row.key === key)!;

/** A page or an API answer as the site serves it. */
async function fetched(path: string) {
  const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
  return fetchDeployed(path, { headers });
}

beforeAll(async () => {
  rows = await importTestPack("demo");
});

describe("the manga page", () => {
  it("lists every series and one series' volumes and chapters, public facts for everyone", async () => {
    const data = await load(mangaLoader, "/manga");
    expect(data.series.map((series) => [series.code, series.name, series.chapterCount, series.volumeCount])).toEqual([
      ["wick", "Manga 1", 10, 3],
      ["tallow", "Manga 2", 5, 2],
    ]);
    expect(data.selectedSeries).toBe("wick");
    // Who draws it and who publishes it, as the series credits them; what the pack does not say, nothing.
    expect(data.selected).toMatchObject({ artist: "Tomo Sakuraba", publisher: "Hearthlight Comics, Monthly Ember" });
    expect((await load(mangaLoader, "/manga?series=tallow")).selected).toMatchObject({
      artist: "Rin Okada",
      publisher: null,
    });
    const page = await (await fetched("/manga?series=tallow")).text();
    expect(page.replaceAll("<!-- -->", "")).toContain("Art by Rin Okada</p>");
    // A series' card runs from its first chapter in the magazine to its last volume, not from its first volume.
    expect(data.series[0]).toMatchObject({ firstReleased: chapter("manga:wick-1").published_on, lastReleased: "2020" });
    expect(chapter("manga:wick-1").published_on! < "2019-03-25").toBe(true);
    const volumes = data.selected!.volumes;
    expect(volumes.map((volume) => [volume.number, volume.releasedOn])).toEqual([
      [1, "2019-03-25"],
      [2, "2019-09"],
      [3, "2020"],
    ]);
    // Volume 2 adapts the end of light novel volume 1 and the start of volume 2.
    expect(volumes[1]!.lightNovels).toEqual([
      { volume: { key: "ln:main-1", label: "Lanternfall 1" }, fromItsStart: false, reachesItsEnd: true },
      { volume: { key: "ln:main-2", label: "Lanternfall 2" }, fromItsStart: true, reachesItsEnd: false },
    ]);
    const six = volumes[1]!.chapters.find((one) => one.key === "manga:wick-6")!;
    expect(six.adapts.chapters.map(({ from, to }) => [from.key, to.key])).toEqual([
      ["wn:1-16", "wn:1-17"],
      ["wn:1-19", "wn:1-19"],
    ]);
    const extra = volumes[1]!.chapters.find((one) => one.key === "manga:wick-7")!;
    expect(extra).toMatchObject({ number: "6.5", label: "Manga 1 · Chapter 6.5", publishedOn: null });
    // What the extra tells and the flagged title wait for a reader of the chapter.
    expect(extra.original?.content).toBeNull();
    expect(volumes[0]!.chapters[2]!.title?.content).toBeNull();
  });

  it("shows a reader of the series what they have read, and nothing of the chapters after", async () => {
    const data = await load(mangaLoader, "/manga?series=wick&reveal=manga:wick-7");
    const chapters = data.selected!.volumes.flatMap((volume) => volume.chapters);
    const of = (key: string) => chapters.find((one) => one.key === key)!;
    expect(of("manga:wick-3").title?.content).toEqual({ title: chapter("manga:wick-3").title });
    expect(of("manga:wick-7").original?.content).toBe(chapter("manga:wick-7").original);
    // Chapter 7's title (place 8) is unreached: it waits for the reader's choice of titles.
    expect(of("manga:wick-8").title?.content).toBeNull();
  });

  it("keeps a volume's title until the reader reaches its first chapter: on the page, in the API's series and on the radar", async () => {
    const title = "The Longest Crossing";
    const volumeThree = (data: Awaited<ReturnType<typeof load<typeof mangaLoader>>>) =>
      data.selected!.volumes.find((volume) => volume.number === 3)!.title?.content;
    expect(volumeThree(await load(mangaLoader, "/manga?series=wick"))).toBeNull();
    expect(volumeThree(await load(mangaLoader, "/manga?series=wick&reveal=manga:wick-8"))).toBeNull();
    expect(volumeThree(await load(mangaLoader, "/manga?series=wick&reveal=manga:wick-9"))).toBe(title);
    expect(await (await fetched("/manga?series=wick")).text()).not.toContain(title);
    const apiTitle = async (reveal: string) => {
      const body = (await (await fetched(`/api/v1/series${reveal}`)).json()) as {
        manga: { code: string; volumes: { number: number; title: string | null }[] }[];
      };
      return body.manga.find((series) => series.code === "wick")!.volumes.find((volume) => volume.number === 3)!.title;
    };
    expect(await apiTitle("")).toBeNull();
    expect(await apiTitle("?reveal=manga:wick-9")).toBe(title);
    const radar = async (reveal: string) => {
      const data = await load(releasesLoader, `/releases?medium=manga${reveal}`);
      return [...data.upcoming, ...data.recent].find((release) => release.volume === 3)!.title.content;
    };
    expect(await radar("")).toBeNull();
    expect(await radar("&reveal=manga:wick-9")).toBe(title);
  });

  it("answers a series that does not exist with the 404 that offers those there are", async () => {
    expect(await status(mangaLoader, "/manga?series=nothing")).toBe(404);
  });
});

describe("the manga elsewhere on the site", () => {
  it("is in the API's units, by its labels, titles gated", async () => {
    const response = await fetched("/api/v1/units?medium=manga&per_page=50");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { key: string; label: string; title: string | null }[] };
    expect(body.items.map((unit) => unit.key).sort()).toEqual(rows.manga_chapters.map((row) => row.key).sort());
    expect(body.items.find((unit) => unit.key === "manga:wick-7")?.label).toBe("Manga 1 · Chapter 6.5");
    expect(JSON.stringify(body)).not.toContain(chapter("manga:wick-3").title);
  });

  it("is in the release radar with its day-dated chapters", async () => {
    const data = await load(releasesLoader, "/releases?medium=manga&page=1");
    const keys = [...data.upcoming, ...data.recent].map((release) => release.key);
    expect(keys).toContain("manga:wick-1");
    // Known only to the month, or not at all: not on a radar that places days.
    expect(keys).not.toContain("manga:wick-7");
  });

  it("is in the release radar, its feed and the API with each dated volume beside its chapters, placed and linked by its first chapter", async () => {
    const data = await load(releasesLoader, "/releases?medium=manga&page=1");
    const volumes = [...data.upcoming, ...data.recent].filter((release) => release.volume !== null);
    // Every volume with a date, at its precision, and again in English where it has an English date (decision
    // 74); tallow's volume 2 has no date and is left off, wick's volume 3 has no English edition yet.
    expect(
      volumes
        .map((release) => [release.key, release.edition, release.volume, release.label, release.releasedOn])
        .sort(),
    ).toEqual(
      [
        ["manga:wick-1", null, 1, mangaVolumeLabel(1, 1), "2019-03-25"],
        ["manga:wick-1", "en", 1, mangaVolumeLabel(1, 1), "2020-06-16"],
        ["manga:wick-5", null, 2, mangaVolumeLabel(1, 2), "2019-09"],
        ["manga:wick-5", "en", 2, mangaVolumeLabel(1, 2), "2021-01-19"],
        ["manga:wick-9", null, 3, mangaVolumeLabel(1, 3), "2020"],
        ["manga:tallow-1", null, 1, mangaVolumeLabel(2, 1), "2021-02-10"],
        ["manga:tallow-1", "en", 1, mangaVolumeLabel(2, 1), "2022-Q2"],
      ].sort(),
    );
    expect(volumes.map((release) => releasePath(release))).toContain("/manga?series=wick#manga-wick-5");
    // A volume and its first chapter are two releases, told apart in the feed.
    const feed = await (await fetched("/releases/manga/feed.xml")).text();
    expect(feed).toContain("release/manga:wick-1/volume</id>");
    expect(feed).toContain("release/manga:wick-1/first</id>");
    expect(feed).toContain(`<title>Manga volume: ${mangaVolumeLabel(1, 1)}</title>`);
    const api = (await (await fetched("/api/v1/releases?medium=manga")).json()) as {
      recent: { items: { key: string; volume: number | null }[] };
    };
    expect(api.recent.items).toContainEqual(expect.objectContaining({ key: "manga:wick-1", volume: 1 }));
    expect(api.recent.items).toContainEqual(expect.objectContaining({ key: "manga:wick-1", volume: null }));
  });

  it("puts its volumes on the calendar with the light novels' and the episodes' dates, not its chapters", async () => {
    const ics = await (await fetched("/releases/calendar.ics")).text();
    expect(ics).toContain(`SUMMARY:On sale: ${mangaVolumeLabel(1, 1)}`);
    expect(ics).toContain("DTSTART;VALUE=DATE:20190325");
    expect(ics).toContain(`SUMMARY:On sale: ${mangaVolumeLabel(2, 1)}`);
    // Chapter 1 came out on 12 October 2018: a chapter, so not on the calendar.
    expect(ics).not.toContain("DTSTART;VALUE=DATE:20181012");
    expect(ics).not.toContain("Chapter");
  });

  it("gives each chapter a discussion thread", async () => {
    expect((await fetched("/discuss/manga:wick-7")).status).toBe(200);
  });
});

describe("the manga in the API's series", () => {
  it("lists each series with its volumes' chapters, a flagged title null for a requester who has not seen it", async () => {
    const response = await fetched("/api/v1/series");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      manga: {
        code: string;
        label: string;
        title: string | null;
        artist: string | null;
        publisher: string | null;
        volumes: { number: number; first_chapter: string; last_chapter: string }[];
      }[];
    };
    expect(
      body.manga.map((series) => [series.code, series.label, series.title, series.artist, series.publisher]),
    ).toEqual([
      ["wick", "Manga 1", "Lanternfall: The Unburnt Wick", "Tomo Sakuraba", "Hearthlight Comics, Monthly Ember"],
      ["tallow", "Manga 2", "Lanternfall: The Tallow Market", "Rin Okada", null],
    ]);
    expect(body.manga[0]!.volumes[1]).toMatchObject({
      number: 2,
      first_chapter: "manga:wick-5",
      last_chapter: "manga:wick-8",
    });
  });
});
