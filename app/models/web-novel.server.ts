import { sql } from "kysely";
import { webNovelChapterName } from "~/lib/content/labels";
import { cardsAround } from "~/lib/chooser-window";
import { batch, query, slot } from "./query.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { gated } from "~/lib/shield/gated";
import { gatedBy, gatedTitle } from "./db.server";

export type WebNovelChapter = Awaited<ReturnType<typeof getWebNovel>>["chapters"][number];
export type WebNovelArc = Awaited<ReturnType<typeof getWebNovel>>["cards"][number];
export type WebNovelArcName = Awaited<ReturnType<typeof getWebNovel>>["arcs"][number];

/**
 * Every arc by number and title, with its totals as counted at import (decision 51): chapters, words, the
 * chapters without a word count or a date, and when its first and last chapter came out. One small row
 * an arc; no chapter is read.
 */
const arcRows = query
  .selectFrom("arcs")
  .select([
    "number",
    "title",
    "title_revealed_by",
    "chapter_count",
    "word_count",
    "chapters_without_words",
    "chapters_undated",
    "started_on",
    "ended_on",
  ])
  .orderBy("number");

const firstArc = query.selectFrom("arcs").select((arc) => arc.fn.min("number").as("number"));

/** The arc a page shows: the one asked for (a slot filled per request), else the first. */
type ArcChoice = number | typeof firstArc;

/** The selected arc's chapters' story positions, the first or the last. */
const arcEdge = (arc: ArcChoice, edge: "min" | "max") =>
  query
    .selectFrom("chapters")
    .select((chapter) => chapter.fn[edge]("position").as("position"))
    .where("arc_number", "=", arc);

/** Volumes whose adapted chapters overlap the arc, in the order of their first chapter. */
const volumesOfArc = (arc: ArcChoice) =>
  query
    .selectFrom("ln_volumes as a")
    .innerJoin("story_units as u", "u.key", "a.key")
    .innerJoin("chapters as f", "f.key", "a.adapts_from")
    .innerJoin("chapters as t", "t.key", "a.adapts_to")
    .select(["a.key", "u.label", "f.position as from_position", "t.position as to_position"])
    .where("t.position", ">=", arcEdge(arc, "min"))
    .where("f.position", "<=", arcEdge(arc, "max"))
    .orderBy("f.position");

/**
 * Each run of chapters an episode adapts that overlaps the arc, in story order: an episode that intercuts
 * two runs is one row for each, so a chapter it passed over between them is not counted as adapted.
 */
const episodeRunsOfArc = (arc: ArcChoice) =>
  query
    .selectFrom(["anime_episodes as a", sql<{ value: string }>`json_each(${sql.ref("a.adapts_chapters")})`.as("j")])
    .innerJoin("story_units as u", "u.key", "a.key")
    .innerJoin("chapters as f", (join) =>
      join.on("f.key", "=", sql<string>`json_extract(${sql.ref("j.value")}, '$.from')`),
    )
    .innerJoin("chapters as t", (join) =>
      join.on("t.key", "=", sql<string>`json_extract(${sql.ref("j.value")}, '$.to')`),
    )
    .select(["a.key", "u.label", "f.position as from_position", "t.position as to_position"])
    .where("t.position", ">=", arcEdge(arc, "min"))
    .where("f.position", "<=", arcEdge(arc, "max"))
    .orderBy("f.position");

/**
 * The chapters of the arc an episode passed over inside what it adapts ("skipped" in its changes), or a
 * volume left out ("cut"): neither adapts them, though its range holds them (pack/reveals.ts reads them
 * so for the shield).
 */
const leftOutOfArc = (arc: ArcChoice) =>
  query
    .selectFrom("adaptation_changes as c")
    .innerJoin("chapters as f", "f.key", "c.chapters_from")
    .innerJoin("chapters as t", "t.key", "c.chapters_to")
    .select(["c.episode_key as key", "f.position as from_position", "t.position as to_position"])
    .where("c.kind", "=", "skipped")
    .where("t.position", ">=", arcEdge(arc, "min"))
    .where("f.position", "<=", arcEdge(arc, "max"))
    .unionAll(
      query
        .selectFrom("ln_volume_changes as c")
        .innerJoin("chapters as f", "f.key", "c.chapters_from")
        .innerJoin("chapters as t", "t.key", "c.chapters_to")
        .select(["c.volume_key as key", "f.position as from_position", "t.position as to_position"])
        .where("c.kind", "=", "cut")
        .where("t.position", ">=", arcEdge(arc, "min"))
        .where("f.position", "<=", arcEdge(arc, "max")),
    );

/** The page's queries for an arc, built once for the first arc and once for an arc asked for by number. */
const pageQueries = (arc: ArcChoice) =>
  [
    arcRows,
    // The shown arc's own text: read for it alone.
    query
      .selectFrom("arcs")
      .select(["number", "original_title", "title_revealed_by", "summary", "summary_revealed_by", "phases"])
      .where("number", "=", arc),
    query
      .selectFrom("chapters as c")
      .innerJoin("story_units as u", "u.key", "c.key")
      .select((chapter) => [
        "c.key",
        "u.label",
        "c.ordinal",
        "c.kind",
        "c.title",
        "c.original_title",
        "c.published_on",
        "c.word_count",
        "c.read_url",
        "c.translator",
        "c.position",
        "c.title_revealed_by",
        "u.title_reached_by as reached_by",
        "u.told_by",
        unitCommentCount(chapter.ref("c.key")).as("comment_count"),
      ])
      .where("c.arc_number", "=", arc)
      .orderBy("c.ordinal"),
    volumesOfArc(arc),
    episodeRunsOfArc(arc),
    leftOutOfArc(arc),
    query.selectFrom("series").select("web_novel_ongoing"),
  ] as const;

const firstArcQueries = pageQueries(firstArc);
const numberedArcQueries = pageQueries(slot<number>("arc"));

/**
 * Every arc by name, the totals of the arcs the page shows as cards and of the whole web novel, and the
 * chapters of one arc with the light novel volume and anime episode that adapt each of them and its
 * discussion's count; a chapter's title is gated as a unit's title is (`gatedTitle`). One D1 round trip.
 */
export async function getWebNovel(db: D1Database, arcNumber: number | null) {
  const [arcs, [selected], chapters, volumes, episodes, leftOut, [series]] = await batch(
    db,
    arcNumber === null ? firstArcQueries : numberedArcQueries,
    { arc: arcNumber },
  );

  const holds = (range: { from_position: number; to_position: number }, position: number) =>
    range.from_position <= position && position <= range.to_position;
  // The volumes and episodes whose range holds the chapter, less those that left it out.
  const covering = (list: typeof volumes, position: number) =>
    list
      .filter((unit) => holds(unit, position))
      .filter((unit) => !leftOut.some((left) => left.key === unit.key && holds(left, position)))
      .map(({ key, label }) => ({ key, label }));

  const totals = (arc: (typeof arcs)[number]) => ({
    chapterCount: arc.chapter_count,
    wordCount: arc.word_count,
    withoutWordCount: arc.chapters_without_words,
    undated: arc.chapters_undated,
    startedOn: arc.started_on,
    endedOn: arc.ended_on,
  });
  const sum = (count: (arc: (typeof arcs)[number]) => number) => arcs.reduce((whole, arc) => whole + count(arc), 0);
  const shown = new Set(
    cardsAround(
      arcs.map((arc) => ({ value: arc.number })),
      selected?.number ?? null,
    ).map((card) => card.value),
  );
  return {
    // Every arc by name for the picker, with its count of chapters (where a reader's next chapter is:
    // arcToOpen); its other totals only for the cards shown (cardsAround), so the page and its data stay
    // about the same size however many arcs the story has. A card's title is its arc's, which waits where
    // the pack gates it (a name the story keeps until later).
    arcs: arcs.map((arc) => ({
      number: arc.number,
      title: gatedBy(arc.title_revealed_by, arc.title),
      chapterCount: arc.chapter_count,
    })),
    cards: arcs.filter((arc) => shown.has(arc.number)).map((arc) => ({ number: arc.number, ...totals(arc) })),
    /** The whole web novel's totals: the arcs' own, summed; its dates from the first dated arc to the last. */
    whole: {
      chapterCount: sum((arc) => arc.chapter_count),
      wordCount: sum((arc) => arc.word_count),
      withoutWordCount: sum((arc) => arc.chapters_without_words),
      undated: sum((arc) => arc.chapters_undated),
      startedOn: arcs.find((arc) => arc.started_on)?.started_on ?? null,
      endedOn: arcs.findLast((arc) => arc.ended_on)?.ended_on ?? null,
      /** Still being serialized: its last chapter's date is where it has got to, not its end. */
      ongoing: series?.web_novel_ongoing === 1,
    },
    selectedArc: selected ? selected.number : null,
    arc: selected
      ? {
          // Gated with the title: either would give it away.
          originalTitle: gatedBy(selected.title_revealed_by, selected.original_title),
          // A summary that tells what happens later in the arc is gated.
          summary: selected.summary === null ? null : gatedBy(selected.summary_revealed_by, selected.summary),
          phases: phasesOf(selected.phases, chapters),
        }
      : null,
    chapters: chapters.map((chapter) => ({
      key: chapter.key,
      /** Its name within the arc, as the series numbers it: "Chapter 26", "Chapter 123-A", "Interlude". */
      name: webNovelChapterName(chapter.label),
      ordinal: chapter.ordinal,
      kind: chapter.kind,
      // A title is gated with its original: either would give the chapter away.
      title: gatedTitle(chapter.title_revealed_by, chapter.reached_by, {
        title: chapter.title,
        originalTitle: chapter.original_title,
      }),
      publishedOn: chapter.published_on,
      wordCount: chapter.word_count,
      readUrl: chapter.read_url,
      translator: chapter.translator,
      position: chapter.position,
      volumes: covering(volumes, chapter.position),
      episodes: covering(episodes, chapter.position),
      discussion: unitDiscussion(chapter.told_by, chapter.comment_count),
    })),
  };
}

/**
 * An arc's phases, each name gated as a unit's title is: a phase is often named as one of its chapters is
 * ("The Dusk King"), so its name waits with that chapter's title; else as the title of the chapter that
 * opens it would wait if the pack did not flag it (the name is not that title).
 */
function phasesOf(
  stored: string,
  chapters: readonly { ordinal: number; title: string; title_revealed_by: string | null; reached_by: string }[],
) {
  const phases = JSON.parse(stored) as Array<{ name: string; fromOrdinal: number }>;
  return phases.map(({ name, fromOrdinal }, index) => {
    const named = chapters.find((chapter) => chapter.title === name);
    if (named) return { name: gatedTitle(named.title_revealed_by, named.reached_by, name), fromOrdinal };
    const opening = chapters.find((chapter) => index === 0 || chapter.ordinal >= fromOrdinal);
    return { name: opening ? gatedTitle(null, opening.reached_by, name) : gated(null, name), fromOrdinal };
  });
}
