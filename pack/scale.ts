import { parseUnitKey, unitKey } from "../app/lib/content/units";
import type { ContentPack, RevealIn } from "./schema";

/*
 * A content pack N times the size of another, to try the site with more story than the demo has
 * (scripts/content-generate.ts writes it to a folder).
 *
 * The story is told N times over. Cycle 1 is the pack exactly as it is; each later cycle k is a copy
 * numbered on from the one before (arcs, light novel volumes per collection, anime seasons), with
 * slugs and mistake ids suffixed -k, titles (volumes' chapter titles too) and names suffixed " (cycle k)", dates moved past the previous
 * cycle and every reference pointing into its own cycle. Mistake entries keep their quoted lines as they
 * are. The series' secrets stay those of cycle 1: a later copy's texts are revealed later still, so the
 * spoiler lint checks them against the same secrets. Nothing is random: the same pack and N always give
 * the same pack.
 */

type Arc = ContentPack["webNovel"]["arcs"][number];
type Collection = ContentPack["lightNovels"]["collections"][number];
type Volume = Collection["volumes"][number];
type SideStory = ContentPack["sideStories"]["sideStories"][number];
type Season = ContentPack["anime"]["seasons"][number];
type BreakTimeEpisode = ContentPack["anime"]["breakTime"][number];
type Character = ContentPack["characters"]["characters"][number];
type LightNovelMistake = ContentPack["mistakes"]["lightNovel"][number];
type AnimeMistake = ContentPack["mistakes"]["anime"][number];

const DAY_MS = 86_400_000;

/** How much one cycle of the story takes up, so the next can be numbered and dated after it. */
interface CycleSize {
  arcs: number;
  volumesByCollection: Map<string, number>;
  seasons: number;
  /** Whole weeks, longer than the pack's span of dates, so weekly schedules keep their weekday. */
  days: number;
  /** Room between ISBNs of one cycle and the next (the spread of the pack's ISBNs). */
  isbns: number;
}

/** Where cycle `index` (1-based) of the story sits: the shifts applied to everything in it. */
interface Cycle {
  index: number;
  arcShift: number;
  volumeShift: (collection: string) => number;
  seasonShift: number;
  dayShift: number;
  isbnShift: number;
}

function measureCycle(pack: ContentPack): CycleSize {
  const volumesByCollection = new Map<string, number>();
  for (const collection of pack.lightNovels.collections) {
    const largest = Math.max(0, ...collection.volumes.map((volume) => volume.number));
    volumesByCollection.set(collection.code, Math.max(largest, volumesByCollection.get(collection.code) ?? 0));
  }
  const times = packDates(pack).map(dayNumber);
  const span = Math.max(...times) - Math.min(...times);
  const isbns = packIsbns(pack).map(isbnSerial);
  return {
    arcs: Math.max(0, ...pack.webNovel.arcs.map((arc) => arc.number)),
    volumesByCollection,
    // Break Time names its season too; a short may belong to a season with no main episodes listed.
    seasons: Math.max(
      0,
      ...pack.anime.seasons.map((season) => season.number),
      ...pack.anime.breakTime.map((short) => short.season),
    ),
    days: (Math.floor(span / 7) + 1) * 7,
    isbns: isbns.length ? Math.max(...isbns) - Math.min(...isbns) + 1 : 0,
  };
}

function cycleAt(size: CycleSize, index: number): Cycle {
  const before = index - 1;
  return {
    index,
    arcShift: size.arcs * before,
    volumeShift: (collection) => (size.volumesByCollection.get(collection) ?? 0) * before,
    seasonShift: size.seasons * before,
    dayShift: size.days * before,
    isbnShift: size.isbns * before,
  };
}

function packDates(pack: ContentPack) {
  return [
    ...pack.webNovel.arcs.flatMap((arc) => arc.chapters.map((chapter) => chapter.publishedOn)),
    ...pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.flatMap((volume) => [volume.releasedJp, volume.releasedEn]),
    ),
    ...pack.sideStories.sideStories.map((story) => story.publishedOn),
    ...pack.anime.seasons.flatMap((season) => season.episodes.map((episode) => episode.airedOn)),
    ...pack.anime.breakTime.map((short) => short.airedOn),
    ...[...pack.mistakes.lightNovel, ...pack.mistakes.anime].flatMap((mistake) => [mistake.addedOn, mistake.updatedOn]),
  ].filter((date): date is string => date !== undefined);
}

function packIsbns(pack: ContentPack) {
  return pack.lightNovels.collections.flatMap((collection) =>
    collection.volumes.flatMap((volume) => (volume.isbn ? [volume.isbn] : [])),
  );
}

// ---- Moving single values into a cycle. Cycle 1 leaves everything as it is.

const retitle = (title: string, cycle: Cycle) => (cycle.index === 1 ? title : `${title} (cycle ${cycle.index})`);
const moveSlug = (slug: string, cycle: Cycle) => (cycle.index === 1 ? slug : `${slug}-${cycle.index}`);
const maybe = <T, R>(value: T | undefined, move: (value: T) => R) => (value === undefined ? undefined : move(value));

/** The same unit in another cycle: wn:2-14 in cycle 3 of a 7-arc story is wn:16-14. */
function moveKey(key: string, cycle: Cycle) {
  const unit = parseUnitKey(key);
  // The schema only lets unit keys through, so this means the schema and the key module disagree.
  if (!unit) throw new Error(`Cannot move ${key} to another cycle: not a unit key`);
  switch (unit.medium) {
    case "web_novel":
      return unitKey({ ...unit, arc: unit.arc + cycle.arcShift });
    case "light_novels":
      return unitKey({ ...unit, volume: unit.volume + cycle.volumeShift(unit.collection) });
    case "side_stories":
      return unitKey({ ...unit, slug: moveSlug(unit.slug, cycle) });
    case "anime":
    case "break_time":
      return unitKey({ ...unit, season: unit.season + cycle.seasonShift });
  }
}

/** Where each medium reveals something, moved into the cycle (null stays null: that medium never reveals it). */
function moveRevealIn(revealIn: RevealIn | undefined, cycle: Cycle): RevealIn | undefined {
  if (!revealIn) return undefined;
  return Object.fromEntries(Object.entries(revealIn).map(([medium, key]) => [medium, key ? moveKey(key, cycle) : key]));
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

function moveDate(date: string, cycle: Cycle) {
  if (cycle.dayShift === 0) return date;
  const moved = new Date((dayNumber(date) + cycle.dayShift) * DAY_MS);
  if (moved.getUTCFullYear() > 9999)
    throw new RangeError("That scale moves dates past the year 9999; use a smaller --scale.");
  return moved.toISOString().slice(0, 10);
}

/** The nine digits between an ISBN's 97x prefix and its check digit. */
const isbnSerial = (isbn: string) => Number(isbn.replace(/-/g, "").slice(3, 12));

/** A different, still valid ISBN for the copy, keeping the original's hyphenation. */
function moveIsbn(isbn: string, cycle: Cycle) {
  if (cycle.isbnShift === 0) return isbn;
  const serial = isbnSerial(isbn) + cycle.isbnShift;
  if (serial >= 1e9) throw new RangeError("That scale runs out of ISBNs; use a smaller --scale.");
  const body = isbn.replace(/-/g, "").slice(0, 3) + String(serial).padStart(9, "0");
  const digits = [...body, String(isbnCheckDigit(body))];
  return isbn.replace(/\d/g, () => digits.shift()!);
}

function isbnCheckDigit(first12: string) {
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

// ---- Copying each part of the pack into a cycle.

function copyArc(arc: Arc, cycle: Cycle): Arc {
  return {
    ...arc,
    number: arc.number + cycle.arcShift,
    title: retitle(arc.title, cycle),
    summaryRevealAt: maybe(arc.summaryRevealAt, (key) => moveKey(key, cycle)),
    summaryRevealIn: moveRevealIn(arc.summaryRevealIn, cycle),
    chapters: arc.chapters.map((chapter) => ({
      ...chapter,
      title: retitle(chapter.title, cycle),
      publishedOn: moveDate(chapter.publishedOn, cycle),
      titleRevealIn: moveRevealIn(chapter.titleRevealIn, cycle),
    })),
  };
}

function copyVolume(volume: Volume, collection: string, cycle: Cycle): Volume {
  return {
    ...volume,
    number: volume.number + cycle.volumeShift(collection),
    title: retitle(volume.title, cycle),
    // Retitled like the web novel chapters they are titled after, so each keeps its chapter's flag.
    chapters: volume.chapters.map((title) => retitle(title, cycle)),
    releasedJp: moveDate(volume.releasedJp, cycle),
    releasedEn: maybe(volume.releasedEn, (date) => moveDate(date, cycle)),
    isbn: maybe(volume.isbn, (isbn) => moveIsbn(isbn, cycle)),
    adapts: maybe(volume.adapts, ({ from, to }) => ({ from: moveKey(from, cycle), to: moveKey(to, cycle) })),
    readAfter: maybe(volume.readAfter, (key) => moveKey(key, cycle)),
    changes: volume.changes.map((change) => ({
      ...change,
      chapters: maybe(change.chapters, ({ from, to }) => ({ from: moveKey(from, cycle), to: moveKey(to, cycle) })),
    })),
  };
}

function copySideStory(story: SideStory, cycle: Cycle): SideStory {
  return {
    ...story,
    slug: moveSlug(story.slug, cycle),
    title: retitle(story.title, cycle),
    publishedOn: maybe(story.publishedOn, (date) => moveDate(date, cycle)),
    readAfter: moveKey(story.readAfter, cycle),
    revealAt: maybe(story.revealAt, (key) => moveKey(key, cycle)),
    revealIn: moveRevealIn(story.revealIn, cycle),
  };
}

function copySeason(season: Season, cycle: Cycle): Season {
  return {
    ...season,
    number: season.number + cycle.seasonShift,
    title: retitle(season.title, cycle),
    // An id on a tracking service names one season; the copies are not listed there.
    externalIds: cycle.index === 1 ? season.externalIds : undefined,
    episodes: season.episodes.map((episode) => ({
      ...episode,
      title: retitle(episode.title, cycle),
      airedOn: moveDate(episode.airedOn, cycle),
      adapts: { from: moveKey(episode.adapts.from, cycle), to: moveKey(episode.adapts.to, cycle) },
      volumes: episode.volumes.map((key) => moveKey(key, cycle)),
      changes: episode.changes.map((change) => ({
        ...change,
        chapters: maybe(change.chapters, ({ from, to }) => ({ from: moveKey(from, cycle), to: moveKey(to, cycle) })),
      })),
    })),
  };
}

function copyBreakTime(short: BreakTimeEpisode, cycle: Cycle): BreakTimeEpisode {
  return {
    ...short,
    season: short.season + cycle.seasonShift,
    title: retitle(short.title, cycle),
    airedOn: maybe(short.airedOn, (date) => moveDate(date, cycle)),
    accompanies: moveKey(short.accompanies, cycle),
  };
}

function copyCharacter(character: Character, cycle: Cycle): Character {
  const key = (unit: string | undefined) => maybe(unit, (found) => moveKey(found, cycle));
  return {
    ...character,
    slug: moveSlug(character.slug, cycle),
    name: retitle(character.name, cycle),
    portrait: maybe(character.portrait, (portrait) => ({
      ...portrait,
      revealAt: key(portrait.revealAt),
      revealIn: moveRevealIn(portrait.revealIn, cycle),
    })),
    firstAppearances: {
      ...character.firstAppearances,
      webNovel: key(character.firstAppearances.webNovel),
      lightNovel: key(character.firstAppearances.lightNovel),
      anime: key(character.firstAppearances.anime),
    },
    facts: character.facts.map((fact) => ({
      ...fact,
      revealAt: key(fact.revealAt),
      revealIn: moveRevealIn(fact.revealIn, cycle),
    })),
    relationships: character.relationships.map((relationship) => ({
      ...relationship,
      to: moveSlug(relationship.to, cycle),
      revealAt: key(relationship.revealAt),
      revealIn: moveRevealIn(relationship.revealIn, cycle),
    })),
  };
}

/** A mistake entry's id, keys and dates moved into the cycle; the quoted lines stay as they are. */
function copyMistake<M extends LightNovelMistake | AnimeMistake>(mistake: M, cycle: Cycle): M {
  return {
    ...mistake,
    id: moveSlug(mistake.id, cycle),
    revealAt: maybe(mistake.revealAt, (key) => moveKey(key, cycle)),
    revealIn: moveRevealIn(mistake.revealIn, cycle),
    addedOn: moveDate(mistake.addedOn, cycle),
    updatedOn: maybe(mistake.updatedOn, (date) => moveDate(date, cycle)),
  };
}

function copyLightNovelMistake(mistake: LightNovelMistake, cycle: Cycle): LightNovelMistake {
  return {
    ...copyMistake(mistake, cycle),
    volume: moveKey(mistake.volume, cycle),
    webNovelChapter: maybe(mistake.webNovelChapter, (key) => moveKey(key, cycle)),
  };
}

function copyAnimeMistake(mistake: AnimeMistake, cycle: Cycle): AnimeMistake {
  return { ...copyMistake(mistake, cycle), episode: moveKey(mistake.episode, cycle) };
}

/**
 * The pack told `scale` times over, each cycle after the last. Optional fields a unit lacks come
 * out as undefined, which JSON leaves out, so the files keep the original's shape.
 */
export function scalePack(pack: ContentPack, scale: number): ContentPack {
  if (!Number.isInteger(scale) || scale < 1)
    throw new RangeError(`The scale must be a whole number of at least 1, not ${scale}.`);
  const size = measureCycle(pack);
  const cycles = Array.from({ length: scale }, (_, index) => cycleAt(size, index + 1));
  return {
    series: pack.series,
    webNovel: {
      externalIds: pack.webNovel.externalIds,
      arcs: cycles.flatMap((cycle) => pack.webNovel.arcs.map((arc) => copyArc(arc, cycle))),
    },
    lightNovels: {
      collections: pack.lightNovels.collections.map((collection) => ({
        ...collection,
        volumes: cycles.flatMap((cycle) =>
          collection.volumes.map((volume) => copyVolume(volume, collection.code, cycle)),
        ),
      })),
    },
    sideStories: {
      sideStories: cycles.flatMap((cycle) => pack.sideStories.sideStories.map((story) => copySideStory(story, cycle))),
    },
    anime: {
      seasons: cycles.flatMap((cycle) => pack.anime.seasons.map((season) => copySeason(season, cycle))),
      breakTime: cycles.flatMap((cycle) => pack.anime.breakTime.map((short) => copyBreakTime(short, cycle))),
    },
    characters: {
      characters: cycles.flatMap((cycle) =>
        pack.characters.characters.map((character) => copyCharacter(character, cycle)),
      ),
    },
    mistakes: {
      lightNovel: cycles.flatMap((cycle) =>
        pack.mistakes.lightNovel.map((mistake) => copyLightNovelMistake(mistake, cycle)),
      ),
      anime: cycles.flatMap((cycle) => pack.mistakes.anime.map((mistake) => copyAnimeMistake(mistake, cycle))),
    },
  };
}
