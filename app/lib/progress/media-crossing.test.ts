import { describe, expect, it } from "vitest";
import { readRevealers } from "../shield/knowledge";
import { mediumOf, parseUnitKey } from "../content/units";
import { gated } from "../shield/gated";
import { knows } from "../shield/knowledge";
import { crossings, crossingsOn } from "./media-crossing";
import { emptyProgress, knowledgeOf, type Progress } from "./record";
import type { TrackerUnit } from "./tracker-units";

/*
 * A small story: arc 1 has four chapters and arc 2 one. Season 1 of the anime adapts 1-1 to 1-2, then
 * 1-4, leaving 1-3 out. The light novels' first volume covers 1-1 to 1-2, the second 1-3 to 1-4, the
 * third 2-1. A side story comes after 1-3.
 */
const unit = (key: string, position: number, coveredBy: string): TrackerUnit => {
  const medium = mediumOf(key);
  if (!medium) throw new Error(`Not a unit key: ${key}`);
  const collection = parseUnitKey(key, "light_novels")?.collection ?? null;
  return {
    key,
    medium,
    position,
    label: key,
    title: gated([key], `Title of ${key}`),
    group: collection ? "Lanternfall" : medium,
    collection,
    coveredBy: readRevealers(coveredBy),
  };
};
const timeline = [
  unit("wn:1-1", 1, "wn:1-1 ln:main-1 anime:1-1"),
  unit("wn:1-2", 2, "wn:1-2 ln:main-1 anime:1-1"),
  unit("ln:main-1", 2.1, "ln:main-1 wn:1-2 anime:1-1"),
  unit("anime:1-1", 2.2, "anime:1-1 wn:1-2 ln:main-1"),
  unit("wn:1-3", 3, "wn:1-3 ln:main-2"),
  unit("ss:after-three", 3.5, "ss:after-three"),
  unit("wn:1-4", 4, "wn:1-4 ln:main-2 anime:1-2"),
  unit("ln:main-2", 4.1, "ln:main-2 wn:1-4 anime:1-2"),
  unit("anime:1-2", 4.2, "anime:1-2 wn:1-4 ln:main-2"),
  unit("wn:2-1", 5, "wn:2-1 ln:main-3"),
  unit("ln:main-3", 5.1, "ln:main-3 wn:2-1"),
];
const progress = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });
const keys = (units: readonly TrackerUnit[]) => units.map((each) => each.key);

describe("crossings", () => {
  const viewer = progress({ anime: "anime:1-2" });
  const [intoWebNovel, intoLightNovels] = crossings(viewer, timeline);

  it("takes an anime viewer into the web novel after the last chapter the season reached, the chapter it left out skipped", () => {
    expect(intoWebNovel).toMatchObject({ to: { medium: "web_novel" } });
    expect(intoWebNovel?.from.key).toBe("anime:1-2");
    expect(intoWebNovel?.start.key).toBe("wn:2-1");
    expect(keys(intoWebNovel?.skipped ?? [])).toEqual(["wn:1-3"]);
    expect(keys(intoWebNovel?.sideStories ?? [])).toEqual(["ss:after-three"]);
    expect(intoWebNovel?.progress).toMatchObject({ webNovel: "wn:1-4", anime: "anime:1-2", skipped: ["wn:1-3"] });
  });

  it("counts no side story placed inside the volume the reader starts as coming before it", () => {
    // A viewer of episode 1 (to wn:1-2) starts the light novels at ln:main-2, which holds wn:1-3, after
    // which ss:after-three is read: it comes halfway through that volume, not before it.
    const early = crossings(progress({ anime: "anime:1-1" }), timeline);
    const into = (medium: string) => early.find((crossing) => crossing.to.medium === medium);
    expect(into("light_novels")?.start.key).toBe("ln:main-2");
    expect(into("light_novels")?.sideStories).toEqual([]);
    expect(into("web_novel")?.sideStories).toEqual([]);
  });

  it("leaves what a skipped chapter reveals hidden, and shows what the season covered", () => {
    const crossed = knowledgeOf(intoWebNovel!.progress);
    expect(knows(crossed, ["wn:1-3", "ln:main-2"])).toBe(false);
    // Revealed in the web novel only, in a chapter the season adapted: the reader now reads on from there.
    expect(knows(crossed, ["wn:1-2"])).toBe(true);
  });

  it("takes an anime viewer into the light novels at the volume that goes on from the season, a volume with an unseen chapter skipped", () => {
    expect(intoLightNovels).toMatchObject({
      to: { medium: "light_novels", collection: "main", name: "the Lanternfall light novels" },
    });
    expect(intoLightNovels?.start.key).toBe("ln:main-3");
    expect(keys(intoLightNovels?.skipped ?? [])).toEqual(["ln:main-2"]);
    expect(intoLightNovels?.progress).toMatchObject({ lightNovels: ["ln:main-2"], skipped: ["ln:main-2"] });
    expect(knows(knowledgeOf(intoLightNovels!.progress), ["ln:main-1"])).toBe(true);
  });

  it("takes a light novel reader into the web novel, and offers nothing where the reader is already as far", () => {
    const reader = progress({ lightNovels: ["ln:main-2"] });
    const offers = crossings(reader, timeline);
    expect(offers.map((offer) => offer.to.medium)).toEqual(["web_novel"]);
    expect(offers[0]?.skipped).toEqual([]);
    expect(offers[0]?.progress.webNovel).toBe("wn:1-4");
    expect(
      crossings(progress({ anime: "anime:1-2", webNovel: "wn:1-4", lightNovels: ["ln:main-2"] }), timeline),
    ).toEqual([]);
  });

  it("offers nothing to a reader with no progress in a medium to cross from", () => {
    expect(crossings(emptyProgress, timeline)).toEqual([]);
    expect(crossings(progress({ webNovel: "wn:1-4" }), timeline)).toEqual([]);
  });

  it("keeps a gap the reader already had, and drops one they have read since", () => {
    const reader = progress({ anime: "anime:1-2", webNovel: "wn:1-3" });
    const [offer] = crossings(reader, timeline);
    expect(offer?.skipped).toEqual([]);
    expect(offer?.progress).toMatchObject({ webNovel: "wn:1-4", skipped: [] });
  });

  it("offers one way into a medium, from the place that reaches furthest", () => {
    const both = crossings(progress({ anime: "anime:1-1", lightNovels: ["ln:main-2"] }), timeline);
    expect(both.map((crossing) => [crossing.from.key, crossing.to.medium, crossing.start.key])).toEqual([
      ["ln:main-2", "web_novel", "wn:2-1"],
    ]);
  });

  it("crosses from a recut's episode as from the season's, from whichever reaches further", () => {
    // The recut's first episode holds the season's two.
    const withRecut = [...timeline, unit("anime:1r1-1", 4.3, "anime:1r1-1 wn:1-4 ln:main-2 anime:1-2")];
    for (const viewer of [
      progress({ recuts: ["anime:1r1-1"] }),
      progress({ anime: "anime:1-1", recuts: ["anime:1r1-1"] }),
    ])
      expect(
        crossings(viewer, withRecut).map((crossing) => [crossing.from.key, crossing.to.medium, crossing.start.key]),
      ).toEqual([
        ["anime:1r1-1", "web_novel", "wn:2-1"],
        ["anime:1r1-1", "light_novels", "ln:main-3"],
      ]);
  });

  it("reads a timeline once for many records, with the same crossings as one by one", () => {
    const records = [
      viewer,
      progress({ lightNovels: ["ln:main-2"] }),
      progress({ anime: "anime:1-1", lightNovels: ["ln:main-2"] }),
      emptyProgress,
    ];
    const crossingsFrom = crossingsOn(timeline);
    for (const record of records) expect(crossingsFrom(record)).toEqual(crossings(record, timeline));
  });
});

/*
 * An episode that intercuts two runs (anime:1-1 adapts 1-1 and 1-3, passing over 1-2), then an
 * anime-original one (anime:1-2, reaching no chapter: only itself covers its place).
 */
describe("crossings from episodes that intercut runs of chapters, or adapt none", () => {
  const intercut = [
    unit("wn:1-1", 1, "wn:1-1 anime:1-1"),
    unit("wn:1-2", 2, "wn:1-2"),
    unit("wn:1-3", 3, "wn:1-3 anime:1-1"),
    unit("anime:1-1", 3, "anime:1-1 wn:1-3"),
    unit("anime:1-2", 3.01, "anime:1-2"),
    unit("wn:1-4", 4, "wn:1-4"),
  ];

  it("takes a viewer of the intercut episode on after its last run, the chapter between its runs skipped", () => {
    const [offer] = crossings(progress({ anime: "anime:1-1" }), intercut);
    expect(offer?.start.key).toBe("wn:1-4");
    expect(keys(offer?.skipped ?? [])).toEqual(["wn:1-2"]);
    expect(knows(knowledgeOf(offer!.progress), ["wn:1-2"])).toBe(false);
    expect(knows(knowledgeOf(offer!.progress), ["wn:1-3"])).toBe(true);
  });

  it("takes a viewer of the anime-original episode on from where the episodes before it reached", () => {
    const [offer] = crossings(progress({ anime: "anime:1-2" }), intercut);
    expect(offer?.from.key).toBe("anime:1-2");
    expect(offer?.start.key).toBe("wn:1-4");
    expect(keys(offer?.skipped ?? [])).toEqual(["wn:1-2"]);
  });

  it("offers nothing to a viewer whose episodes adapt no chapter", () => {
    const opening = [unit("anime:1-1", 0, "anime:1-1"), unit("wn:1-1", 1, "wn:1-1 anime:1-2")];
    expect(crossings(progress({ anime: "anime:1-1" }), opening)).toEqual([]);
  });
});

describe("crossings from the manga", () => {
  // The same story with a manga series whose chapter 1 adapts wn:1-1 and wn:1-3 (leaving 1-2 out): it
  // ends partway through the light novels' volume 2 (1-3 to 1-4).
  const withManga = [
    ...timeline.map((each) =>
      each.key === "wn:1-1" || each.key === "wn:1-3" ? { ...each, coveredBy: [...each.coveredBy, "manga:s-1"] } : each,
    ),
    { ...unit("manga:s-1", 3, "manga:s-1 wn:1-3"), group: "Manga 1", mangaNumber: "1", mangaVolume: 1 },
  ];
  const reader = progress({ manga: ["manga:s-1"] });
  const [intoWebNovel, intoLightNovels] = crossings(reader, withManga);

  it("takes a manga reader into the web novel after the last chapter they read, what the manga left out skipped", () => {
    expect(intoWebNovel).toMatchObject({ to: { medium: "web_novel" }, partway: null });
    expect(intoWebNovel?.from.key).toBe("manga:s-1");
    expect(intoWebNovel?.start.key).toBe("wn:1-4");
    expect(keys(intoWebNovel?.skipped ?? [])).toEqual(["wn:1-2"]);
    expect(intoWebNovel?.progress).toMatchObject({ webNovel: "wn:1-3", manga: ["manga:s-1"], skipped: ["wn:1-2"] });
  });

  it("says where the manga ends partway through the light novel volume it starts", () => {
    expect(intoLightNovels).toMatchObject({ to: { medium: "light_novels", collection: "main" } });
    expect(intoLightNovels?.start.key).toBe("ln:main-2");
    expect(intoLightNovels?.partway?.key).toBe("ln:main-2");
    // Volume 1 holds wn:1-2, which the manga left out: it stays unread.
    expect(keys(intoLightNovels?.skipped ?? [])).toEqual(["ln:main-1"]);
  });

  it("says nothing partway for an anime viewer whose season ends with a volume", () => {
    const [, fromAnime] = crossings(progress({ anime: "anime:1-1" }), timeline);
    expect(fromAnime?.start.key).toBe("ln:main-2");
    expect(fromAnime?.partway).toBeNull();
  });
});

describe("crossings into the manga", () => {
  // The same story with a manga series: chapter 1 adapts wn:1-1 to 1-2, chapter 2 is the manga's own,
  // chapters 3, 4 and 5 adapt wn:1-3, wn:1-4 and wn:2-1.
  const manga = (key: string, position: number, number: string) => ({
    ...unit(key, position, key),
    group: "Manga 1",
    mangaNumber: number,
    mangaVolume: 1,
  });
  const adaptedBy: Record<string, string> = {
    "wn:1-1": "manga:s-1",
    "wn:1-2": "manga:s-1",
    "wn:1-3": "manga:s-3",
    "wn:1-4": "manga:s-4",
    "wn:2-1": "manga:s-5",
  };
  const withManga = [
    ...timeline.map((each) =>
      adaptedBy[each.key] ? { ...each, coveredBy: [...each.coveredBy, adaptedBy[each.key]!] } : each,
    ),
    manga("manga:s-1", 2.3, "1"),
    manga("manga:s-2", 2.4, "1.5"),
    manga("manga:s-3", 3.1, "2"),
    manga("manga:s-4", 4.3, "3"),
    manga("manga:s-5", 5.1, "4"),
  ].sort((a, b) => a.position - b.position);
  const intoManga = (record: Progress) => crossings(record, withManga).find((each) => each.to.medium === "manga");

  it("takes a light novel reader into the manga after the chapter that reaches their place, the manga's own chapter skipped", () => {
    const crossing = intoManga(progress({ lightNovels: ["ln:main-1"] }));
    expect(crossing).toMatchObject({ to: { medium: "manga", collection: "s" }, partway: null });
    expect(crossing?.start.key).toBe("manga:s-3");
    expect(keys(crossing?.skipped ?? [])).toEqual(["manga:s-2"]);
    expect(crossing?.progress).toMatchObject({
      lightNovels: ["ln:main-1"],
      manga: ["manga:s-2"],
      skipped: ["manga:s-2"],
    });
    // What the manga made up stays hidden; what its chapter 1 tells, the reader has read in the light novels.
    const after = knowledgeOf(crossing!.progress);
    expect(knows(after, ["manga:s-2"])).toBe(false);
    expect(knows(after, ["manga:s-1"])).toBe(true);
  });

  it("skips the manga's chapters that adapt what an anime viewer has not seen", () => {
    const crossing = intoManga(progress({ anime: "anime:1-2" }));
    expect(crossing?.start.key).toBe("manga:s-5");
    expect(keys(crossing?.skipped ?? [])).toEqual(["manga:s-2", "manga:s-3"]);
    const after = knowledgeOf(crossing!.progress);
    expect(knows(after, ["manga:s-3"])).toBe(false);
    expect(knows(after, ["manga:s-4"])).toBe(true);
  });

  it("skips a chapter that also tells a side story the reader has not read", () => {
    const tellsStory = withManga.map((each) =>
      each.key === "ss:after-three" ? { ...each, coveredBy: [...each.coveredBy, "manga:s-1"] } : each,
    );
    const lightNovelReader = progress({ lightNovels: ["ln:main-1"] });
    const crossing = crossings(lightNovelReader, tellsStory).find((each) => each.to.medium === "manga");
    expect(keys(crossing?.skipped ?? [])).toEqual(["manga:s-1", "manga:s-2"]);
    expect(knows(knowledgeOf(crossing!.progress), ["ss:after-three", "manga:s-1"])).toBe(false);
    // One who read the story has seen all the chapter tells.
    const storyReader = progress({ lightNovels: ["ln:main-1"], sideStories: ["ss:after-three"] });
    const after = crossings(storyReader, tellsStory).find((each) => each.to.medium === "manga");
    expect(keys(after?.skipped ?? [])).toEqual(["manga:s-2"]);
  });

  it("does not list as unread a side story the reader has seen told", () => {
    const toldByEpisode = timeline.map((each) =>
      each.key === "ss:after-three" ? { ...each, coveredBy: [...each.coveredBy, "anime:1-2"] } : each,
    );
    const [intoWebNovel] = crossings(progress({ anime: "anime:1-2" }), toldByEpisode);
    expect(intoWebNovel?.sideStories).toEqual([]);
    const [notTold] = crossings(progress({ anime: "anime:1-2" }), timeline);
    expect(keys(notTold?.sideStories ?? [])).toEqual(["ss:after-three"]);
  });

  it("offers nothing to a reader already as far in the series, nor from the series into itself", () => {
    expect(intoManga(progress({ lightNovels: ["ln:main-1"], manga: ["manga:s-2"] }))).toBeUndefined();
    expect(intoManga(progress({ manga: ["manga:s-3"] }))).toBeUndefined();
    // The web novel is where crossings lead, not where they start: its readers set their place with the picker.
    expect(intoManga(progress({ webNovel: "wn:1-2" }))).toBeUndefined();
  });
});

describe("crossings from everything the reader has seen", () => {
  // Two manga series: Manga 1 tells wn:1-1 to 1-3, Manga 2 wn:1-3 to 2-1. The recut's first episode
  // holds the season's two, so it reaches wn:1-4, past the end of Manga 1.
  const manga = (key: string, position: number, tells: string, group: string) => ({
    ...unit(key, position, `${key} ${tells}`),
    group,
    mangaNumber: key.slice(-1),
    mangaVolume: 1,
  });
  const withSeries = [
    ...timeline,
    unit("anime:1r1-1", 4.3, "anime:1r1-1 wn:1-4 ln:main-2 anime:1-2"),
    manga("manga:a-1", 1.1, "wn:1-1", "Manga 1"),
    manga("manga:a-2", 2.3, "wn:1-2", "Manga 1"),
    manga("manga:a-3", 3.1, "wn:1-3", "Manga 1"),
    manga("manga:b-1", 3.2, "wn:1-3", "Manga 2"),
    manga("manga:b-2", 4.4, "wn:1-4", "Manga 2"),
    manga("manga:b-3", 5.2, "wn:2-1", "Manga 2"),
  ]
    .map((each) => {
      const tells = { "wn:1-1": "manga:a-1", "wn:1-2": "manga:a-2", "wn:1-4": "manga:b-2", "wn:2-1": "manga:b-3" }[
        each.key
      ];
      const both = each.key === "wn:1-3" ? ["manga:a-3", "manga:b-1"] : tells ? [tells] : [];
      return { ...each, coveredBy: [...each.coveredBy, ...both] };
    })
    .sort((a, b) => a.position - b.position);

  it("offers one way into each line, from the furthest place the viewer reached, a recut's episode counting as the season's it holds", () => {
    const viewer = progress({ anime: "anime:1-1", recuts: ["anime:1r1-1"] });
    expect(
      crossings(viewer, withSeries).map((crossing) => [crossing.from.key, crossing.to.collection, crossing.start.key]),
    ).toEqual([
      ["anime:1r1-1", null, "wn:2-1"],
      ["anime:1r1-1", "main", "ln:main-3"],
      // Not Manga 1 from its chapter 3, after the season's first episode: the recut has passed all Manga 1 tells.
      ["anime:1r1-1", "b", "manga:b-3"],
    ]);
  });

  it("names the season's episode where it reaches as far as the recut's", () => {
    const viewer = progress({ anime: "anime:1-2", recuts: ["anime:1r1-1"] });
    expect(new Set(crossings(viewer, withSeries).map((crossing) => crossing.from.key))).toEqual(new Set(["anime:1-2"]));
  });

  it("offers a line from the furthest place outside it, never from the line itself", () => {
    const reader = progress({ anime: "anime:1-1", manga: ["manga:a-3"] });
    expect(
      crossings(reader, withSeries).map((crossing) => [crossing.from.key, crossing.to.collection, crossing.start.key]),
    ).toEqual([
      ["manga:a-3", null, "wn:1-4"],
      ["manga:a-3", "main", "ln:main-2"],
      ["manga:a-3", "b", "manga:b-2"],
    ]);
  });
});
