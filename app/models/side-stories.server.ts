import { type Expression, expressionBuilder, type InferResult } from "kysely";
import { pageInfo } from "~/lib/http/paging";
import { batch, query } from "./query.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { gatedBy, gatedTitle } from "./db.server";

export type SideStory = Awaited<ReturnType<typeof getSideStories>>["sideStories"][number];

/** Side stories per page: the demo's fit on one; a longer series pages in reading order. */
export const SIDE_STORIES_PER_PAGE = 20;

const arithmetic = expressionBuilder();

/** The page a place in reading order (from 0) falls on: places are whole numbers, so `/` drops the rest. */
const pageOf = (place: Expression<number>) =>
  arithmetic(arithmetic(place, "/", arithmetic.lit(SIDE_STORIES_PER_PAGE)), "+", arithmetic.lit(1));

/** A place a side story can be read or played, as the pack gives it; `until`, when it stopped being there. */
export interface FoundIn {
  name: string;
  url: string | null;
  until: string | null;
}

/** Where a story can be found, as its row keeps it (JSON); publication facts, shown to everyone. */
const placesOf = (foundIn: string) => JSON.parse(foundIn) as FoundIn[];

const kindCounts = query
  .selectFrom("side_stories")
  .select((count) => ["kind", count.fn.countAll<number>().as("count")])
  .groupBy("kind");

/**
 * One page of side stories in reading order: the page asked for, or the one that holds `story` (a
 * slug, for links to one story), else the first; `storyFound` says whether `story` names one. With
 * every kind's count and each story's discussion's count. One round trip; the stories are read in the order of their index.
 */
export async function getSideStories(db: D1Database, { page, story }: { page: number | null; story: string | null }) {
  const [stories, kinds] = await batch(db, [
    query
      // Every story with its place in reading order, counted from 0.
      .with("ordered", (from) =>
        from
          .selectFrom("side_stories as s")
          .selectAll("s")
          .select((row) => [
            row(
              row.fn.agg<number>("row_number").over((order) => order.orderBy("s.position").orderBy("s.title")),
              "-",
              row.lit(1),
            ).as("place"),
          ]),
      )
      // The page to show, and whether `story` names a side story.
      .with("wanted", (from) =>
        from.selectNoFrom((row) => [
          row
            .cast<number>(
              row.fn.coalesce(
                row.val(page),
                row
                  .selectFrom("ordered")
                  .select((place) => pageOf(place.ref("place")).as("page"))
                  .where("slug", "=", story)
                  .$asScalar(),
                row.lit(1),
              ),
              "integer",
            )
            .as("page"),
          row
            .exists(row.selectFrom("side_stories").select(row.lit(1).as("found")).where("slug", "=", story))
            .as("story_found"),
        ]),
      )
      .selectFrom("ordered as o")
      .innerJoin("wanted", (join) => join.on((row) => row(pageOf(row.ref("o.place")), "=", row.ref("wanted.page"))))
      .innerJoin("story_units as u", "u.key", "o.read_after")
      .innerJoin("story_units as su", "su.key", "o.key")
      .select((row) => [
        "o.slug",
        "o.key",
        "o.kind",
        "o.title",
        "o.original_title",
        "o.summary",
        "o.revealed_by",
        "su.revealed_by as reached_by",
        "su.title_reached_by",
        "su.told_by",
        "o.published_in",
        "o.published_on",
        "o.read_after",
        "u.label as read_after_label",
        "o.canon",
        "o.read_url",
        "o.found_in",
        "wanted.page",
        "wanted.story_found",
        unitCommentCount(row.ref("o.key")).as("comment_count"),
      ])
      .orderBy("o.place"),
    kindCounts,
  ]);
  const total = kinds.reduce((sum, kind) => sum + kind.count, 0);
  const counts: Partial<Record<InferResult<typeof kindCounts>[number]["kind"], number>> = {};
  for (const { kind, count } of kinds) counts[kind] = count;
  const paging = pageInfo(stories[0]?.page ?? page ?? 1, SIDE_STORIES_PER_PAGE, total);
  return {
    page: paging.page,
    // No row at all only when the page is past the end, which the page reports first.
    storyFound: stories[0]?.story_found === 1,
    pageCount: paging.pageCount,
    total,
    kindCounts: counts,
    sideStories: stories.map((row) => ({
      slug: row.slug,
      key: row.key,
      kind: row.kind,
      // A title is gated as a unit's title is; a story that gives a fate away before it is read is
      // gated by what reveals it, title and summary.
      title: gatedTitle(row.revealed_by, row.title_reached_by, { title: row.title, originalTitle: row.original_title }),
      // A summary tells the story: it waits for the reader to reach it (whatever they chose for titles).
      summary: row.summary === null ? null : gatedBy(row.revealed_by ?? row.reached_by, row.summary),
      publishedIn: row.published_in,
      publishedOn: row.published_on,
      readAfter: { key: row.read_after, label: row.read_after_label },
      canon: row.canon === 1,
      readUrl: row.read_url,
      foundIn: placesOf(row.found_in),
      discussion: unitDiscussion(row.told_by, row.comment_count),
    })),
  };
}
