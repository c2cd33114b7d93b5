import { mangaChapterNumbers, placeName, webNovelEntryNames } from "../app/lib/content/labels";
import { formatMonth } from "../app/lib/format";
import type { ContentPack, PackFileName } from "./schema/files";
import { episodeKey, type Medium, mediumOf, unitKey, type UnitKeyParts } from "../app/lib/content/units";
import { recutContents } from "./recuts";
import { episodeAdaptation } from "./adaptation";

/*
 * The story timeline of a pack, in two phases: declareUnits names every unit and says how its
 * position is found; placeUnits follows those rules to a position for each. A reference checker then
 * lets the row builders look positions up, reporting keys that point nowhere or to the wrong medium.
 */

/** Reports one problem at a file and a path inside it; problems are listed in the order reported. */
export type Report = (file: PackFileName, path: string, message: string) => void;

/** A fixed place (chapters, in reading order), or just after another unit (where the path names it). */
export type Placement = { fixed: number } | { after: string; offset: number; file: PackFileName; path: string };

export interface DeclaredUnit {
  medium: Medium;
  label: string;
  placement: Placement;
}

export interface Timeline {
  units: ReadonlyMap<string, DeclaredUnit>;
  positions: ReadonlyMap<string, number>;
}

/** A unit read after another sits just past it, well before the next chapter (positions step by 1). */
const READ_AFTER_OFFSET = 0.01;

/**
 * The first number missing from places counted 1, 2, 3… (the arcs, an arc's entries, a collection's
 * volumes, the seasons, a season's episodes), with the index of the item that stands where it should be, or null when none is
 * missing. Pages, pickers and "what comes next" count on places without gaps (a page of volumes 13–24
 * holds twelve); a number given twice is reported where its key is declared twice.
 */
export function missingPlace(numbers: readonly number[]): { missing: number; index: number } | null {
  const distinct = [...new Set(numbers)].sort((a, b) => a - b);
  const at = distinct.findIndex((number, index) => number !== index + 1);
  return at === -1 ? null : { missing: at + 1, index: numbers.indexOf(distinct[at]!) };
}

/** The arcs in story order. */
export const arcsInOrder = (pack: ContentPack) => [...pack.webNovel.arcs].sort((a, b) => a.number - b.number);

/**
 * Phase 1: every unit of the pack with its label and placement, in file order. Keys defined twice,
 * duplicate arc, collection and season numbers, phases starting at no chapter and volumes placed
 * nowhere are reported.
 */
export function declareUnits(pack: ContentPack, report: Report): Map<string, DeclaredUnit> {
  const units = new Map<string, DeclaredUnit>();
  const declare = (unit: UnitKeyParts, placement: Placement, label: string, file: PackFileName, path: string) => {
    const key = unitKey(unit);
    if (units.has(key)) report(file, path, `${key} is defined twice`);
    units.set(key, { medium: unit.medium, label, placement });
  };

  const arcNumbers = new Set<number>();
  pack.webNovel.arcs.forEach((arc, arcIndex) => {
    if (arcNumbers.has(arc.number))
      report("web-novel.json", `arcs[${arcIndex}].number`, `arc ${arc.number} appears twice`);
    arcNumbers.add(arc.number);
  });
  const arcGap = missingPlace(pack.webNovel.arcs.map((arc) => arc.number));
  if (arcGap)
    report(
      "web-novel.json",
      `arcs[${arcGap.index}].number`,
      `there is no arc ${arcGap.missing}: arcs are numbered 1, 2, 3… as the series numbers them, and a pack filled in part leaves out the last arcs, not one between others`,
    );
  let chapterCount = 0;
  for (const arc of arcsInOrder(pack)) {
    const arcIndex = pack.webNovel.arcs.indexOf(arc);
    const names = webNovelEntryNames(arc.chapters);
    const named = new Map<string, { path: string; ordinal: number }>();
    for (const chapter of [...arc.chapters].sort((a, b) => a.ordinal - b.ordinal)) {
      const path = `arcs[${arcIndex}].chapters[${arc.chapters.indexOf(chapter)}]`;
      const unit = { medium: "web_novel", arc: arc.number, chapter: chapter.ordinal } as const;
      const name = names.get(chapter.ordinal)!;
      // Two entries of an arc with one name could not be told apart on any page, feed or picker.
      const other = named.get(name);
      if (other !== undefined && other.ordinal !== chapter.ordinal)
        report(
          "web-novel.json",
          chapter.label === undefined ? `${path}.ordinal` : `${path}.label`,
          `is named "${name}" in arc ${arc.number}, like ${other.path}: give each entry a label of its own (a chapter without one is counted on from the last label that starts with a number)`,
        );
      else named.set(name, { path, ordinal: chapter.ordinal });
      declare(unit, { fixed: ++chapterCount }, placeName({ ...unit, name }), "web-novel.json", `${path}.ordinal`);
    }
    const gap = missingPlace(arc.chapters.map((chapter) => chapter.ordinal));
    if (gap)
      report(
        "web-novel.json",
        `arcs[${arcIndex}].chapters[${gap.index}].ordinal`,
        `arc ${arc.number} has no entry ${gap.missing}: ordinals are an arc's places in reading order, 1, 2, 3… with every kind counted (the series' own number goes in label)`,
      );
    arc.phases.forEach((phase, index) => {
      if (!arc.chapters.some((chapter) => chapter.ordinal === phase.fromOrdinal))
        report(
          "web-novel.json",
          `arcs[${arcIndex}].phases[${index}].fromOrdinal`,
          `arc ${arc.number} has no chapter ${phase.fromOrdinal}`,
        );
    });
  }

  const collectionCodes = new Set<string>();
  // Two volumes with one name ("7.5" given to two, a label that is another's number) or a volume named as
  // a collection is ("Lanternfall" labelled "EX" beside the collection "Lanternfall EX") could not be
  // told apart on any page, feed or form.
  const named = new Map<string, { path: string; unit: string }>();
  pack.lightNovels.collections.forEach((collection, c) =>
    named.set(collection.name.toLowerCase(), { path: `collections[${c}].name`, unit: collection.code }),
  );
  pack.lightNovels.collections.forEach((collection, c) => {
    if (collectionCodes.has(collection.code))
      report("light-novels.json", `collections[${c}].code`, `collection "${collection.code}" appears twice`);
    collectionCodes.add(collection.code);
    const gap = missingPlace(collection.volumes.map((volume) => volume.number));
    if (gap)
      report(
        "light-novels.json",
        `collections[${c}].volumes[${gap.index}].number`,
        `${collection.name} has no volume ${gap.missing}: a collection's volumes are numbered 1, 2, 3… by their places (the series' own number, such as 6.5, goes in label)`,
      );
    collection.volumes.forEach((volume, v) => {
      const path = `collections[${c}].volumes[${v}]`;
      const unit = { medium: "light_novels", collection: collection.code, volume: volume.number } as const;
      const name = placeName({ ...unit, collectionName: collection.name, label: volume.label });
      const key = `${collection.code}-${volume.number}`;
      const other = named.get(name.toLowerCase());
      if (other !== undefined && other.unit !== key)
        report(
          "light-novels.json",
          volume.label === undefined ? `${path}.number` : `${path}.label`,
          `is named "${name}", like ${other.path}: give each volume a number of its own within its collection, and no volume a collection's name (a volume without a label goes by its number)`,
        );
      else named.set(name.toLowerCase(), { path, unit: key });
      const declareVolume = (placement: Placement) =>
        declare(unit, placement, name, "light-novels.json", `${path}.number`);
      if (volume.adapts)
        declareVolume({ after: volume.adapts.to, offset: 0, file: "light-novels.json", path: `${path}.adapts.to` });
      else if (volume.readAfter)
        declareVolume({
          after: volume.readAfter,
          offset: READ_AFTER_OFFSET,
          file: "light-novels.json",
          path: `${path}.readAfter`,
        });
      else
        report(
          "light-novels.json",
          path,
          "a volume needs either adapts (the chapters it covers) or readAfter (where to read it)",
        );
    });
  });

  const among = sideStoriesAmong(pack.sideStories.sideStories);
  pack.sideStories.sideStories.forEach((story, index) => {
    const placement = {
      after: story.readAfter,
      offset: READ_AFTER_OFFSET,
      file: "side-stories.json",
      path: `sideStories[${index}].readAfter`,
    } as const;
    // A label is shown to everyone, where the title may be hidden: a story is named by where it was published.
    declare(
      { medium: "side_stories", slug: story.slug },
      placement,
      placeName({ medium: "side_stories", publishedIn: story.publishedIn, among: among[index] }),
      "side-stories.json",
      `sideStories[${index}].slug`,
    );
  });

  const seasonNumbers = new Set<number>();
  const seasonsInOrder = [...pack.anime.seasons].sort((a, b) => a.number - b.number);
  const seasonGap = missingPlace(pack.anime.seasons.map((season) => season.number));
  if (seasonGap)
    report(
      "anime.json",
      `seasons[${seasonGap.index}].number`,
      `there is no season ${seasonGap.missing}: seasons are numbered 1, 2, 3… in airing order (a season's title says what the series calls it), and a pack filled in part leaves out the last seasons, not one between others`,
    );
  pack.anime.seasons.forEach((season, s) => {
    const previousSeason = seasonsInOrder[seasonsInOrder.indexOf(season) - 1];
    if (seasonNumbers.has(season.number))
      report("anime.json", `seasons[${s}].number`, `season ${season.number} appears twice`);
    seasonNumbers.add(season.number);
    // Two episodes of a season with one name ("13.5" given to two, a label that is another's number) could
    // not be told apart on any page, feed or form.
    const named = new Map<string, { path: string; number: number }>();
    const gap = missingPlace(season.episodes.map((episode) => episode.number));
    if (gap)
      report(
        "anime.json",
        `seasons[${s}].episodes[${gap.index}].number`,
        `season ${season.number} has no episode ${gap.missing}: a season's episodes are numbered 1, 2, 3… in airing order (the series' own number, such as 26 where it counts on from the season before, goes in label)`,
      );
    season.episodes.forEach((episode, e) => {
      const path = `seasons[${s}].episodes[${e}]`;
      const unit = { medium: "anime", season: season.number, episode: episode.number } as const;
      const name = placeName({ ...unit, label: episode.label });
      const other = named.get(name.toLowerCase());
      if (other !== undefined && other.number !== episode.number)
        report(
          "anime.json",
          episode.label === undefined ? `${path}.number` : `${path}.label`,
          `is named "${name}", like ${other.path}: give each episode of a season a number of its own (an episode without a label goes by its number)`,
        );
      else named.set(name.toLowerCase(), { path, number: episode.number });
      // An episode sits at the last chapter it adapts; one that adapts none (anime-original, or telling
      // a side story) just after the episode aired before it, in watch order.
      const last = episodeAdaptation(episode.adapts).runs.at(-1);
      const before =
        e > 0
          ? episodeKey(season.number, season.episodes[e - 1]!.number)
          : previousSeason?.episodes.length
            ? episodeKey(previousSeason.number, previousSeason.episodes.at(-1)!.number)
            : null;
      const placement: Placement = last
        ? { after: last.to, offset: 0, file: "anime.json", path: `${path}.${last.toField}` }
        : before
          ? { after: before, offset: READ_AFTER_OFFSET, file: "anime.json", path: `${path}.adapts` }
          : { fixed: 0 };
      declare(unit, placement, name, "anime.json", `${path}.number`);
    });
    // A recut's episode sits with the last of the season's episodes it holds (decision 45).
    const recutNumbers = new Set<number>();
    season.recuts.forEach((recut, r) => {
      if (recutNumbers.has(recut.number))
        report(
          "anime.json",
          `seasons[${s}].recuts[${r}].number`,
          `season ${season.number} has two recuts numbered ${recut.number}`,
        );
      recutNumbers.add(recut.number);
      const recutGap = missingPlace(recut.episodes.map((episode) => episode.number));
      if (recutGap)
        report(
          "anime.json",
          `seasons[${s}].recuts[${r}].episodes[${recutGap.index}].number`,
          `${recut.title} has no episode ${recutGap.missing}: a recut's episodes are numbered 1, 2, 3… in airing order`,
        );
      for (const episode of recutContents(season, recut, `seasons[${s}].recuts[${r}]`).episodes) {
        const last = episode.contents.at(-1)?.episode ?? episodeKey(season.number, season.episodes[0]!.number);
        declare(
          { medium: "anime", season: season.number, episode: episode.number, recut: recut.number },
          { after: last, offset: 0, file: "anime.json", path: `${episode.path}.contains` },
          placeName({ medium: "anime", season: season.number, episode: episode.number, recut: recut.number }),
          "anime.json",
          `${episode.path}.number`,
        );
      }
    });
  });
  pack.anime.breakTime.forEach((short, index) => {
    // A short aired with an episode sits at it; one released on its own just after where it is watched.
    const placement = short.accompanies
      ? ({ after: short.accompanies, offset: 0, file: "anime.json", path: `breakTime[${index}].accompanies` } as const)
      : ({
          after: short.readAfter ?? "",
          offset: READ_AFTER_OFFSET,
          file: "anime.json",
          path: `breakTime[${index}].readAfter`,
        } as const);
    declare(
      { medium: "break_time", season: short.season, number: short.number },
      placement,
      placeName({ medium: "break_time", season: short.season, number: short.number }),
      "anime.json",
      `breakTime[${index}].number`,
    );
  });
  const specials = pack.anime.specials;
  specials.forEach((special, index) => {
    const path = `specials[${index}]`;
    // Watched after an episode where the pack says so; else where what it adapts is: its last chapter,
    // or the side story it tells. (An anime-original one without watchAfter is refused by the schema.)
    const lastRange = special.adapts?.chapters?.at(-1);
    const story = special.adapts?.sideStories?.[0];
    const placement: Placement | null = special.watchAfter
      ? { after: special.watchAfter, offset: READ_AFTER_OFFSET, file: "anime.json", path: `${path}.watchAfter` }
      : lastRange
        ? {
            after: lastRange.to,
            offset: 0,
            file: "anime.json",
            path: `${path}.adapts.chapters[${special.adapts!.chapters!.length - 1}].to`,
          }
        : story
          ? { after: story, offset: 0, file: "anime.json", path: `${path}.adapts.sideStories[0]` }
          : null;
    if (!placement) return;
    const ofKind = specials.filter((other) => other.kind === special.kind);
    declare(
      { medium: "anime_specials", slug: special.slug },
      placement,
      placeName({
        medium: "anime_specials",
        kind: special.kind,
        among: ofKind.length > 1 ? ofKind.indexOf(special) + 1 : undefined,
      }),
      "anime.json",
      `${path}.slug`,
    );
  });

  declareMangaChapters(pack, report, declare);
  return units;
}

/**
 * The manga's chapters (manga.json): numbered 1, 2, 3, … through each series' volumes in order, each
 * named by the number the series gives it. A chapter sits where the last web novel chapter it adapts is,
 * else with the side story it tells; a manga-original one just after the chapter before it in its series.
 */
function declareMangaChapters(
  pack: ContentPack,
  report: Report,
  declare: (unit: UnitKeyParts, placement: Placement, label: string, file: PackFileName, path: string) => void,
) {
  const file = "manga.json";
  const codes = new Set<string>();
  pack.manga.series.forEach((series, s) => {
    if (codes.has(series.code)) report(file, `series[${s}].code`, `manga series "${series.code}" appears twice`);
    codes.add(series.code);
    const chapters = series.volumes.flatMap((volume, v) =>
      volume.chapters.map((chapter, c) => ({ chapter, path: `series[${s}].volumes[${v}].chapters[${c}]` })),
    );
    const numbers = mangaChapterNumbers(chapters.map(({ chapter }) => chapter));
    let volumeBefore = 0;
    series.volumes.forEach((volume, v) => {
      if (volume.number <= volumeBefore)
        report(
          file,
          `series[${s}].volumes[${v}].number`,
          volume.number === volumeBefore
            ? `volume ${volume.number} of ${series.code} appears twice`
            : `volume ${volume.number} of ${series.code} comes after volume ${volumeBefore}: list volumes in order`,
        );
      volumeBefore = Math.max(volumeBefore, volume.number);
    });
    const named = new Map<string, string>();
    let before: string | null = null;
    chapters.forEach(({ chapter, path }, index) => {
      const key = `manga:${series.code}-${chapter.number}`;
      if (chapter.number !== index + 1) {
        report(
          file,
          `${path}.number`,
          chapters.some((other, at) => at < index && other.chapter.number === chapter.number)
            ? `chapter ${chapter.number} of ${series.code} appears twice: number chapters 1, 2, 3… through the series, extras too (give an extra its printed number as label)`
            : `should be ${index + 1}: chapters are numbered 1, 2, 3… through the series' volumes in order, extras too (give an extra its printed number as label)`,
        );
        return;
      }
      const name = numbers.get(chapter.number)!;
      const other = named.get(name);
      if (other !== undefined)
        report(
          file,
          chapter.label === undefined ? `${path}.number` : `${path}.label`,
          `is numbered "${name}" in ${series.code}, like ${other}: give each chapter a number of its own (a chapter without a label is counted among those without one)`,
        );
      named.set(name, path);
      const lastRange = chapter.adapts?.chapters?.at(-1);
      const story = chapter.adapts?.sideStories?.[0];
      const placement: Placement | null = lastRange
        ? {
            after: lastRange.to,
            offset: 0,
            file,
            path: `${path}.adapts.chapters[${chapter.adapts!.chapters!.length - 1}].to`,
          }
        : story
          ? { after: story, offset: 0, file, path: `${path}.adapts.sideStories[0]` }
          : before
            ? { after: before, offset: READ_AFTER_OFFSET, file, path: `${path}.original` }
            : null;
      if (!placement)
        report(
          file,
          `${path}.original`,
          "a manga-original chapter that opens its series has nothing to place it by: it needs a chapter before it in the series, or adapts",
        );
      else
        declare(
          { medium: "manga", series: series.code, chapter: chapter.number },
          placement,
          placeName({ medium: "manga", series: s + 1, number: name }),
          file,
          `${path}.number`,
        );
      before = key;
    });
  });
}

/**
 * Phase 2: a position for every unit, following "after" references. A reference to a unit that does
 * not exist and a unit placed (through others) after itself are reported; such units get no position.
 */
export function placeUnits(units: ReadonlyMap<string, DeclaredUnit>, report: Report): Map<string, number> {
  const positions = new Map<string, number>();
  const resolving = new Set<string>();
  const positionOf = (key: string): number | null => {
    const known = positions.get(key);
    if (known !== undefined) return known;
    const placement = units.get(key)?.placement;
    if (!placement) return null;
    if ("fixed" in placement) {
      positions.set(key, placement.fixed);
      return placement.fixed;
    }
    if (resolving.has(key)) {
      report(placement.file, placement.path, `${key} is placed after itself (a cycle through ${placement.after})`);
      return null;
    }
    resolving.add(key);
    const base = positionOf(placement.after);
    resolving.delete(key);
    if (base === null) {
      if (!units.has(placement.after))
        report(placement.file, placement.path, `points to ${placement.after}, which does not exist`);
      return null;
    }
    const position = base + placement.offset;
    positions.set(key, position);
    return position;
  };
  for (const key of units.keys()) positionOf(key);
  return positions;
}

const unitKinds: Record<Medium, string> = {
  web_novel: "a web novel chapter (wn:…)",
  light_novels: "a light novel volume (ln:…)",
  side_stories: "a side story (ss:…)",
  anime: "an anime episode (anime:…)",
  break_time: "a Break Time episode (bt:…)",
  anime_specials: "an OVA, special or film (sp:…)",
  manga: "a manga chapter (manga:…)",
};

/** The position of a referenced unit, or null when there is none (an absent or broken reference). */
export type Reference = (key: string | undefined, file: PackFileName, path: string, medium?: Medium) => number | null;

/** Looks up references that must exist (and, with a medium, be of that medium), reporting those that do not. */
export function referenceChecker({ units, positions }: Timeline, report: Report): Reference {
  return (key, file, path, medium) => {
    if (key === undefined) return null;
    if (!units.has(key)) {
      report(file, path, `points to ${key}, which does not exist`);
      return null;
    }
    if (medium && mediumOf(key) !== medium) {
      report(file, path, `must point to ${unitKinds[medium]}, not ${key}`);
      return null;
    }
    return positions.get(key) ?? null;
  };
}

/**
 * What tells apart side stories published in the same place, as their labels say it: nothing for a
 * story alone there; the month each came out, where those differ; else each one's number there, in
 * the pack's order ("story 2"). A label is every reader's, so it names where, never what.
 */
function sideStoriesAmong(stories: readonly { publishedIn: string; publishedOn?: string | undefined }[]) {
  const byPlace = new Map<string, number[]>();
  stories.forEach((story, index) => byPlace.set(story.publishedIn, [...(byPlace.get(story.publishedIn) ?? []), index]));
  const among: (string | undefined)[] = stories.map(() => undefined);
  for (const indexes of byPlace.values()) {
    if (indexes.length < 2) continue;
    const months = indexes.map((index) =>
      stories[index]!.publishedOn ? formatMonth(stories[index]!.publishedOn) : null,
    );
    const distinct = months.every((month) => month !== null) && new Set(months).size === months.length;
    indexes.forEach((index, n) => (among[index] = distinct ? months[n]! : `story ${n + 1}`));
  }
  return among;
}
