import type { ArcRow as ArcColumns, ChapterRow as ChapterColumns } from "~/lib/content/rows";
import { gated } from "~/lib/gated";
import { batch } from "./db.server";

type ArcRow = ArcColumns & { chapter_count: number; word_count: number; started_on: string; ended_on: string };

type ChapterRow = Omit<ChapterColumns, "arc_number" | "title_reveal_position">;

interface AdaptationRow {
  key: string;
  label: string;
  from_position: number;
  to_position: number;
}

export type WebNovelChapter = Awaited<ReturnType<typeof getWebNovel>>["chapters"][number];

/**
 * Every arc with its totals, and the chapters of one arc with the light novel volume and anime
 * episode that adapt each of them; a chapter's title is gated where the pack flags it. One D1 round trip.
 */
export async function getWebNovel(db: D1Database, arcNumber: number | null) {
  const arcQuery = `COALESCE(?1, (SELECT MIN(number) FROM arcs))`;
  /** Volumes or episodes whose adapted chapters overlap the arc. */
  const adaptationsOfArc = (table: "ln_volumes" | "anime_episodes") =>
    db
      .prepare(
        `SELECT a.key, u.label, f.position AS from_position, t.position AS to_position
           FROM ${table} a
           JOIN story_units u ON u.key = a.key
           JOIN chapters f ON f.key = a.adapts_from
           JOIN chapters t ON t.key = a.adapts_to
          WHERE t.position >= (SELECT MIN(position) FROM chapters WHERE arc_number = ${arcQuery})
            AND f.position <= (SELECT MAX(position) FROM chapters WHERE arc_number = ${arcQuery})
          ORDER BY f.position`,
      )
      .bind(arcNumber);
  const [arcs, chapters, volumes, episodes] = await batch<[ArcRow, ChapterRow, AdaptationRow, AdaptationRow]>(db, [
    db.prepare(
      `SELECT a.number, a.title, a.original_title, a.summary, a.summary_revealed_by, a.phases,
              COUNT(c.key) AS chapter_count, COALESCE(SUM(c.word_count), 0) AS word_count,
              MIN(c.published_on) AS started_on, MAX(c.published_on) AS ended_on
         FROM arcs a LEFT JOIN chapters c ON c.arc_number = a.number
        GROUP BY a.number ORDER BY a.number`,
    ),
    db
      .prepare(
        `SELECT key, ordinal, kind, title, original_title, published_on, word_count, read_url, translator,
                position, title_revealed_by
           FROM chapters WHERE arc_number = ${arcQuery} ORDER BY ordinal`,
      )
      .bind(arcNumber),
    adaptationsOfArc("ln_volumes"),
    adaptationsOfArc("anime_episodes"),
  ]);

  const covering = (list: AdaptationRow[], position: number) =>
    list
      .filter((unit) => unit.from_position <= position && position <= unit.to_position)
      .map(({ key, label }) => ({ key, label }));

  const selectedNumber = arcNumber ?? arcs[0]?.number ?? null;
  const selected = arcs.find((arc) => arc.number === selectedNumber);
  return {
    // The arc list shows each arc's name and totals; only the selected arc's own text is shown.
    arcs: arcs.map((arc) => ({
      number: arc.number,
      title: arc.title,
      chapterCount: arc.chapter_count,
      wordCount: arc.word_count,
      startedOn: arc.started_on,
      endedOn: arc.ended_on,
    })),
    selectedArc: selected ? selected.number : null,
    arc: selected
      ? {
          originalTitle: selected.original_title,
          // A summary that tells what happens later in the arc is gated.
          summary: selected.summary === null ? null : gated(selected.summary_revealed_by, selected.summary),
          phases: JSON.parse(selected.phases) as Array<{ name: string; fromOrdinal: number }>,
        }
      : null,
    chapters: chapters.map((chapter) => ({
      key: chapter.key,
      ordinal: chapter.ordinal,
      kind: chapter.kind,
      // A flagged title is gated with its original: either would give the chapter away.
      title: gated(chapter.title_revealed_by, { title: chapter.title, originalTitle: chapter.original_title }),
      publishedOn: chapter.published_on,
      wordCount: chapter.word_count,
      readUrl: chapter.read_url,
      translator: chapter.translator,
      position: chapter.position,
      volumes: covering(volumes, chapter.position),
      episodes: covering(episodes, chapter.position),
    })),
  };
}
