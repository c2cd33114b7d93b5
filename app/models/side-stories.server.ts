import type { SideStoryRow as SideStoryColumns } from "~/lib/content/rows";
import { batch } from "./db.server";

type SideStoryRow = Omit<SideStoryColumns, "position"> & { read_after_label: string };

export type SideStory = Awaited<ReturnType<typeof getSideStories>>[number];

/** Every side story in reading order. One round trip. */
export async function getSideStories(db: D1Database) {
  const [stories] = await batch<[SideStoryRow]>(db, [
    db.prepare(
      `SELECT s.slug, s.key, s.kind, s.title, s.original_title, s.summary, s.published_in, s.published_on,
              s.read_after, u.label AS read_after_label, s.canon, s.read_url
         FROM side_stories s JOIN story_units u ON u.key = s.read_after
        ORDER BY s.position, s.title`,
    ),
  ]);
  return stories.map((story) => ({
    slug: story.slug,
    key: story.key,
    kind: story.kind,
    title: story.title,
    originalTitle: story.original_title,
    summary: story.summary,
    publishedIn: story.published_in,
    publishedOn: story.published_on,
    readAfter: { key: story.read_after, label: story.read_after_label },
    canon: story.canon === 1,
    readUrl: story.read_url,
  }));
}
