/**
 * The list pages with the story told many times over (the bench's 10× content, in workerd): each page
 * carries at most its page size and says the right total, reads D1 once, and its hydration data holds
 * only what the page shows.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { roundTrips } from "~/server/d1-round-trips.server";
import { loader as charactersLoader } from "~/routes/characters";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as hubLoader } from "~/routes/translation-meta";
import { loader as animeMistakesLoader } from "~/routes/translation-meta.anime";
import { loader as sideStoriesLoader } from "~/routes/side-stories";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { loader as animeLoader } from "~/routes/anime";
import { loader as animeSpecialsLoader } from "~/routes/anime.specials";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { loader as lnIndexLoader } from "~/routes/translation-meta.ln";
import { loader as lnPageLoader } from "~/routes/translation-meta.ln-page";
import { loader as webNovelLoader } from "~/routes/web-novel";
import { loader as releasesLoader } from "~/routes/releases";
import { loader as statisticsLoader } from "~/routes/statistics";
import { releaseId, UPCOMING_LIMIT, UPCOMING_SHOWN } from "~/lib/feeds/releases";
import { importTestPack, testPackRows } from "../support/packs";
import { fetchSite } from "../support/site";
import {
  createLoadContext,
  type DataFunction,
  type LoaderData,
  pageOfKind,
  type ParamsOf,
  status,
  unwrap,
} from "../support/workers-context";

/** The tiny pack told this many times over: enough that every list runs past its first page. */
const SCALE = 30;

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

beforeAll(() => importTestPack("tiny", { scale: SCALE }));

/** Calls a loader as a page view does, and says how many D1 round trips it took. */
async function view<F extends DataFunction>(loader: F, path: string, params?: ParamsOf<F>) {
  const request = new Request(`https://companion.test${path}`);
  const context = createLoadContext(request, { ENVIRONMENT: "development", COUNT_D1_ROUND_TRIPS: "true" });
  const data = unwrap(
    await loader({
      request,
      url: new URL(request.url),
      params: (params ?? {}) as never,
      pattern: "",
      context,
    }),
  ) as LoaderData<F>;
  return { data, roundTrips: roundTrips(context.db) };
}

describe(`list pages at ${SCALE}× the tiny pack`, () => {
  it("light novels: twelve volumes a page by number, the collection's total, one round trip", async () => {
    const first = await view(lightNovelsLoader, "/light_novels?collection=main");
    expect(first.roundTrips).toBe(1);
    expect(first.data.volumes.map((volume) => volume.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(first.data.paging).toEqual({ page: 1, perPage: 12, total: 2 * SCALE, pageCount: 5 });
    // Coverage is the whole collection's, not this page's.
    const adaptedOnPage = first.data.volumes.reduce((sum, volume) => sum + (volume.adapts?.chapters ?? 0), 0);
    expect(first.data.adaptedChapters).toBeGreaterThan(adaptedOnPage);

    const last = await view(lightNovelsLoader, "/light_novels?collection=main&page=5");
    expect(last.data.volumes.map((volume) => volume.number)).toEqual([49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    expect(await status(lightNovelsLoader, "/light_novels?collection=main&page=6")).toBe(404);
  });

  it("anime mistakes, Break Time and side stories: one season or one page, with every season's count, one round trip", async () => {
    const mistakes = await view(animeMistakesLoader, "/translation_meta/anime_mistls");
    expect(mistakes.roundTrips).toBe(1);
    expect(mistakes.data.seasons.length).toBeGreaterThan(1);
    expect(
      new Set(mistakes.data.entries.map((entry) => entry.episode.medium === "anime" && entry.episode.season)),
    ).toEqual(new Set([mistakes.data.season]));
    const total = mistakes.data.seasons.reduce((sum, season) => sum + season.entries, 0);
    expect(mistakes.data.entries.length).toBe(
      mistakes.data.seasons.find((season) => season.number === mistakes.data.season)?.entries,
    );
    expect(mistakes.data.entries.length).toBeLessThan(total);

    const anime = await view(animeLoader, "/anime?season=2");
    expect(anime.roundTrips).toBe(1);
    expect(anime.data.seasons.length).toBeGreaterThan(2);
    expect(new Set(anime.data.episodes.map((episode) => episode.season))).toEqual(new Set([2]));
    expect(anime.data.episodes.length).toBe(anime.data.seasons.find((season) => season.number === 2)?.episodeCount);

    // The OVAs, specials and films are counted on /anime, and listed on a page of their own.
    expect(anime.data.specialCount).toBe(SCALE);
    expect(anime.data.seasonSpecials).toEqual([]);

    const shorts = await view(breakTimeLoader, "/break_time");
    expect(shorts.roundTrips).toBe(1);
    expect(shorts.data.seasons.length).toBeGreaterThan(1);
    expect(shorts.data.episodes.length).toBe(shorts.data.seasons[0]?.episodeCount);

    const stories = await view(sideStoriesLoader, "/side_stories");
    expect(stories.roundTrips).toBe(1);
    expect(stories.data.sideStories).toHaveLength(20);
    expect(stories.data.total).toBeGreaterThan(20);
  });

  it("OVAs, specials and films: ten a page in the pack's order, a special's address at its page, one round trip", async () => {
    const inOrder = [...testPackRows("tiny", { scale: SCALE }).anime_specials]
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((special) => special.key);
    const first = await view(animeSpecialsLoader, "/anime/specials");
    expect(first.roundTrips).toBe(1);
    expect(first.data.paging).toEqual({ page: 1, perPage: 10, total: SCALE, pageCount: 3 });
    expect(first.data.specials.map((special) => special.key)).toEqual(inOrder.slice(0, 10));

    // The address of the 25th (unitPath) opens the third page, which holds it.
    const slug = inOrder[24]!.slice("sp:".length);
    const held = await view(animeSpecialsLoader, `/anime/specials?special=${slug}`);
    expect(held.roundTrips).toBe(1);
    expect(held.data.paging.page).toBe(3);
    expect(held.data.specials.map((special) => special.key)).toEqual(inOrder.slice(20, 30));
    // A page asked for by number wins: the pager's links keep no `special`, but an address may.
    const second = await view(animeSpecialsLoader, `/anime/specials?special=${slug}&page=2`);
    expect(second.data.specials.map((special) => special.key)).toEqual(inOrder.slice(10, 20));

    expect(await status(animeSpecialsLoader, "/anime/specials?page=4")).toBe(404);
    expect(await status(animeSpecialsLoader, "/anime/specials?page=0")).toBe(404);
    expect(await status(animeSpecialsLoader, "/anime/specials?special=no-such-film")).toBe(404);
    expect(await status(animeSpecialsLoader, "/anime/specials?special=Not%20a%20slug")).toBe(404);
  });

  it("translation notes hub: the eight newest entries of both media, one round trip", async () => {
    const { data, roundTrips } = await view(hubLoader, "/translation_meta?reveal=all");
    expect(roundTrips).toBe(1);
    expect(data.newest).toHaveLength(8);
    const dates = data.newest.map((entry) => entry.content?.addedOn);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("light novel index: fifty volumes a page across collections, matches ten a page, each with its total", async () => {
    const first = await view(lnIndexLoader, "/translation_meta/ln_mistls");
    expect(first.roundTrips).toBe(1);
    expect(first.data.volumes).toHaveLength(50);
    expect(first.data.paging).toMatchObject({ total: 3 * SCALE, pageCount: 2 });
    const second = await view(lnIndexLoader, "/translation_meta/ln_mistls?page=2");
    expect(second.data.volumes).toHaveLength(3 * SCALE - 50);
    expect(new Set([...first.data.volumes, ...second.data.volumes].map((volume) => volume.key)).size).toBe(3 * SCALE);
    expect(await status(lnIndexLoader, "/translation_meta/ln_mistls?page=3")).toBe(404);

    // Every cycle keeps the entries' quoted lines, so each copy of the entry matches.
    const search = await view(lnIndexLoader, "/translation_meta/ln_mistls?q=twice&page=3&reveal=all");
    expect(search.roundTrips).toBe(1);
    expect(search.data.volumes).toEqual([]);
    expect(search.data.matches).toHaveLength(10);
    expect(search.data.paging).toEqual({ page: 3, perPage: 10, total: SCALE, pageCount: 3 });
    expect(await status(lnIndexLoader, "/translation_meta/ln_mistls?q=twice&page=4&reveal=all")).toBe(404);
  });

  it("a collection's page and a volume's page: a page of fifty, the total, one round trip", async () => {
    const collection = await view(lnPageLoader, "/translation_meta/ln_mistls/main?page=2", { slug: "main" });
    expect(collection.roundTrips).toBe(1);
    const page = pageOfKind(collection.data, "collection");
    expect(page.volumes.map((volume) => volume.number)).toEqual(Array.from({ length: 10 }, (_, index) => 51 + index));
    expect(page.paging).toMatchObject({ page: 2, total: 2 * SCALE, pageCount: 2 });

    const volume = await view(lnPageLoader, "/translation_meta/ln_mistls/main_v3", { slug: "main_v3" });
    expect(volume.roundTrips).toBe(1);
    expect(pageOfKind(volume.data, "volume").paging).toMatchObject({ page: 1, total: 2, pageCount: 1 });
    expect(await status(lnPageLoader, "/translation_meta/ln_mistls/main_v3?page=2", { slug: "main_v3" })).toBe(404);
  });

  it("the Atom feed: the newest fifty of every entry", async () => {
    const { data, roundTrips } = await view(feedLoader, "/translation_meta/feed.xml");
    expect(roundTrips).toBe(1);
    expect((await data.text()).match(/<entry>/g)).toHaveLength(50);
  });

  it("characters: 24 a page with the total; web novel: one arc's chapters", async () => {
    // The characters a reader has met: all of them, with the shield off; those everyone meets, to a first load.
    const characters = await view(charactersLoader, "/characters?page=2&reveal=all");
    expect(characters.roundTrips).toBe(1);
    expect(characters.data.characters).toHaveLength(24);
    expect(characters.data.total).toBe(2 * SCALE);
    const firstLoad = await view(charactersLoader, "/characters");
    expect(firstLoad.roundTrips).toBe(1);
    expect(firstLoad.data.characters.length).toBeLessThanOrEqual(24);

    const webNovel = await view(webNovelLoader, "/web_novel?arc=7");
    expect(webNovel.roundTrips).toBe(1);
    // Every arc by name for the picker; totals for the six arcs shown as cards around the one chosen.
    expect(webNovel.data.arcs).toHaveLength(2 * SCALE);
    expect(webNovel.data.cards.map((arc) => arc.number)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(webNovel.data.whole.chapterCount).toBe(5 * SCALE);
    expect(webNovel.data.chapters.length).toBeLessThanOrEqual(3);
  });

  it("statistics: the anime's and the manga's charts at most 24 bars, every count kept, one round trip", async () => {
    const { data, roundTrips } = await view(statisticsLoader, "/statistics");
    expect(roundTrips).toBe(1);
    const { anime, manga } = data;
    const sum = <Bar>(bars: Bar[], value: (bar: Bar) => number) => bars.reduce((total, bar) => total + value(bar), 0);
    // A season, a recut, a special and a manga series in each telling: more of each than a chart has bars.
    expect(anime.totals).toMatchObject({ seasons: SCALE, recuts: SCALE, films: SCALE });
    expect(manga.totals.series).toBe(SCALE);
    for (const bars of [anime.seasons, anime.specials, manga.series, manga.arcs, manga.chapterYears, manga.volumeYears])
      expect(bars.length).toBeLessThanOrEqual(24);
    expect(anime.seasons[0]).toMatchObject({ number: 1, last: 2 });
    expect(sum(anime.seasons, (bar) => bar.count)).toBe(anime.totals.episodes);
    expect(sum(anime.specials, (bar) => bar.ovas + bar.specials + bar.films)).toBe(
      anime.totals.ovas + anime.totals.specials + anime.totals.films - anime.totals.specials_undated,
    );
    expect(manga.series[0]).toMatchObject({ number: 1, last: 2 });
    expect(sum(manga.series, (bar) => bar.count)).toBe(manga.totals.chapters);
    expect(sum(manga.arcs, (bar) => bar.count)).toBe(manga.totals.chapters - manga.totals.chapters_without_arc);
    expect(sum(manga.chapterYears, (bar) => bar.count)).toBe(manga.totals.chapters - manga.totals.chapters_undated);
    expect(sum(manga.volumeYears, (bar) => bar.count)).toBe(manga.totals.volumes - manga.totals.volumes_undated);
  });
});

describe(`releases at ${SCALE}× the tiny pack`, () => {
  it("the page shows the soonest releases coming; every one coming (UPCOMING_LIMIT at most) is a view of its own", async () => {
    const radar = await view(releasesLoader, "/releases");
    expect(radar.roundTrips).toBe(1);
    expect(radar.data.upcoming).toHaveLength(UPCOMING_SHOWN);
    expect(radar.data.moreUpcoming).toBe(true);
    expect(radar.data.recent.length).toBeGreaterThan(0);

    const coming = await view(releasesLoader, "/releases?upcoming=all");
    expect(coming.roundTrips).toBe(1);
    expect(coming.data.upcoming).toHaveLength(UPCOMING_LIMIT);
    expect(coming.data.recent).toEqual([]);
    // The page's few are the list's first, in the same order.
    expect(coming.data.upcoming.slice(0, UPCOMING_SHOWN).map(releaseId)).toEqual(radar.data.upcoming.map(releaseId));
    expect(coming.data.upcoming.map((release) => release.releasedOn)).toEqual(
      coming.data.upcoming.map((release) => release.releasedOn).sort(),
    );

    // One medium's view keeps to it; a list that is not there, or a page of it, is a 404.
    const books = await view(releasesLoader, "/releases?medium=light_novels&upcoming=all");
    expect(new Set(books.data.upcoming.map((release) => release.medium))).toEqual(new Set(["light_novels"]));
    expect(await status(releasesLoader, "/releases?upcoming=soon")).toBe(404);
    expect(await status(releasesLoader, "/releases?upcoming=all&page=2")).toBe(404);
  });
});

describe("hydration data holds what the page shows", () => {
  /** The data the page hands the browser: the inline scripts of its HTML. */
  async function hydrationData(path: string) {
    const html = await (await fetchSite(path)).text();
    return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("\n");
  }

  it("the hub's newest entries carry their line, not the whole entry", async () => {
    const { data } = await view(hubLoader, "/translation_meta?reveal=all");
    for (const entry of data.newest) {
      expect(Object.keys(entry).sort()).toEqual(["content", "id", "revealedBy"]);
      expect(Object.keys(entry.content ?? {}).sort()).toEqual([
        "addedOn",
        "official",
        "path",
        "severity",
        "suggested",
        "where",
      ]);
    }
    const payload = await hydrationData("/translation_meta?reveal=all");
    expect(payload).toContain(data.newest[0]!.content?.where);
    for (const unshown of ["explanation", "japanese", "credits", "二度 means twice", "The insult was softened"])
      expect(payload).not.toContain(unshown);
  });

  it("web novel: other arcs only by name and chapter count, totals only for the arcs shown; what adapts a chapter by its label", async () => {
    const { data } = await view(webNovelLoader, "/web_novel");
    // The chapter count says where a reader's next chapter is (arcToOpen).
    for (const arc of data.arcs) expect(Object.keys(arc).sort()).toEqual(["chapterCount", "number", "title"]);
    expect(data.cards).toHaveLength(6);
    for (const arc of data.cards)
      expect(Object.keys(arc).sort()).toEqual([
        "chapterCount",
        "endedOn",
        "number",
        "startedOn",
        "undated",
        "withoutWordCount",
        "wordCount",
      ]);
    // A phase's name waits with the title of the chapter it is named after, or that opens it.
    expect(data.arc?.phases.map((phase) => phase.name.content)).toEqual([null, null]);
    const { data: shown } = await view(webNovelLoader, "/web_novel?reveal=titles");
    expect(shown.arc?.phases.map((phase) => phase.name.content)).toEqual(["Opening", "Closing"]);
    for (const chapter of data.chapters)
      for (const unit of [...chapter.volumes, ...chapter.episodes]) expect(Object.keys(unit)).toEqual(["key", "label"]);
  });

  it("light novels: a collection's description only for the one shown; characters without their first medium", async () => {
    const { data } = await view(lightNovelsLoader, "/light_novels");
    for (const collection of data.collections) expect(collection).not.toHaveProperty("description");
    const { data: catalogue } = await view(charactersLoader, "/characters");
    for (const character of catalogue.characters) expect(character).not.toHaveProperty("firstMedium");
    expect(await hydrationData("/characters")).not.toContain("firstMedium");
  });

  it("a volume's entries do not repeat the volume, and the volume carries no cover", async () => {
    const { data } = await view(lnPageLoader, "/translation_meta/ln_mistls/main_v1", { slug: "main_v1" });
    const volume = pageOfKind(data, "volume");
    expect(volume.volume).not.toHaveProperty("cover");
    for (const entry of volume.entries) expect(entry).not.toHaveProperty("volume");
  });
});
