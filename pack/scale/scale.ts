import type { ContentPack } from "../schema/files";
import {
  cycleAt,
  maybe,
  measureCycle,
  moveDate,
  moveEnglishRelease,
  moveIsbn,
  moveKey,
  moveMangaSeries,
  moveRevealIn,
  moveSlug,
  moveVolumeLabel,
  retitle,
  type Cycle,
} from "./cycles";

/*
 * A content pack N times the size of another, to try the site with more story than the demo has
 * (scripts/content-generate.ts writes it to a folder).
 *
 * The story is told N times over. Cycle 1 is the pack exactly as it is; each later cycle k is a copy
 * numbered on from the one before (arcs, light novel volumes per collection, anime seasons), with
 * slugs and mistake ids suffixed -k, titles (volumes' chapter titles and arcs' phases too) and names suffixed " (cycle k)", dates moved past the previous
 * cycle and every reference pointing into its own cycle. Mistake entries keep their quoted lines as they
 * are. Each cycle tells the series' secrets again: each secret is listed once per cycle under its id,
 * revealed at that cycle's copy of its chapter, so the spoiler lint knows that a reader who skipped one
 * telling (a crossing from the anime) meets the secret again in the next cycle before its texts name it.
 * Nothing is random: the same pack and N always give the same pack.
 */

type Secret = ContentPack["series"]["secrets"][number];
type Arc = ContentPack["webNovel"]["arcs"][number];
type Collection = ContentPack["lightNovels"]["collections"][number];
type Volume = Collection["volumes"][number];
type SideStory = ContentPack["sideStories"]["sideStories"][number];
type Season = ContentPack["anime"]["seasons"][number];
type BreakTimeEpisode = ContentPack["anime"]["breakTime"][number];
type AnimeSpecial = ContentPack["anime"]["specials"][number];
type MangaSeries = ContentPack["manga"]["series"][number];
type Character = ContentPack["characters"]["characters"][number];
type LightNovelMistake = ContentPack["mistakes"]["lightNovel"][number];
type AnimeMistake = ContentPack["mistakes"]["anime"][number];

/** The same secret, told again in the cycle: its id and words kept, where it is revealed moved. */
function copySecret(secret: Secret, cycle: Cycle): Secret {
  return { ...secret, revealAt: moveKey(secret.revealAt, cycle), revealIn: moveRevealIn(secret.revealIn, cycle) };
}

function copyArc(arc: Arc, cycle: Cycle): Arc {
  return {
    ...arc,
    number: arc.number + cycle.arcShift,
    title: retitle(arc.title, cycle),
    // Retitled like the chapters, so a phase named as a chapter still waits with that chapter's title.
    phases: arc.phases.map((phase) => ({ ...phase, name: retitle(phase.name, cycle) })),
    summaryRevealAt: maybe(arc.summaryRevealAt, (key) => moveKey(key, cycle)),
    summaryRevealIn: moveRevealIn(arc.summaryRevealIn, cycle),
    titleRevealAt: maybe(arc.titleRevealAt, (key) => moveKey(key, cycle)),
    titleRevealIn: moveRevealIn(arc.titleRevealIn, cycle),
    chapters: arc.chapters.map((chapter) => ({
      ...chapter,
      title: retitle(chapter.title, cycle),
      publishedOn: maybe(chapter.publishedOn, (date) => moveDate(date, cycle)),
      serialNumber: maybe(chapter.serialNumber, (number) => number + cycle.serialShift),
      titleRevealIn: moveRevealIn(chapter.titleRevealIn, cycle),
    })),
  };
}

function copyVolume(volume: Volume, collection: string, cycle: Cycle): Volume {
  return {
    ...volume,
    number: volume.number + cycle.volumeShift(collection),
    label: maybe(volume.label, (label) => moveVolumeLabel(label, cycle.volumeShift(collection), cycle)),
    title: maybe(volume.title, (title) => retitle(title, cycle)),
    // Retitled like the web novel chapters they are titled after, so each keeps its chapter's flag.
    chapters: volume.chapters.map((chapter) =>
      typeof chapter === "string"
        ? retitle(chapter, cycle)
        : { ...chapter, ...(chapter.title ? { title: retitle(chapter.title, cycle) } : {}) },
    ),
    releasedJp: maybe(volume.releasedJp, (date) => moveDate(date, cycle)),
    releasedEn: moveEnglishRelease(volume.releasedEn, cycle),
    isbn: maybe(volume.isbn, (isbn) => moveIsbn(isbn, cycle)),
    illustrator: volume.illustrator,
    editions: volume.editions.map((edition) => ({
      ...edition,
      title: maybe(edition.title, (title) => retitle(title, cycle)),
      releasedOn: maybe(edition.releasedOn, (date) => moveDate(date, cycle)),
      isbn: maybe(edition.isbn, (isbn) => moveIsbn(isbn, cycle)),
    })),
    adapts: maybe(volume.adapts, ({ from, to }) => ({ from: moveKey(from, cycle), to: moveKey(to, cycle) })),
    readAfter: maybe(volume.readAfter, (key) => moveKey(key, cycle)),
    sideStories: maybe(volume.sideStories, (stories) => stories.map((key) => moveKey(key, cycle))),
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
    foundIn: maybe(story.foundIn, (places) =>
      places.map((place) => ({ ...place, until: maybe(place.until, (date) => moveDate(date, cycle)) })),
    ),
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
    parts: maybe(season.parts, (parts) =>
      parts.map((part) => ({
        ...part,
        title: maybe(part.title, (title) => retitle(title, cycle)),
        titleRevealAt: maybe(part.titleRevealAt, (key) => moveKey(key, cycle)),
        airedFrom: maybe(part.airedFrom, (date) => moveDate(date, cycle)),
        airedTo: maybe(part.airedTo, (date) => moveDate(date, cycle)),
        externalIds: cycle.index === 1 ? part.externalIds : undefined,
      })),
    ),
    episodes: season.episodes.map((episode) => ({
      ...episode,
      title: maybe(episode.title, (title) => retitle(title, cycle)),
      airedOn: maybe(episode.airedOn, (date) => moveDate(date, cycle)),
      // The clock time stays; the day moves as a date does.
      airedAt: maybe(episode.airedAt, (at) => `${moveDate(at.slice(0, 10), cycle)}${at.slice(10)}`),
      // One run, or a list of runs and keys (an intercut episode, a side story told); none for an anime-original one.
      adapts: maybe(episode.adapts, (adapts) =>
        Array.isArray(adapts)
          ? adapts.map((part) =>
              typeof part === "string"
                ? moveKey(part, cycle)
                : { from: moveKey(part.from, cycle), to: moveKey(part.to, cycle) },
            )
          : { from: moveKey(adapts.from, cycle), to: moveKey(adapts.to, cycle) },
      ),
      volumes: maybe(episode.volumes, (keys) => keys.map((key) => moveKey(key, cycle))),
      titleRevealIn: moveRevealIn(episode.titleRevealIn, cycle),
      changes: episode.changes.map((change) => ({
        ...change,
        chapters: maybe(change.chapters, ({ from, to }) => ({ from: moveKey(from, cycle), to: moveKey(to, cycle) })),
      })),
    })),
    // A recut holds its season's episodes by their numbers, which a copy keeps.
    recuts: season.recuts.map((recut) => ({
      ...recut,
      title: retitle(recut.title, cycle),
      externalIds: cycle.index === 1 ? recut.externalIds : undefined,
      airedFrom: maybe(recut.airedFrom, (date) => moveDate(date, cycle)),
      airedTo: maybe(recut.airedTo, (date) => moveDate(date, cycle)),
      episodes: recut.episodes.map((episode) => ({
        ...episode,
        title: retitle(episode.title, cycle),
        airedOn: maybe(episode.airedOn, (date) => moveDate(date, cycle)),
        airedAt: maybe(episode.airedAt, (at) => `${moveDate(at.slice(0, 10), cycle)}${at.slice(10)}`),
        newScenes: episode.newScenes.map((scene) => ({
          ...scene,
          chapters: maybe(scene.chapters, ({ from, to }) => ({ from: moveKey(from, cycle), to: moveKey(to, cycle) })),
        })),
      })),
    })),
  };
}

function copySpecial(special: AnimeSpecial, cycle: Cycle): AnimeSpecial {
  const range = ({ from, to }: { from: string; to: string }) => ({
    from: moveKey(from, cycle),
    to: moveKey(to, cycle),
  });
  return {
    ...special,
    slug: moveSlug(special.slug, cycle),
    title: maybe(special.title, (title) => retitle(title, cycle)),
    releasedOn: maybe(special.releasedOn, (date) => moveDate(date, cycle)),
    // An id on a tracking service names one film or OVA; the copies are not listed there.
    externalIds: cycle.index === 1 ? special.externalIds : undefined,
    adapts: maybe(special.adapts, (adapts) => ({
      chapters: maybe(adapts.chapters, (ranges) => ranges.map(range)),
      sideStories: maybe(adapts.sideStories, (keys) => keys.map((key) => moveKey(key, cycle))),
    })),
    watchAfter: maybe(special.watchAfter, (key) => moveKey(key, cycle)),
  };
}

function copyMangaSeries(series: MangaSeries, cycle: Cycle): MangaSeries {
  const range = ({ from, to }: { from: string; to: string }) => ({
    from: moveKey(from, cycle),
    to: moveKey(to, cycle),
  });
  return {
    ...series,
    code: moveMangaSeries(series.code, cycle),
    title: retitle(series.title, cycle),
    // An id on a tracking service names one series; the copies are not listed there.
    externalIds: cycle.index === 1 ? series.externalIds : undefined,
    volumes: series.volumes.map((volume) => ({
      ...volume,
      title: maybe(volume.title, (title) => retitle(title, cycle)),
      releasedOn: maybe(volume.releasedOn, (date) => moveDate(date, cycle)),
      releasedEn: moveEnglishRelease(volume.releasedEn, cycle),
      // An ISBN names one printed book: the copies have none.
      isbn: cycle.index === 1 ? volume.isbn : undefined,
      chapters: volume.chapters.map((chapter) => ({
        ...chapter,
        title: maybe(chapter.title, (title) => retitle(title, cycle)),
        publishedOn: maybe(chapter.publishedOn, (date) => moveDate(date, cycle)),
        adapts: maybe(chapter.adapts, (adapts) => ({
          chapters: maybe(adapts.chapters, (ranges) => ranges.map(range)),
          sideStories: maybe(adapts.sideStories, (keys) => keys.map((key) => moveKey(key, cycle))),
        })),
      })),
    })),
  };
}

function copyBreakTime(short: BreakTimeEpisode, cycle: Cycle): BreakTimeEpisode {
  return {
    ...short,
    season: short.season + cycle.seasonShift,
    title: maybe(short.title, (title) => retitle(title, cycle)),
    airedOn: maybe(short.airedOn, (date) => moveDate(date, cycle)),
    accompanies: maybe(short.accompanies, (key) => moveKey(key, cycle)),
    readAfter: maybe(short.readAfter, (key) => moveKey(key, cycle)),
  };
}

function copyCharacter(character: Character, cycle: Cycle): Character {
  const key = (unit: string | undefined) => maybe(unit, (found) => moveKey(found, cycle));
  return {
    ...character,
    slug: moveSlug(character.slug, cycle),
    name: retitle(character.name, cycle),
    // A true name is a secret, told again in each cycle under the same name, as the series' secrets are.
    trueName: maybe(character.trueName, (trueName) => ({
      ...trueName,
      revealAt: moveKey(trueName.revealAt, cycle),
      revealIn: moveRevealIn(trueName.revealIn, cycle),
    })),
    // A name a medium says openly is the character's own in each cycle; one it says later is a secret, told again.
    mediumNames: character.mediumNames.map((mediumName) => ({
      ...mediumName,
      name: mediumName.revealAt ? mediumName.name : retitle(mediumName.name, cycle),
      revealAt: key(mediumName.revealAt),
      revealIn: moveRevealIn(mediumName.revealIn, cycle),
    })),
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
    series: {
      ...pack.series,
      secrets: cycles.flatMap((cycle) => pack.series.secrets.map((secret) => copySecret(secret, cycle))),
    },
    webNovel: {
      externalIds: pack.webNovel.externalIds,
      ongoing: pack.webNovel.ongoing,
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
      platforms: pack.anime.platforms,
      seasons: cycles.flatMap((cycle) => pack.anime.seasons.map((season) => copySeason(season, cycle))),
      breakTime: cycles.flatMap((cycle) => pack.anime.breakTime.map((short) => copyBreakTime(short, cycle))),
      specials: cycles.flatMap((cycle) => pack.anime.specials.map((special) => copySpecial(special, cycle))),
    },
    manga: {
      series: cycles.flatMap((cycle) => pack.manga.series.map((series) => copyMangaSeries(series, cycle))),
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
