import type { z } from "zod";
import { type ContentPack, type PackFileName, packFiles } from "./pack-schema";
import { timestampSeconds } from "../mistakes";
import { type Medium, mediumOf, unitPath } from "./units";

/** One problem in a pack: the file, where inside it, and what is wrong. */
export interface PackProblem {
  file: string;
  path: string;
  message: string;
}

export function formatProblem({ file, path, message }: PackProblem) {
  return `${file}${path ? ` › ${path}` : ""}: ${message}`;
}

type Value = string | number | null;
export type Row = Record<string, Value>;
export type PackRows = Record<string, Row[]>;

function zodPath(path: ReadonlyArray<PropertyKey>) {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

/** Checks one file's shape; returns the parsed value or its problems. */
export function parsePackFile<F extends PackFileName>(file: F, json: unknown) {
  const result = (packFiles[file] as z.ZodType).safeParse(json);
  if (result.success) return { value: result.data as z.infer<(typeof packFiles)[F]>, problems: [] };
  return {
    value: null,
    problems: result.error.issues.map((issue) => ({ file, path: zodPath(issue.path), message: issue.message })),
  };
}

const unitKinds: Record<Medium, string> = {
  web_novel: "a web novel chapter (wn:…)",
  light_novels: "a light novel volume (ln:…)",
  side_stories: "a side story (ss:…)",
  anime: "an anime episode (anime:…)",
  break_time: "a Break Time episode (bt:…)",
};

/** A unit read after another sits just past it, well before the next chapter (positions step by 1). */
const READ_AFTER_OFFSET = 0.01;

const kindLabels = { prologue: "Prologue", chapter: "Chapter", interlude: "Interlude", epilogue: "Epilogue" } as const;

/**
 * Checks references across the pack and turns it into table rows. Every unit gets a position on
 * the story timeline: chapters in reading order; a volume or episode where the last chapter it
 * adapts is; a side story or side volume just after the unit it is read after; a Break Time short
 * with the episode it accompanies.
 */
export function resolvePack(pack: ContentPack, packName: string): { rows: PackRows; problems: PackProblem[] } {
  const problems: PackProblem[] = [];
  const problem = (file: PackFileName, path: string, message: string) => problems.push({ file, path, message });

  // 1. Every unit and how its position is found.
  type Placement = { fixed: number } | { after: string; offset: number; file: PackFileName; path: string };
  const placements = new Map<string, Placement>();
  const labels = new Map<string, string>();
  const declare = (key: string, placement: Placement, label: string, file: PackFileName, path: string) => {
    if (placements.has(key)) problem(file, path, `${key} is defined twice`);
    placements.set(key, placement);
    labels.set(key, label);
  };

  const chapterOrder: string[] = [];
  const arcNumbers = new Set<number>();
  const arcs = [...pack.webNovel.arcs].sort((a, b) => a.number - b.number);
  pack.webNovel.arcs.forEach((arc, arcIndex) => {
    if (arcNumbers.has(arc.number)) problem("web-novel.json", `arcs[${arcIndex}].number`, `arc ${arc.number} appears twice`);
    arcNumbers.add(arc.number);
  });
  for (const arc of arcs) {
    const arcIndex = pack.webNovel.arcs.indexOf(arc);
    const chapters = [...arc.chapters].sort((a, b) => a.ordinal - b.ordinal);
    for (const chapter of chapters) {
      const key = `wn:${arc.number}-${chapter.ordinal}`;
      const path = `arcs[${arcIndex}].chapters[${arc.chapters.indexOf(chapter)}]`;
      chapterOrder.push(key);
      const label = `Arc ${arc.number} · ${
        chapter.kind === "chapter" ? `Chapter ${chapter.ordinal}` : chapter.kind === "interlude" ? `Interlude (${chapter.ordinal})` : kindLabels[chapter.kind]
      }`;
      declare(key, { fixed: chapterOrder.length }, label, "web-novel.json", `${path}.ordinal`);
    }
    arc.phases.forEach((phase, index) => {
      if (!arc.chapters.some((chapter) => chapter.ordinal === phase.fromOrdinal))
        problem("web-novel.json", `arcs[${arcIndex}].phases[${index}].fromOrdinal`, `arc ${arc.number} has no chapter ${phase.fromOrdinal}`);
    });
  }

  const collectionCodes = new Set<string>();
  pack.lightNovels.collections.forEach((collection, c) => {
    if (collectionCodes.has(collection.code)) problem("light-novels.json", `collections[${c}].code`, `collection "${collection.code}" appears twice`);
    collectionCodes.add(collection.code);
    collection.volumes.forEach((volume, v) => {
      const key = `ln:${collection.code}-${volume.number}`;
      const path = `collections[${c}].volumes[${v}]`;
      const label = `${collection.name} ${volume.number}`;
      if (volume.adapts) declare(key, { after: volume.adapts.to, offset: 0, file: "light-novels.json", path: `${path}.adapts.to` }, label, "light-novels.json", `${path}.number`);
      else if (volume.readAfter) declare(key, { after: volume.readAfter, offset: READ_AFTER_OFFSET, file: "light-novels.json", path: `${path}.readAfter` }, label, "light-novels.json", `${path}.number`);
      else problem("light-novels.json", path, "a volume needs either adapts (the chapters it covers) or readAfter (where to read it)");
    });
  });

  pack.sideStories.sideStories.forEach((story, index) => {
    declare(`ss:${story.slug}`, { after: story.readAfter, offset: READ_AFTER_OFFSET, file: "side-stories.json", path: `sideStories[${index}].readAfter` }, story.title, "side-stories.json", `sideStories[${index}].slug`);
  });

  const seasonNumbers = new Set<number>();
  pack.anime.seasons.forEach((season, s) => {
    if (seasonNumbers.has(season.number)) problem("anime.json", `seasons[${s}].number`, `season ${season.number} appears twice`);
    seasonNumbers.add(season.number);
    season.episodes.forEach((episode, e) => {
      declare(`anime:${season.number}-${episode.number}`, { after: episode.adapts.to, offset: 0, file: "anime.json", path: `seasons[${s}].episodes[${e}].adapts.to` }, `Season ${season.number} · Episode ${episode.number}`, "anime.json", `seasons[${s}].episodes[${e}].number`);
    });
  });
  pack.anime.breakTime.forEach((short, index) => {
    declare(`bt:${short.season}-${short.number}`, { after: short.accompanies, offset: 0, file: "anime.json", path: `breakTime[${index}].accompanies` }, `Break Time ${short.season} · Episode ${short.number}`, "anime.json", `breakTime[${index}].number`);
  });

  // 2. Positions, following "after" references; unknown references and cycles are problems.
  const positions = new Map<string, number>();
  const resolving = new Set<string>();
  const positionOf = (key: string): number | null => {
    const known = positions.get(key);
    if (known !== undefined) return known;
    const placement = placements.get(key);
    if (!placement) return null;
    if ("fixed" in placement) {
      positions.set(key, placement.fixed);
      return placement.fixed;
    }
    if (resolving.has(key)) {
      problem(placement.file, placement.path, `${key} is placed after itself (a cycle through ${placement.after})`);
      return null;
    }
    resolving.add(key);
    const base = positionOf(placement.after);
    resolving.delete(key);
    if (base === null) {
      if (!placements.has(placement.after)) problem(placement.file, placement.path, `points to ${placement.after}, which does not exist`);
      return null;
    }
    const position = base + placement.offset;
    positions.set(key, position);
    return position;
  };
  for (const key of placements.keys()) positionOf(key);

  /** A reference that must exist (and, with medium, be of that medium). */
  const ref = (key: string | undefined, file: PackFileName, path: string, medium?: Medium): number | null => {
    if (key === undefined) return null;
    if (!placements.has(key)) {
      problem(file, path, `points to ${key}, which does not exist`);
      return null;
    }
    if (medium && mediumOf(key) !== medium) {
      problem(file, path, `must point to ${unitKinds[medium]}, not ${key}`);
      return null;
    }
    return positions.get(key) ?? null;
  };

  // 3. Rows.
  const rows: PackRows = {
    series: [
      {
        id: 1,
        pack: packName,
        title: pack.series.title,
        original_title: pack.series.originalTitle,
        synopsis: pack.series.synopsis,
        author: pack.series.author ?? null,
        illustrator: pack.series.illustrator ?? null,
        media: JSON.stringify(pack.series.media),
      },
    ],
    story_units: [...placements.keys()].map((key) => ({
      key,
      medium: mediumOf(key),
      position: positions.get(key) ?? 0,
      label: labels.get(key) ?? key,
      path: unitPath(key),
    })),
    arcs: [],
    chapters: [],
    ln_collections: [],
    ln_volumes: [],
    side_stories: [],
    anime_seasons: [],
    anime_episodes: [],
    break_time_episodes: [],
    characters: [],
    character_affiliations: [],
    character_facts: [],
    character_relationships: [],
    search_entries: [],
    ln_mistakes: [],
    anime_mistakes: [],
  };
  const push = (table: string, row: Row) => rows[table]!.push(row);

  for (const arc of arcs) {
    push("arcs", {
      number: arc.number,
      title: arc.title,
      original_title: arc.originalTitle ?? null,
      summary: arc.summary ?? null,
      phases: JSON.stringify(arc.phases),
    });
    const seen = new Set<number>();
    arc.chapters.forEach((chapter) => {
      if (seen.has(chapter.ordinal)) return; // reported as a duplicate key above
      seen.add(chapter.ordinal);
      const key = `wn:${arc.number}-${chapter.ordinal}`;
      const position = positions.get(key) ?? 0;
      push("chapters", {
        key,
        arc_number: arc.number,
        ordinal: chapter.ordinal,
        kind: chapter.kind,
        title: chapter.title,
        original_title: chapter.originalTitle ?? null,
        published_on: chapter.publishedOn,
        word_count: chapter.wordCount,
        read_url: chapter.readUrl ?? null,
        translator: chapter.translator ?? null,
        position,
        title_reveal_position: chapter.titleIsSpoiler ? position : null,
      });
      push("search_entries", {
        ref: `chapter:${key}`,
        kind: "chapter",
        title: chapter.title,
        subtitle: labels.get(key) ?? key,
        path: unitPath(key),
        aliases: chapter.originalTitle ?? "",
        body: arc.title,
        reveal_position: chapter.titleIsSpoiler ? position : null,
      });
    });
  }

  pack.lightNovels.collections.forEach((collection, c) => {
    push("ln_collections", {
      code: collection.code,
      name: collection.name,
      kind: collection.kind,
      description: collection.description ?? null,
      sort_order: c,
    });
    const numbers = new Set<number>();
    collection.volumes.forEach((volume, v) => {
      const path = `collections[${c}].volumes[${v}]`;
      if (numbers.has(volume.number)) return;
      numbers.add(volume.number);
      const key = `ln:${collection.code}-${volume.number}`;
      const from = ref(volume.adapts?.from, "light-novels.json", `${path}.adapts.from`, "web_novel");
      const to = ref(volume.adapts?.to, "light-novels.json", `${path}.adapts.to`, "web_novel");
      if (from !== null && to !== null && from > to) problem("light-novels.json", `${path}.adapts`, `adapts runs backwards: ${volume.adapts?.from} comes after ${volume.adapts?.to}`);
      if (volume.releasedEn && volume.releasedEn < volume.releasedJp) problem("light-novels.json", `${path}.releasedEn`, "the English release cannot come before the Japanese one");
      push("ln_volumes", {
        key,
        collection_code: collection.code,
        number: volume.number,
        title: volume.title,
        original_title: volume.originalTitle ?? null,
        released_jp: volume.releasedJp,
        released_en: volume.releasedEn ?? null,
        isbn: volume.isbn ?? null,
        page_count: volume.pageCount ?? null,
        cover: volume.cover ? `/media/${packName}/${volume.cover.replace(/^images\//, "")}` : null,
        chapter_titles: JSON.stringify(volume.chapters),
        adapts_from: volume.adapts?.from ?? null,
        adapts_to: volume.adapts?.to ?? null,
        read_after: volume.readAfter ?? null,
        position: positions.get(key) ?? 0,
      });
      push("search_entries", {
        ref: `volume:${key}`,
        kind: "volume",
        title: volume.title,
        subtitle: labels.get(key) ?? key,
        path: unitPath(key),
        aliases: [volume.originalTitle, volume.isbn].filter(Boolean).join(" "),
        body: volume.chapters.join(" · "),
        reveal_position: null,
      });
    });
  });

  const slugs = new Set<string>();
  pack.sideStories.sideStories.forEach((story) => {
    if (slugs.has(story.slug)) return;
    slugs.add(story.slug);
    const key = `ss:${story.slug}`;
    push("side_stories", {
      slug: story.slug,
      key,
      kind: story.kind,
      title: story.title,
      original_title: story.originalTitle ?? null,
      summary: story.summary ?? null,
      published_in: story.publishedIn,
      published_on: story.publishedOn ?? null,
      read_after: story.readAfter,
      canon: story.canon ? 1 : 0,
      read_url: story.readUrl ?? null,
      position: positions.get(key) ?? 0,
    });
    push("search_entries", {
      ref: `side_story:${story.slug}`,
      kind: "side_story",
      title: story.title,
      subtitle: `Side story · ${story.publishedIn}`,
      path: unitPath(key),
      aliases: story.originalTitle ?? "",
      body: story.summary ?? "",
      reveal_position: null,
    });
  });

  const episodeKeys = new Set<string>();
  pack.anime.seasons.forEach((season, s) => {
    push("anime_seasons", { number: season.number, title: season.title });
    season.episodes.forEach((episode, e) => {
      const key = `anime:${season.number}-${episode.number}`;
      if (episodeKeys.has(key)) return;
      episodeKeys.add(key);
      const path = `seasons[${s}].episodes[${e}]`;
      const from = ref(episode.adapts.from, "anime.json", `${path}.adapts.from`, "web_novel");
      const to = ref(episode.adapts.to, "anime.json", `${path}.adapts.to`, "web_novel");
      if (from !== null && to !== null && from > to) problem("anime.json", `${path}.adapts`, `adapts runs backwards: ${episode.adapts.from} comes after ${episode.adapts.to}`);
      episode.volumes.forEach((volume, index) => ref(volume, "anime.json", `${path}.volumes[${index}]`, "light_novels"));
      push("anime_episodes", {
        key,
        season_number: season.number,
        number: episode.number,
        title: episode.title,
        original_title: episode.originalTitle ?? null,
        aired_on: episode.airedOn,
        adapts_from: episode.adapts.from,
        adapts_to: episode.adapts.to,
        volumes: JSON.stringify(episode.volumes),
        position: positions.get(key) ?? 0,
      });
    });
  });
  const shortKeys = new Set<string>();
  pack.anime.breakTime.forEach((short, index) => {
    const key = `bt:${short.season}-${short.number}`;
    if (shortKeys.has(key)) return;
    shortKeys.add(key);
    ref(short.accompanies, "anime.json", `breakTime[${index}].accompanies`, "anime");
    push("break_time_episodes", {
      key,
      season_number: short.season,
      number: short.number,
      title: short.title,
      aired_on: short.airedOn ?? null,
      accompanies: short.accompanies,
      position: positions.get(key) ?? 0,
    });
  });

  const characterSlugs = new Set(pack.characters.characters.map((character) => character.slug));
  const seenCharacters = new Set<string>();
  pack.characters.characters.forEach((character, index) => {
    const path = `characters[${index}]`;
    if (seenCharacters.has(character.slug)) {
      problem("characters.json", `${path}.slug`, `the slug "${character.slug}" is used twice`);
      return;
    }
    seenCharacters.add(character.slug);
    const first = character.firstAppearances;
    const firsts = [
      ["web_novel", ref(first.webNovel, "characters.json", `${path}.firstAppearances.webNovel`, "web_novel")],
      ["light_novels", ref(first.lightNovel, "characters.json", `${path}.firstAppearances.lightNovel`, "light_novels")],
      ["anime", ref(first.anime, "characters.json", `${path}.firstAppearances.anime`, "anime")],
    ] as const;
    // Release order of the media: the web novel came first, then the light novels, then the anime.
    const firstMedium = firsts.find(([, position]) => position !== null)?.[0] ?? null;
    const appearsAt = Math.min(...firsts.map(([, position]) => position ?? Infinity));
    push("characters", {
      slug: character.slug,
      name: character.name,
      original_name: character.originalName ?? null,
      aliases: JSON.stringify(character.aliases),
      affiliations: JSON.stringify(character.affiliations),
      summary: character.summary ?? null,
      portrait: character.portrait ? `/media/${packName}/${character.portrait.src.replace(/^images\//, "")}` : null,
      portrait_alt: character.portrait?.alt ?? null,
      portrait_reveal_position: ref(character.portrait?.revealAt, "characters.json", `${path}.portrait.revealAt`),
      first_web_novel: first.webNovel ?? null,
      first_light_novel: first.lightNovel ?? null,
      first_anime: first.anime ?? null,
      first_medium: firstMedium,
      sort_name: character.name.toLocaleLowerCase("en"),
    });
    new Set(character.affiliations).forEach((affiliation) =>
      push("character_affiliations", { character_slug: character.slug, affiliation }),
    );
    character.facts.forEach((fact, f) =>
      push("character_facts", {
        character_slug: character.slug,
        sort_order: f,
        label: fact.label,
        value: fact.value,
        reveal_position: ref(fact.revealAt, "characters.json", `${path}.facts[${f}].revealAt`),
      }),
    );
    const relationshipKeys = new Set<string>();
    character.relationships.forEach((relationship, r) => {
      const where = `${path}.relationships[${r}]`;
      if (!characterSlugs.has(relationship.to)) problem("characters.json", `${where}.to`, `points to the character "${relationship.to}", which does not exist`);
      else if (relationship.to === character.slug) problem("characters.json", `${where}.to`, "a character cannot be related to itself");
      else if (relationshipKeys.has(`${relationship.to}/${relationship.kind}`)) problem("characters.json", where, `the ${relationship.kind} relationship to "${relationship.to}" is listed twice`);
      else {
        relationshipKeys.add(`${relationship.to}/${relationship.kind}`);
        push("character_relationships", {
          character_slug: character.slug,
          related_slug: relationship.to,
          kind: relationship.kind,
          description: relationship.description,
          reveal_position: ref(relationship.revealAt, "characters.json", `${where}.revealAt`),
        });
      }
    });
    push("search_entries", {
      ref: `character:${character.slug}`,
      kind: "character",
      title: character.name,
      subtitle: character.affiliations.join(" · ") || "Character",
      path: `/characters/${character.slug}`,
      aliases: [character.originalName, ...character.aliases].filter(Boolean).join(" · "),
      body: character.summary ?? "",
      reveal_position: Number.isFinite(appearsAt) ? appearsAt : null,
    });
  });

  resolveMistakes(pack, { positions, problem, ref, push });
  return { rows, problems };
}

/** The columns light novel and anime entries share. */
function entryColumns(entry: ContentPack["mistakes"]["anime"][number] | ContentPack["mistakes"]["lightNovel"][number], revealAt: number | null) {
  return {
    official: entry.official,
    suggested: entry.suggested,
    explanation: entry.explanation,
    category: entry.category,
    severity: entry.severity,
    status: entry.status,
    reveal_position: revealAt ?? 0,
    credits: JSON.stringify(entry.credits),
    added_on: entry.addedOn,
    updated_on: entry.updatedOn ?? null,
  };
}

function resolveMistakes(
  pack: ContentPack,
  {
    positions,
    problem,
    ref,
    push,
  }: {
    positions: Map<string, number>;
    problem: (file: PackFileName, path: string, message: string) => void;
    ref: (key: string | undefined, file: PackFileName, path: string, medium?: Medium) => number | null;
    push: (table: string, row: Row) => void;
  },
) {
  const file = "mistranslations.json";
  const volumes = new Map<string, ContentPack["lightNovels"]["collections"][number]["volumes"][number]>(
    pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.map((volume) => [`ln:${collection.code}-${volume.number}`, volume] as const),
    ),
  );
  const ids = new Set<string>();
  /** Ids are permalinks: each may be used once across both lists. */
  const unique = (id: string, path: string) => {
    if (ids.has(id)) {
      problem(file, `${path}.id`, `the id "${id}" is used twice`);
      return false;
    }
    ids.add(id);
    return true;
  };

  pack.mistakes.lightNovel.forEach((entry, index) => {
    const path = `lightNovel[${index}]`;
    if (!unique(entry.id, path)) return;
    const volumePosition = ref(entry.volume, file, `${path}.volume`, "light_novels");
    const volume = volumes.get(entry.volume);
    if (volume && volume.chapters.length && entry.chapter > volume.chapters.length)
      problem(file, `${path}.chapter`, `${entry.volume} has ${volume.chapters.length} chapters, not ${entry.chapter}`);
    if (volume?.pageCount && entry.page && entry.page > volume.pageCount)
      problem(file, `${path}.page`, `${entry.volume} has ${volume.pageCount} pages, not ${entry.page}`);
    const chapterPosition = ref(entry.webNovelChapter, file, `${path}.webNovelChapter`, "web_novel");
    if (chapterPosition !== null && volume?.adapts) {
      const from = positions.get(volume.adapts.from);
      const to = positions.get(volume.adapts.to);
      if (from !== undefined && to !== undefined && (chapterPosition < from || chapterPosition > to))
        problem(file, `${path}.webNovelChapter`, `${entry.webNovelChapter} is not among the chapters ${entry.volume} adapts`);
    }
    if (entry.page === undefined && entry.ebookPosition === undefined)
      problem(file, path, "give the page, the ebook position, or both");
    const revealAt = entry.revealAt ? ref(entry.revealAt, file, `${path}.revealAt`) : volumePosition;
    push("ln_mistakes", {
      id: entry.id,
      source: "pack",
      volume_key: entry.volume,
      chapter: entry.chapter,
      chapter_title: volume?.chapters[entry.chapter - 1] ?? null,
      web_novel_chapter: entry.webNovelChapter ?? null,
      page: entry.page ?? null,
      ebook_position: entry.ebookPosition ?? null,
      edition: entry.edition,
      japanese: entry.japanese,
      ...entryColumns(entry, revealAt),
    });
  });

  pack.mistakes.anime.forEach((entry, index) => {
    const path = `anime[${index}]`;
    if (!unique(entry.id, path)) return;
    const episodePosition = ref(entry.episode, file, `${path}.episode`, "anime");
    const start = timestampSeconds(entry.start);
    const end = timestampSeconds(entry.end);
    if (end < start) problem(file, `${path}.end`, `ends (${entry.end}) before it starts (${entry.start})`);
    const revealAt = entry.revealAt ? ref(entry.revealAt, file, `${path}.revealAt`) : episodePosition;
    push("anime_mistakes", {
      id: entry.id,
      source: "pack",
      episode_key: entry.episode,
      start_seconds: start,
      end_seconds: end,
      platform: entry.platform,
      track: entry.track,
      japanese: entry.japanese ?? null,
      ...entryColumns(entry, revealAt),
    });
  });
}
