/**
 * What the API answers, built from what the models read and sealed for the requester's knowledge by
 * the one rule (`seal`, `knownTo`): an item the requester may not see is left out of a list, a title
 * they may not see is null. The field names are the API's (snake_case, as its parameters are) and are
 * described in the OpenAPI document (./api-document.ts); they change only with a new API version.
 */
import type { TrueName as TrueNameOf } from "../content/characters";
import type { MediumName } from "../content/medium-names";
import { discussionPath, type Medium, unitPath } from "../content/units";
import { type Gated, knownTo, type Secret, seal } from "../shield/gated";
import type { Knowledge } from "../shield/knowledge";
import type { AnimeMistake, LnMistake } from "../mistakes/entries";
import type { AnimeSpecial, SeasonPart } from "../content/anime";
import { type Edition, type Release, releasePath } from "../feeds/releases";
import type { EnglishEdition, VolumeEdition } from "../content/light-novels";
import { COMMENTS_PER_PAGE, type CommentBody, type Thread, type UnitLabel } from "../discussion/thread";

/** A unit of the story as the units model reads it. */
export interface StoryUnit {
  key: string;
  medium: Medium;
  label: string;
  named: Gated<{ title: string; originalTitle: string | null }>;
  releasedOn: string | null;
  /** An anime episode's part of its season, runtime in minutes and local air time (an OVA's, special's or film's runtime alone), where known; null for other units. */
  broadcast: {
    part: number | null;
    runtime: number | null;
    airedTime: { time: string; timeZone: string } | null;
  } | null;
  path: string;
  /**
   * What a season's episode or an OVA, special or film adapts (runs of web novel chapters, side stories,
   * by key) or, adapting nothing, its anime-original note; null for every other unit.
   */
  adaptation: {
    chapters: { from: string; to: string }[];
    sideStories: string[];
    original: Gated<string> | null;
  } | null;
  /** A light novel volume's book: who illustrated it and its editions; null for every other unit. */
  volume: { illustrator: string | null; editions: VolumeEdition[] } | null;
}

export interface ApiUnit {
  key: string;
  medium: Medium;
  label: string;
  title: string | null;
  original_title: string | null;
  released_on: string | null;
  part: number | null;
  runtime: number | null;
  aired_time: string | null;
  time_zone: string | null;
  url: string;
  adapts: {
    chapters: Array<{ from: string; to: string }>;
    side_stories: string[];
    anime_original: boolean;
    original_note: string | null;
  } | null;
  volume: {
    illustrator: string | null;
    editions: Array<{
      language: string;
      publisher: string;
      title: string | null;
      released_on: string | null;
      isbn: string | null;
    }>;
  } | null;
}

/** A unit: its title null where the requester may not see it (or it has none in the original language). */
export function unitView(unit: StoryUnit, knowledge: Knowledge, origin: string): ApiUnit {
  const { named, volume, adaptation } = seal(unit, knowledge);
  return {
    key: unit.key,
    medium: unit.medium,
    label: unit.label,
    title: named.content?.title ?? null,
    original_title: named.content?.originalTitle ?? null,
    released_on: unit.releasedOn,
    part: unit.broadcast?.part ?? null,
    runtime: unit.broadcast?.runtime ?? null,
    aired_time: unit.broadcast?.airedTime?.time ?? null,
    time_zone: unit.broadcast?.airedTime?.timeZone ?? null,
    url: `${origin}${unit.path}`,
    adapts: adaptation && {
      chapters: adaptation.chapters,
      side_stories: adaptation.sideStories,
      anime_original: !adaptation.chapters.length && !adaptation.sideStories.length,
      original_note: adaptation.original?.content ?? null,
    },
    // An edition's title is withheld exactly when the volume's own is.
    volume: volume && {
      illustrator: volume.illustrator,
      editions: volume.editions.map((edition) => ({
        language: edition.language,
        publisher: edition.publisher,
        title: edition.title?.content ?? null,
        released_on: edition.releasedOn,
        isbn: edition.isbn,
      })),
    },
  };
}

/** An anime season as the series model reads it, with its parts. */
export interface SeriesSeason {
  number: number;
  title: string;
  runtime: number | null;
  parts: SeasonPart[];
}

/** A season with its usual runtime and its parts, a part's title null where the requester may not see it. */
export function seasonView(season: SeriesSeason, knowledge: Knowledge) {
  return {
    number: season.number,
    title: season.title,
    runtime: season.runtime,
    parts: season.parts.map((part) => ({
      number: part.number,
      title: part.title ? seal(part.title, knowledge).content : null,
      first_episode: part.firstEpisode,
      last_episode: part.lastEpisode,
      episodes: part.episodes,
      aired_from: part.airedFrom,
      aired_to: part.airedTo,
    })),
  };
}

/**
 * An OVA, special or film: its title (and original) null where the requester may not see it, and what it
 * tells (its synopsis, an anime-original one's note) null unless they have seen what reveals it.
 */
export function animeSpecialView(special: AnimeSpecial, knowledge: Knowledge, origin: string) {
  const { title, synopsis, original } = seal(special, knowledge);
  return {
    key: special.key,
    kind: special.kind,
    label: special.label,
    title: title?.content?.title ?? null,
    original_title: title?.content?.originalTitle ?? null,
    released_on: special.releasedOn,
    runtime: special.runtime,
    synopsis: synopsis?.content ?? null,
    anime_original: special.original !== null,
    original_note: original?.content ?? null,
    adapts: {
      chapters: special.adapts.chapters.map(({ from, to }) => ({ from: from.key, to: to.key })),
      side_stories: special.adapts.sideStories.map((story) => story.key),
    },
    watch_after: special.watchAfter?.key ?? null,
    url: `${origin}${unitPath(special.key)}`,
  };
}

/** A manga series in the API's series (decision 49): its title null where it is flagged and not known. */
export function mangaSeriesView(
  manga: {
    code: string;
    name: string;
    title: Gated<{ title: string; originalTitle: string | null }>;
    artist: string | null;
    publisher: string | null;
    volumes: (EnglishEdition & {
      number: number;
      title: Gated<string> | null;
      releasedOn: string | null;
      isbn: string | null;
      firstChapter: string;
      lastChapter: string;
    })[];
  },
  knowledge: Knowledge,
  origin: string,
) {
  const { title, volumes } = seal(manga, knowledge);
  return {
    code: manga.code,
    label: manga.name,
    title: title.content?.title ?? null,
    original_title: title.content?.originalTitle ?? null,
    artist: manga.artist,
    publisher: manga.publisher,
    volumes: volumes.map((volume) => ({
      number: volume.number,
      title: volume.title?.content ?? null,
      released_on: volume.releasedOn,
      // Its English edition: a date, or none yet (null, `no_english_edition`), or not known (null alone).
      released_en: volume.releasedEn,
      no_english_edition: volume.noEnglishEdition,
      isbn: volume.isbn,
      first_chapter: volume.firstChapter,
      last_chapter: volume.lastChapter,
    })),
    url: `${origin}/manga?series=${manga.code}`,
  };
}

type Portrait = Gated<{ src: string; alt: string }> | null;
/** A true name that is a secret: null in a sealed answer whose requester does not know it (`secretly`). */
type TrueName = Secret<TrueNameOf> | null;
/** Names media and translations say otherwise: one a medium says later is left out of a sealed answer whose requester does not know it. */
type MediumNames = Array<Secret<MediumName>>;

/** The names per medium a sealed answer carries, as the API gives them. */
const mediumNamesView = (names: MediumNames): ApiMediumName[] =>
  names.flatMap((each) => (each.content ? [{ ...each.content }] : []));

/** A character as the directory reads them: everything gated with meeting them. */
export type CharacterCard = Gated<{
  slug: string;
  name: string;
  trueName: TrueName;
  mediumNames: MediumNames;
  originalName: string | null;
  aliases: string[];
  affiliations: string[];
  portrait: Portrait;
}>;

/** A character's profile as the characters model reads it. */
export type CharacterProfile = Gated<{
  slug: string;
  name: string;
  trueName: TrueName;
  mediumNames: MediumNames;
  originalName: string | null;
  aliases: string[];
  affiliations: string[];
  summary: string | null;
  portrait: Portrait;
  /** Each with its title, null for a unit without one (a manga chapter, an episode or a volume announced by number). */
  firstAppearances: Array<{ key: string; medium: Medium; label: string; title: Gated<string> | null }>;
  facts: Array<Gated<{ label: string; value: string }>>;
  relationships: Array<
    Gated<{
      slug: string;
      name: string;
      trueName: TrueName;
      mediumNames: MediumNames;
      kind: string;
      description: string | null;
    }>
  >;
}>;

export interface ApiMediumName {
  medium: MediumName["medium"];
  translation: string | null;
  name: string;
}

export interface ApiCharacter {
  slug: string;
  name: string;
  /** Null unless the requester knows it: the name the character is known by is `name`. */
  true_name: string | null;
  /** The true name as the original writes it: null unless the requester knows the true name, or where the pack does not say. */
  true_name_original: string | null;
  /** Where a medium or a translation names them otherwise, those the requester knows. */
  medium_names: ApiMediumName[];
  original_name: string | null;
  aliases: string[];
  affiliations: string[];
  portrait: { url: string; alt: string } | null;
  url: string;
}

function portraitView(portrait: Portrait, origin: string) {
  return portrait?.content
    ? { url: new URL(portrait.content.src, `${origin}/`).href, alt: portrait.content.alt }
    : null;
}

/** The characters the requester has met, in the directory's order; the rest are not there at all. */
export function metCharacters(
  characters: readonly CharacterCard[],
  knowledge: Knowledge,
  origin: string,
): ApiCharacter[] {
  return knownTo(characters, knowledge).map((character) => {
    const { content } = seal(character, knowledge);
    const met = content!;
    return {
      slug: met.slug,
      name: met.name,
      true_name: met.trueName?.content?.name ?? null,
      true_name_original: met.trueName?.content?.originalName ?? null,
      medium_names: mediumNamesView(met.mediumNames),
      original_name: met.originalName,
      aliases: met.aliases,
      affiliations: met.affiliations,
      portrait: portraitView(met.portrait, origin),
      url: `${origin}/characters/${met.slug}`,
    };
  });
}

export interface ApiCharacterProfile extends ApiCharacter {
  summary: string | null;
  first_appearances: Array<{ key: string; medium: Medium; label: string; title: string | null }>;
  facts: Array<{ label: string; value: string }>;
  relationships: Array<{
    slug: string;
    name: string;
    true_name: string | null;
    medium_names: ApiMediumName[];
    kind: string;
    description: string | null;
  }>;
}

/** A character's profile, or null when the requester has not met them (answered as an unknown slug is). */
export function characterProfileView(
  profile: CharacterProfile | null,
  knowledge: Knowledge,
  origin: string,
): ApiCharacterProfile | null {
  if (!profile) return null;
  const { content } = seal(profile, knowledge);
  if (!content) return null;
  return {
    slug: content.slug,
    name: content.name,
    true_name: content.trueName?.content?.name ?? null,
    true_name_original: content.trueName?.content?.originalName ?? null,
    medium_names: mediumNamesView(content.mediumNames),
    original_name: content.originalName,
    aliases: content.aliases,
    affiliations: content.affiliations,
    portrait: portraitView(content.portrait, origin),
    url: `${origin}/characters/${content.slug}`,
    summary: content.summary,
    first_appearances: content.firstAppearances.map((appearance) => ({
      key: appearance.key,
      medium: appearance.medium,
      label: appearance.label,
      title: appearance.title?.content ?? null,
    })),
    facts: knownTo(content.facts, knowledge).map((fact) => fact.content!),
    relationships: knownTo(content.relationships, knowledge).map((relationship) => {
      const { trueName, mediumNames, ...known } = relationship.content!;
      return { ...known, true_name: trueName?.content?.name ?? null, medium_names: mediumNamesView(mediumNames) };
    }),
  };
}

/** A mistake of either medium as the mistakes model reads it, with the address of its page. */
export type MistakeOf<Entry> = Entry & { path: string };

export interface ApiMistake {
  id: string;
  medium: "light_novels" | "anime";
  unit_key: string;
  category: string;
  severity: string;
  status: string;
  japanese: string | null;
  official: string;
  suggested: string;
  explanation: string;
  credits: string[];
  added_on: string;
  updated_on: string | null;
  light_novel: {
    chapter: number;
    chapter_label: string | null;
    chapter_title: string | null;
    web_novel_chapter: string | null;
    page: number | null;
    ebook_position: string | null;
    edition: string;
  } | null;
  anime: { start_seconds: number; end_seconds: number; platform: string; track: string } | null;
  url: string;
}

/** The mistakes the requester knows, light novel mistakes first, each in story order; the rest are not there at all. */
export function knownMistakes(
  mistakes: { ln: MistakeOf<LnMistake>[]; anime: MistakeOf<AnimeMistake>[] },
  knowledge: Knowledge,
  origin: string,
): ApiMistake[] {
  const common = (entry: LnMistake | AnimeMistake, path: string) => {
    const text = entry.content!;
    return {
      id: entry.id,
      category: entry.category,
      severity: entry.severity,
      status: entry.status,
      japanese: text.japanese,
      official: text.official,
      suggested: text.suggested,
      explanation: text.explanation,
      credits: entry.credits,
      added_on: entry.addedOn,
      updated_on: entry.updatedOn,
      url: `${origin}${path}`,
    };
  };
  return [
    ...knownTo(mistakes.ln, knowledge).map((entry) => ({
      ...common(entry, entry.path),
      medium: "light_novels" as const,
      unit_key: entry.volume.key,
      light_novel: {
        chapter: entry.chapter,
        chapter_label: entry.chapterLabel,
        chapter_title: seal(entry.chapterTitle, knowledge).content,
        web_novel_chapter: entry.webNovelChapter?.key ?? null,
        page: entry.page,
        ebook_position: entry.ebookPosition,
        edition: entry.edition,
      },
      anime: null,
    })),
    ...knownTo(mistakes.anime, knowledge).map((entry) => ({
      ...common(entry, entry.path),
      medium: "anime" as const,
      unit_key: entry.episode.key,
      light_novel: null,
      anime: { start_seconds: entry.start, end_seconds: entry.end, platform: entry.platform, track: entry.track },
    })),
  ].map(({ id, medium, unit_key, ...rest }) => ({ id, medium, unit_key, ...rest }));
}

export interface ApiRelease {
  key: string;
  medium: Medium;
  edition: Edition | null;
  volume: number | null;
  label: string;
  title: string | null;
  released_on: string;
  url: string;
}

/** A release: every one is listed, its title null where the requester may not see it. */
export function releaseView(release: Release, knowledge: Knowledge, origin: string): ApiRelease {
  const { title } = seal(release, knowledge);
  return {
    key: release.key,
    medium: release.medium,
    edition: release.edition,
    volume: release.volume,
    label: release.label,
    title: title.content,
    released_on: release.releasedOn,
    url: `${origin}${releasePath(release)}`,
  };
}

/** What a comment or reply says, as the API shows it where `reveal` reveals its horizon (never the writer's tag). */
export interface ApiPost {
  author: string;
  text: string;
  removed: "deleted" | "hidden" | null;
  posted_at: string;
  edited_at: string | null;
  stamp: UnitLabel[];
  writer_knew: string;
}

export interface ApiReply {
  id: number;
  horizon: UnitLabel;
  content: ApiPost | null;
}

export interface ApiComment {
  id: number;
  horizon: UnitLabel;
  content: (ApiPost & { replies: ApiReply[] }) | null;
}

export interface ApiThread {
  unit: { key: string; label: string; url: string };
  url: string;
  comment_count: number;
  page: number;
  per_page: number;
  page_count: number;
  comments: ApiComment[] | null;
}

const placeView = (place: UnitLabel): UnitLabel => ({ key: place.key, label: place.label });

function postView(body: CommentBody): ApiPost {
  return {
    author: body.author,
    text: body.text,
    removed: body.removed,
    posted_at: body.postedAt,
    edited_at: body.editedAt,
    stamp: body.stamp.map(placeView),
    writer_knew: body.writerKnew,
  };
}

/**
 * One page of a unit's discussion thread. Its count and pages are the same for everyone; its comments
 * are null unless `reveal` reveals the unit, and each comment's and reply's content (who, what, when,
 * what they had seen, its replies) null unless it reveals its horizon, which is shown so a client can
 * say what it needs.
 */
export function threadView(thread: Thread, knowledge: Knowledge, origin: string): ApiThread {
  const { comments } = seal(thread, knowledge);
  return {
    unit: { key: thread.unit.key, label: thread.unit.label, url: `${origin}${thread.unit.path}` },
    // The thread's page (app/routes/discuss.tsx).
    url: `${origin}${discussionPath(thread.unit.key)}`,
    comment_count: thread.total,
    page: thread.page,
    per_page: COMMENTS_PER_PAGE,
    page_count: thread.pageCount,
    comments:
      comments.content?.map((comment) => ({
        id: comment.id,
        horizon: placeView(comment.horizon),
        content: comment.content && {
          ...postView(comment.content),
          replies: comment.content.replies.map((reply) => ({
            id: reply.id,
            horizon: placeView(reply.horizon),
            // Its text past both its gates (app/lib/discussion/thread.ts: `ThreadReply`).
            content: reply.content?.content ? postView(reply.content.content) : null,
          })),
        },
      })) ?? null,
  };
}
