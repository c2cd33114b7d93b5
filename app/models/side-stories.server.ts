import type { SideStoryRow as SideStoryColumns } from "~/lib/content/rows";
import { gated } from "~/lib/gated";
import { batch } from "./db.server";

type SideStoryRow = Omit<SideStoryColumns, "position"> & {
  read_after_label: string;
  page: number;
  story_found: number;
};

export type SideStory = Awaited<ReturnType<typeof getSideStories>>["sideStories"][number];

/** Side stories per page: the demo's fit on one; a longer series pages in reading order. */
export const SIDE_STORIES_PER_PAGE = 20;

/**
 * One page of side stories in reading order: the page asked for, or the one that holds `story` (a
 * slug, for links to one story), else the first; `storyFound` says whether `story` names one. With
 * every kind's count. One round trip; the stories are read in the order of their index.
 */
export async function getSideStories(db: D1Database, { page, story }: { page: number | null; story: string | null }) {
  const [stories, kinds] = await batch<[SideStoryRow, { kind: SideStoryColumns["kind"]; count: number }]>(db, [
    db
      .prepare(
        `WITH ordered AS (
           SELECT s.*, ROW_NUMBER() OVER (ORDER BY s.position, s.title) - 1 AS place FROM side_stories s
         ), wanted AS (
           SELECT CAST(COALESCE(?1, (SELECT place / ${SIDE_STORIES_PER_PAGE} + 1 FROM ordered WHERE slug = ?2), 1) AS INTEGER) AS page,
                  EXISTS (SELECT 1 FROM side_stories WHERE slug = ?2) AS story_found
         )
         SELECT o.slug, o.key, o.kind, o.title, o.original_title, o.summary, o.revealed_by, o.published_in, o.published_on,
                o.read_after, u.label AS read_after_label, o.canon, o.read_url, wanted.page, wanted.story_found
           FROM ordered o JOIN wanted ON o.place / ${SIDE_STORIES_PER_PAGE} + 1 = wanted.page
           JOIN story_units u ON u.key = o.read_after
          ORDER BY o.place`,
      )
      .bind(page, story),
    db.prepare(`SELECT kind, COUNT(*) AS count FROM side_stories GROUP BY kind`),
  ]);
  const total = kinds.reduce((sum, kind) => sum + kind.count, 0);
  const kindCounts: Partial<Record<SideStoryColumns["kind"], number>> = {};
  for (const { kind, count } of kinds) kindCounts[kind] = count;
  return {
    page: stories[0]?.page ?? page ?? 1,
    // No row at all only when the page is past the end, which the page reports first.
    storyFound: stories[0]?.story_found === 1,
    pageCount: Math.max(1, Math.ceil(total / SIDE_STORIES_PER_PAGE)),
    total,
    kindCounts,
    sideStories: stories.map((row) => ({
      slug: row.slug,
      key: row.key,
      kind: row.kind,
      // A story that gives a fate away before it is read is gated, title and summary.
      told: gated(row.revealed_by, { title: row.title, originalTitle: row.original_title, summary: row.summary }),
      publishedIn: row.published_in,
      publishedOn: row.published_on,
      readAfter: { key: row.read_after, label: row.read_after_label },
      canon: row.canon === 1,
      readUrl: row.read_url,
    })),
  };
}
