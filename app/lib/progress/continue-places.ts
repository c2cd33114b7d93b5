import { episodeNumberName, mangaSeriesName, recutName, volumeName, webNovelEntryNames } from "../content/labels";
import {
  chapterKey,
  episodeKey,
  mangaChapterKey,
  type Medium,
  parseUnitKey,
  recutEpisodeKey,
  recutLine,
  volumeKey,
} from "../content/units";
import type { ChapterKind } from "../vocabulary";
import { countOf, nouns } from "../words";
import { knowledgeOf, lastVolumeNumber, type Progress, watchedInRecut } from "./record";
import { isOut } from "./tracker-units";
import { releaseDay } from "../feeds/releases";

/*
 * "Continue where you left off" on the home page names what comes next in every medium the reader
 * follows, not what they did last: after a crossing from the anime, the last chapter on record is one
 * the reader watched, never read. The page is the same for everyone (and cached), so what comes next is
 * worked out in the browser from each group's numbers (below), not from the reader's place on the server.
 */

/** The numbers one group holds (an arc's chapters, a collection's volumes, a season's episodes). */
export interface UnitSpan {
  group: number | string;
  first: number;
  last: number;
  /** How many units it holds: fewer than last − first + 1 means the numbers have gaps. */
  count: number;
}

/**
 * An arc's span, with the entries its name does not follow from counting (an entry of another kind
 * than chapter, or one the series numbers itself), so the chapter after a place is named as the site
 * names it everywhere ("Arc 7, chapter 19-A"), not by its place in reading order.
 */
export interface ArcSpan extends UnitSpan {
  named: Array<[ordinal: number, kind: ChapterKind, label: string | null]>;
}

/** A manga series' chapters: its place among the series ("Manga 2"), and the numbers it gives chapters that are not their places. */
export interface MangaSpan extends UnitSpan {
  series: number;
  named: Array<[place: number, label: string]>;
}

/**
 * A light novel collection's volumes or a season's episodes, with the numbers the series gives those whose
 * number is not their place ("7.5", "13.5").
 */
export interface NamedSpan extends UnitSpan {
  named: Array<[place: number, label: string]>;
}

/** A recut's episodes (`group` is its line, `anime/1r1`). */
export interface RecutSpan extends UnitSpan {
  season: number;
  recut: number;
  /** The season's episodes the recut shows whole (or the last part of), by the recut's episode that does. */
  held: Array<[episode: number, seasonEpisode: number]>;
}

export interface UnitSpans {
  arcs: ArcSpan[];
  collections: NamedSpan[];
  seasons: NamedSpan[];
  manga: MangaSpan[];
  recuts: RecutSpan[];
  /**
   * The units not out yet when the page was made, each with its first release's date (a chapter, a
   * volume's original edition, an episode): the page is cached, so whether each is out is asked in the
   * browser, by its own day (decision 77). A unit without a date is out.
   */
  coming: Array<[key: string, released: string]>;
}

/** A light novel collection, as the home page names it. */
export interface CollectionName {
  code: string;
  name: string;
}

/** Where to go on in one medium: `key` is the unit to open (null when the reader is caught up and there is none). */
export interface ContinuePlace {
  medium: Medium;
  /** The unit, named whole without its medium: "Arc 2, chapter 15", "Lanternfall 4", "Season 1, episode 13". */
  text: string;
  key: string;
  /**
   * "next": `key` is the unit after the reader's place; "coming": it is, but it is not out yet (it comes
   * out on `released`); "caught-up": nothing comes after it yet, and "after": what comes next is not known
   * (gaps in the numbers): `key` is the reader's place.
   */
  kind: "next" | "coming" | "caught-up" | "after";
  /** When the unit comes out, where `kind` is "coming". */
  released?: string;
}

type After = { group: number | string; number: number } | "caught-up" | "unknown";

/**
 * The unit after `number` in `group`: the next number of the group where its numbers run without gaps,
 * the first of the next group (`onward`: the web novel's next arc, the anime's next season) after its
 * last, "caught-up" after the last of all, "unknown" where gaps hide what comes next.
 */
function after(spans: readonly UnitSpan[], group: number | string, number: number, onward: boolean): After {
  const index = spans.findIndex((span) => span.group === group);
  const span = spans[index];
  if (!span) return "unknown";
  if (number < span.last) {
    if (span.count !== span.last - span.first + 1) return "unknown";
    return { group, number: Math.max(number + 1, span.first) };
  }
  const next = onward ? spans[index + 1] : undefined;
  return next ? { group: next.group, number: next.first } : "caught-up";
}

/** A unit of a group, named whole: its key and what the link says. */
type Naming = (group: number | string, number: number) => { key: string; text: string };

/** Where a reader at `number` of `group` goes on to: the unit after it, or their own place when none is known or there is none yet. */
function placeAfter(
  medium: Medium,
  spans: readonly UnitSpan[],
  group: number | string,
  number: number,
  onward: boolean,
  name: Naming,
): ContinuePlace {
  const next = after(spans, group, number, onward);
  if (typeof next === "object") return { medium, kind: "next", ...name(next.group, next.number) };
  return { medium, kind: next === "caught-up" ? "caught-up" : "after", ...name(group, number) };
}

/**
 * A web novel entry named as the site names it ("Arc 2, chapter 13", "Arc 3, prologue"), from its arc's
 * span; where the arc's numbers have gaps its chapters cannot be counted, so it is named by its arc alone.
 */
function chapterName(arcs: readonly ArcSpan[], arc: number, ordinal: number) {
  const span = arcs.find((each) => each.group === arc);
  if (!span || span.count !== span.last - span.first + 1) return `Arc ${arc}`;
  const named = new Map(span.named.map(([at, kind, label]) => [at, { kind, label }]));
  const entries = Array.from({ length: span.count }, (_, index) => {
    const at = span.first + index;
    return { ordinal: at, kind: "chapter" as ChapterKind, ...named.get(at) };
  });
  const name = webNovelEntryNames(entries).get(ordinal) ?? "";
  return `Arc ${arc}, ${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}

/** A season's episode as home's "continue" says it: "Season 2, episode 13.5". */
const seasonEpisodeText = (seasons: readonly NamedSpan[], season: string | number, number: number) =>
  `Season ${season}, episode ${episodeNumberName({ number, label: labelOf(seasons, season, number) })}`;

/**
 * The number the series gives a collection's volume or a season's episode where that is not its place
 * ("7.5", "13.5"); null where it goes by its place.
 */
function labelOf(spans: readonly NamedSpan[], group: string | number, number: number) {
  const span = spans.find((each) => each.group === group);
  return span?.named.find(([place]) => place === number)?.[1] ?? null;
}

/** The season's episodes ("1-6") the reader watched in a recut, by the rule the tracker and /anime use. */
function seenInRecuts(progress: Progress, recuts: readonly RecutSpan[]) {
  const knowledge = knowledgeOf(progress);
  const seen = new Set<string>();
  for (const span of recuts)
    for (const [at, seasonEpisode] of span.held)
      if (watchedInRecut([recutEpisodeKey(span.season, span.recut, at)], knowledge))
        seen.add(`${span.season}-${seasonEpisode}`);
  return seen;
}

/** The seasons' first episode not among those watched in a recut ("1-9"), or "unknown" where gaps hide it. */
function firstUnseen(seasons: readonly UnitSpan[], seen: ReadonlySet<string>): After {
  const first = seasons[0];
  let place: After = first ? { group: first.group, number: first.first } : "unknown";
  while (typeof place === "object" && seen.has(`${place.group}-${place.number}`))
    place = after(seasons, place.group, place.number, true);
  return place;
}

/**
 * What the reader goes on to in each medium they follow: web novel, light novels (each collection
 * started), anime, each manga series started, and each recut started. What comes next but is not out by
 * `today` (YYYY-MM-DD, `releaseDay`) is never offered: it is "coming", with its date (decision 77).
 */
export function continuePlaces(
  progress: Progress | null | undefined,
  spans: UnitSpans,
  collections: readonly CollectionName[],
  today = releaseDay(),
): ContinuePlace[] {
  if (!progress) return [];
  const coming = new Map(spans.coming);
  return placesAfter(progress, spans, collections).map((place) => {
    const released = place.kind === "next" ? coming.get(place.key) : undefined;
    return released === undefined || isOut({ released }, today) ? place : { ...place, kind: "coming", released };
  });
}

/** What comes after the reader's place in each medium they follow (`continuePlaces`), out or not. */
function placesAfter(progress: Progress, spans: UnitSpans, collections: readonly CollectionName[]): ContinuePlace[] {
  const places: ContinuePlace[] = [];
  const chapter = parseUnitKey(progress.webNovel ?? "", "web_novel");
  if (chapter)
    places.push(
      placeAfter("web_novel", spans.arcs, chapter.arc, chapter.chapter, true, (arc, number) => ({
        key: chapterKey(Number(arc), number),
        text: chapterName(spans.arcs, Number(arc), number),
      })),
    );
  for (const { code, name } of collections) {
    const read = lastVolumeNumber(progress, code);
    if (read)
      places.push(
        placeAfter("light_novels", spans.collections, code, read, false, (_, number) => ({
          key: volumeKey(code, number),
          // As every page names it (`volumeName`: "Lanternfall EX 3", "Lanternfall 7.5"), not "Lanternfall EX volume 3".
          text: volumeName(name, { number, label: labelOf(spans.collections, code, number) }),
        })),
      );
  }
  const episode = parseUnitKey(progress.anime ?? "", "anime");
  // The season's episodes the reader watched in a recut are not what comes next: past them.
  const seen = seenInRecuts(progress, spans.recuts);
  if (episode) {
    let place = { group: episode.season as number | string, number: episode.episode };
    for (let next = after(spans.seasons, place.group, place.number, true); typeof next === "object";) {
      if (!seen.has(`${next.group}-${next.number}`)) break;
      place = next;
      next = after(spans.seasons, place.group, place.number, true);
    }
    places.push(
      placeAfter("anime", spans.seasons, place.group, place.number, true, (season, number) => ({
        key: episodeKey(Number(season), number),
        text: seasonEpisodeText(spans.seasons, season, number),
      })),
    );
  }
  for (const key of progress.recuts) {
    const watched = parseUnitKey(key, "anime");
    if (watched?.recut === undefined) continue;
    const { season, recut } = watched;
    const place = placeAfter("anime", spans.recuts, recutLine(season, recut), watched.episode, false, (_, number) => ({
      key: recutEpisodeKey(season, recut, number),
      text: `${recutName(season, recut)}, episode ${number}`,
    }));
    // Watched to its end: the seasons go on after it, but marking an episode watched counts every one
    // before it, so the reader is pointed to the seasons' first episode no recut showed them (one the recut
    // left out, or the next season), as the tracker's Up next is; where gaps in the numbers hide it, on
    // from the recut, no further. One with a place in the seasons is pointed on from there (above).
    if (place.kind !== "caught-up") places.push(place);
    else if (!episode) {
      const unseen = firstUnseen(spans.seasons, seen);
      if (typeof unseen !== "object") places.push({ ...place, kind: "after" });
      else if (!places.some((each) => each.key === episodeKey(Number(unseen.group), unseen.number)))
        places.push({
          medium: "anime",
          kind: "next",
          key: episodeKey(Number(unseen.group), unseen.number),
          text: seasonEpisodeText(spans.seasons, unseen.group, unseen.number),
        });
    } else if (episode.season <= season) places.push({ ...place, kind: "after" });
  }
  // Each series started, in the manga's own order. Read to its end, a series goes on into the next one
  // the reader has not started (each is a line of its own: starting it marks nothing else).
  const mangaRead = progress.manga.map((key) => parseUnitKey(key, "manga"));
  const started = (series: string | number | undefined) => mangaRead.some((each) => each?.series === series);
  spans.manga.forEach((span, index) => {
    const read = mangaRead.find((each) => each?.series === span.group);
    if (!read) return;
    const onward = !started(spans.manga[index + 1]?.group);
    places.push(
      placeAfter("manga", spans.manga, read.series, read.chapter, onward, (series, number) => {
        const shown = spans.manga.find((each) => each.group === series) ?? span;
        const named = new Map(shown.named);
        return {
          key: mangaChapterKey(String(series), number),
          text: `${mangaSeriesName(shown.series)}, chapter ${named.get(number) ?? number}`,
        };
      }),
    );
  });
  return places;
}
/**
 * What the reader passed over and has not read (the chapters and volumes a crossing left out), in
 * words: "2 web novel chapters and 1 volume", "1 manga chapter", or null when there is none.
 */
export function passedOver(progress: Progress | null | undefined): string | null {
  const skipped = progress?.skipped ?? [];
  const chapters = skipped.filter((key) => parseUnitKey(key, "web_novel")).length;
  const volumes = skipped.filter((key) => parseUnitKey(key, "light_novels")).length;
  const manga = skipped.filter((key) => parseUnitKey(key, "manga")).length;
  const parts = [
    ...(chapters ? [countOf(chapters, nouns.webNovelChapter)] : []),
    ...(volumes ? [countOf(volumes, nouns.volume)] : []),
    ...(manga ? [countOf(manga, nouns.mangaChapter)] : []),
  ];
  return parts.length ? `${parts.slice(0, -1).join(", ")}${parts.length > 1 ? " and " : ""}${parts.at(-1)}` : null;
}
