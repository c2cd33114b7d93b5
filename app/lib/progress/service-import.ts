import { mediumLabels, parseUnitKey } from "../content/units";
import {
  type ExternalId,
  externalIdIndex,
  externalIdKey,
  type ExternalService,
  type ExternalTarget,
  serviceNames,
} from "./external-ids";
import { mergeProgress, withPosition } from "./changes";
import {
  emptyProgress,
  lastMangaChapter,
  lastRecutEpisode,
  lastVolumeKey,
  mangaSeriesOf,
  type Progress,
  recutOf,
} from "./record";
import { animeRecuts, mangaSeries, type TrackerUnit, unitsByMedium } from "./tracker-units";
import { parseRelease } from "./novel-updates-page";
import { readServiceExport, type ServiceEntry } from "./service-exports";
import { countOf, nouns } from "../words";

/*
 * Turning a reader's list on a tracking service into progress here, shown before anything changes:
 * each entry the pack maps (an anime season, a light novel collection, the web novel: ./external-ids)
 * becomes the furthest place it reaches (episodes watched in that season, volumes read in that
 * collection, chapters read in the web novel, in reading order), and the preview says what will be
 * set, what stays because the reader is already further, and how many entries are not this series.
 * An OVA's or a film's own entry, watched to its end, ticks it (and only it: no episode is credited with it).
 * A manga series' entry maps by the series' own chapter and volume numbers (`mangaProgressOf`).
 * Places are named by their labels only ("Season 2 · Episode 3"), never titles, so a preview spoils
 * nothing. Applying it is a merge (furthest wins), through the tracker's one save path.
 *
 * A tracker counts the web novel's chapters by the serial site's numbers, which the pack gives its
 * entries (`serialNumber`): a count maps to the entries so numbered, never to a count of entries, unless
 * the pack gives no numbers. A Novel Updates reading list names the reader's place as a release instead
 * of counts: "cN" on the web novel is the entry numbered N; "vNcM" or "vN" on a light novel collection means
 * volume N is in progress, so its last volume read is N - 1 (docs/content.md). A place that reads as
 * neither, on an entry of this series, is listed as not recognised, by the text the page shows.
 */

/** One place the import names: the medium, the place the file reaches, and the reader's place now. */
export interface ImportLine {
  medium: string;
  place: string;
  current: string | null;
}

export interface ImportPreview {
  service: ExternalService;
  /** The progress the file holds for this series, to be merged into the reader's. */
  imported: Progress;
  /** Places the import moves the reader on to. */
  changes: ImportLine[];
  /** Places where the reader is already as far or further: they stay. */
  kept: ImportLine[];
  /** Entries for this series with nothing watched or read yet. */
  notStarted: number;
  /** Entries of the file that are not this series. */
  otherEntries: number;
  /** How places given as releases (Novel Updates) were read, in a sentence each. */
  notes: string[];
  /** Entries of this series whose place could not be read: the place as the file writes it, as text. */
  unrecognised: ImportLine[];
  /** What importing did, in a sentence: "From MyAnimeList: Anime, Season 2 · Episode 3." */
  summary: string;
}

export type ImportPlan = { preview: ImportPreview; error: null } | { preview: null; error: string };

/** The furthest unit of a list (in its order) whose number is at most `reached`, by the number `numberOf` reads. */
function furthestUpTo(units: readonly TrackerUnit[], reached: number, numberOf: (unit: TrackerUnit) => number | null) {
  let furthest: TrackerUnit | null = null;
  for (const unit of units) {
    const number = numberOf(unit);
    if (number !== null && number <= reached && (!furthest || number > (numberOf(furthest) ?? 0))) furthest = unit;
  }
  return furthest;
}

/** The progress one entry stands for, or null when it reaches nothing here (nothing read yet, or past nothing the pack has). */
function progressOf(
  entry: ServiceEntry,
  target: ExternalTarget,
  units: ReturnType<typeof unitsByMedium>,
  recuts: ReturnType<typeof animeRecuts>,
): Progress | null {
  if (target.medium === "anime" && target.recut !== undefined) {
    // A recut's entry numbers the recut's own episodes: its episode n is the recut's episode n.
    const recut = recuts.find((candidate) => candidate.id === `${target.season}r${target.recut}`);
    const episode = furthestUpTo(
      recut?.episodes ?? [],
      entry.episodes,
      (unit) => parseUnitKey(unit.key, "anime")?.episode ?? null,
    );
    return episode ? { ...emptyProgress, recuts: [episode.key] } : null;
  }
  if (target.medium === "manga") return mangaProgressOf(entry, units.manga, target.series);
  // An OVA's or a film's own entry is watched once the whole entry is (a two-part OVA half watched is not).
  if (target.medium === "anime_specials") {
    const special = units.anime_specials.find((unit) => unit.key === target.special);
    return special && entry.finished ? { ...emptyProgress, animeSpecials: [special.key] } : null;
  }
  if (target.medium === "anime") {
    // A part's entry numbers its episodes from 1 at the part's first: its episode n is the season's
    // episode from + n - 1, and nothing past the part's last is its to give.
    const run = target.episodes;
    const episode = furthestUpTo(units.anime, entry.episodes, (unit) => {
      const parts = parseUnitKey(unit.key, "anime");
      if (parts?.season !== target.season) return null;
      if (!run) return parts.episode;
      return parts.episode >= run.from && parts.episode <= run.to ? parts.episode - run.from + 1 : null;
    });
    return episode ? { ...emptyProgress, anime: episode.key } : null;
  }
  if (target.medium === "light_novels") {
    const volume = furthestUpTo(units.light_novels, entry.volumes, (unit) => {
      const parts = parseUnitKey(unit.key, "light_novels");
      return parts?.collection === target.collection ? parts.volume : null;
    });
    return volume ? { ...emptyProgress, lightNovels: [volume.key] } : null;
  }
  const chapter = webNovelReached(units.web_novel, entry.chapters);
  return chapter ? { ...emptyProgress, webNovel: chapter.key } : null;
}

/**
 * A manga series' entry (decision 49): its chapters read count by the series' own numbers (an extra
 * numbered "12.5" is not chapter 13), so the reader's place is the furthest chapter numbered up to the
 * count, never the count-th chapter listed; its volumes read reach the last chapter of the last volume
 * read. Whichever goes further stands. A chapter whose number is not a number ("Extra") is read with the
 * series' line, by the chapters after it.
 */
function mangaProgressOf(entry: ServiceEntry, chapters: readonly TrackerUnit[], series: string): Progress | null {
  const own = mangaSeries(chapters).find((candidate) => candidate.code === series)?.chapters ?? [];
  const byChapter = furthestUpTo(own, entry.chapters, (unit) => {
    const number = Number(unit.mangaNumber);
    return unit.mangaNumber !== undefined && Number.isFinite(number) ? number : null;
  });
  const byVolume =
    entry.volumes > 0 ? own.filter((unit) => (unit.mangaVolume ?? Infinity) <= entry.volumes).at(-1) : undefined;
  const place = (unit: TrackerUnit | null | undefined) => (unit ? own.indexOf(unit) : -1);
  const furthest = place(byVolume) > place(byChapter) ? byVolume : byChapter;
  return furthest ? { ...emptyProgress, manga: [furthest.key] } : null;
}

/** Whether the pack gives the web novel's entries their serial site's numbers, which trackers count by. */
const hasSerialNumbers = (chapters: readonly TrackerUnit[]) =>
  chapters.some((chapter) => chapter.serialNumber !== undefined);

/**
 * The furthest web novel entry a tracker's count of chapters read reaches. Trackers count the serial
 * site's numbers, and the pack gives them where it knows them: the reader has read every entry numbered
 * up to `read`, so the place is the furthest entry in reading order before the first numbered entry past
 * it (an entry the serial site published later but the story places earlier stops the run there, so no
 * unread entry is credited). An entry without a number is crossed with the numbered ones around it.
 * A pack without numbers leaves counting entries in reading order (the import's preview says so).
 */
function webNovelReached(chapters: readonly TrackerUnit[], read: number): TrackerUnit | null {
  if (!hasSerialNumbers(chapters)) return read > 0 ? (chapters[Math.min(read, chapters.length) - 1] ?? null) : null;
  let furthest: TrackerUnit | null = null;
  for (const chapter of chapters) {
    if (chapter.serialNumber === undefined) continue;
    if (chapter.serialNumber > read) break;
    furthest = chapter;
  }
  return furthest;
}

/**
 * A Novel Updates entry's place as the counts the other services give: chapters read for the web
 * novel ("c45" → 45; "c12 part2", a chapter partly read → 11), volumes read for a collection ("v3c2"
 * and "v3" → 2, volume 3 being in progress). Null when the place is not one of these for its target.
 */
function novelUpdatesCounts(place: string, target: ExternalTarget): { volumes: number; chapters: number } | null {
  const release = parseRelease(place);
  if (!release) return null;
  if (target.medium === "web_novel") {
    if (release.volume !== null || release.chapter === null) return null;
    return { volumes: 0, chapters: release.part ? release.chapter - 1 : release.chapter };
  }
  if (target.medium === "light_novels" && release.volume !== null)
    return { volumes: Math.max(release.volume - 1, 0), chapters: 0 };
  return null;
}

/** What the file sets against the reader's progress, medium by medium. */
function linesOf(current: Progress, imported: Progress, units: readonly TrackerUnit[]) {
  const labels = new Map(units.map((unit) => [unit.key, unit.label]));
  const label = (key: string | null) => (key === null ? null : (labels.get(key) ?? key));
  const merged = mergeProgress(current, imported);
  const changes: ImportLine[] = [];
  const kept: ImportLine[] = [];
  const place = (medium: string, reached: string, now: string | null, moves: boolean) =>
    (moves ? changes : kept).push({ medium, place: label(reached) ?? reached, current: label(now) });

  if (imported.webNovel)
    place(mediumLabels.web_novel, imported.webNovel, current.webNovel, merged.webNovel !== current.webNovel);
  for (const volume of imported.lightNovels) {
    const collection = parseUnitKey(volume, "light_novels")?.collection ?? "";
    place(
      mediumLabels.light_novels,
      volume,
      lastVolumeKey(current, collection),
      lastVolumeKey(merged, collection) !== lastVolumeKey(current, collection),
    );
  }
  if (imported.anime) place(mediumLabels.anime, imported.anime, current.anime, merged.anime !== current.anime);
  for (const episode of imported.recuts) {
    const recut = recutOf(episode) ?? "";
    const now = lastRecutEpisode(current, recut);
    place(mediumLabels.anime, episode, now, lastRecutEpisode(merged, recut) !== now);
  }
  for (const chapter of imported.manga) {
    const series = mangaSeriesOf(chapter) ?? "";
    const now = lastMangaChapter(current, series);
    place(mediumLabels.manga, chapter, now, lastMangaChapter(merged, series) !== now);
  }
  // Each special watched there: already ticked here, it stays as it is.
  for (const special of imported.animeSpecials)
    place(mediumLabels.anime_specials, special, null, !current.animeSpecials.includes(special));
  return { changes, kept };
}

/**
 * Reads a service's export and works out what importing it would do to `current`, or why it cannot
 * be imported: the file is not an export this site reads, it has nothing for this series, or nothing
 * watched or read yet in what it has.
 */
export function planServiceImport(
  text: string,
  externalIds: readonly ExternalId[],
  units: readonly TrackerUnit[],
  current: Progress,
): ImportPlan {
  const read = readServiceExport(text);
  if (read.error !== null) return { preview: null, error: read.error };
  const index = externalIdIndex(externalIds);
  const byMedium = unitsByMedium(units);
  const recuts = animeRecuts(units);
  let imported: Progress = emptyProgress;
  let notStarted = 0;
  let otherEntries = 0;
  const notes: string[] = [];
  const unrecognised: ImportLine[] = [];
  const labels = new Map(units.map((unit) => [unit.key, unit.label]));
  for (const listed of read.entries) {
    let entry = listed;
    const target = index.get(externalIdKey(entry.service, entry.list, entry.id));
    if (!target) {
      otherEntries += 1;
      continue;
    }
    const place = entry.place;
    if (place !== undefined) {
      const counts = novelUpdatesCounts(place, target);
      if (!counts) {
        unrecognised.push({ medium: mediumLabels[target.medium], place: place || "no place given", current: null });
        continue;
      }
      entry = { ...entry, ...counts };
    }
    const reached = progressOf(entry, target, byMedium, recuts);
    if (place !== undefined && target.medium === "light_novels") {
      // Named by the volume the import sets (a count past the collection's last volume stops there).
      const volume = parseRelease(place)?.volume;
      const set = reached ? lastVolumeKey(reached, target.collection) : null;
      const last = set ? labels.get(set) : null;
      notes.push(
        last
          ? `Your list says ${place}: volume ${volume} is in progress, so it stands for ${last} as your last volume read.`
          : `Your list says ${place}: volume ${volume} is in progress, so no volume of this collection counts as read yet.`,
      );
    }
    if (target.medium === "web_novel" && entry.chapters > 0 && !hasSerialNumbers(byMedium.web_novel))
      notes.push(
        `Your list counts ${countOf(entry.chapters, nouns.chapter)} of the web novel. This site does not know the serial site's chapter numbers, so they were counted in reading order, interludes included: check the place before you import.`,
      );
    if (reached) imported = mergeProgress(imported, reached);
    else notStarted += 1;
  }
  if (!read.entries.length)
    return { preview: null, error: "This export lists nothing: export your list again once it has entries." };
  if (otherEntries === read.entries.length) {
    return {
      preview: null,
      error: `This export has nothing for this series: it lists ${countOf(read.entries.length, nouns.entry)}, none of them one of its seasons, collections or the web novel. Nothing was changed.`,
    };
  }
  if (imported === emptyProgress && !unrecognised.length) {
    return {
      preview: null,
      error:
        "Your export lists this series, but with nothing watched or read yet, so there is nothing to import. Nothing was changed.",
    };
  }
  imported = withPosition(imported, units);
  const { changes, kept } = linesOf(current, imported, units);
  const summary = `From ${serviceNames[read.service]}: ${changes.map((line) => `${line.medium}, ${line.place}`).join("; ")}.`;
  return {
    preview: { service: read.service, imported, changes, kept, notStarted, otherEntries, notes, unrecognised, summary },
    error: null,
  };
}
