import { renderAtom } from "~/lib/atom";
import { animeMistakePath, formatTimestamp, mistakeCategoryLabels, mistakeSeverityLabels } from "~/lib/mistakes";
import type { MistakeEntry } from "~/lib/mistake-entries";
import { isPublic } from "~/lib/spoiler-shield";
import { getNewestMistakes } from "~/models/mistakes.server";
import type { Route } from "./+types/translation-meta.feed";

const FEED_SIZE = 50;

/**
 * A feed is the same for every reader and cannot know their progress, so an entry behind the spoiler
 * shield is summarised by the placeholder, never its lines; the link opens it on the site, where the
 * reader's progress decides.
 */
function entrySummary(entry: MistakeEntry) {
  if (!isPublic(entry.revealAt)) return "This entry is behind the spoiler shield. Open it on the site to read it once your progress reaches it.";
  return `Official: “${entry.official}” Suggested: “${entry.suggested}” ${entry.explanation}`;
}

/** An Atom feed of the newest translation-mistake entries of both media. */
export async function loader({ context }: Route.LoaderArgs) {
  // The configured origin: the Host header is the client's to choose, and a cached feed would spread it.
  const origin = context.env.SITE_URL;
  const { ln, anime } = await getNewestMistakes(context.db, FEED_SIZE);
  const entries = [
    ...ln.map(({ entry, path }) => ({
      id: `${origin}${path}`,
      title: `${entry.volume.label}, chapter ${entry.chapter}: ${mistakeCategoryLabels[entry.category]} (${mistakeSeverityLabels[entry.severity]})`,
      updated: entry.updatedOn ?? entry.addedOn,
      published: entry.addedOn,
      authors: entry.credits,
      categories: [entry.category, entry.severity],
      summary: entrySummary(entry),
    })),
    ...anime.map((entry) => ({
      id: `${origin}${animeMistakePath(entry.id, entry.episode.key)}`,
      title: `Season ${entry.episode.season} episode ${entry.episode.number} at ${formatTimestamp(entry.start)}: ${mistakeCategoryLabels[entry.category]} (${mistakeSeverityLabels[entry.severity]})`,
      updated: entry.updatedOn ?? entry.addedOn,
      published: entry.addedOn,
      authors: entry.credits,
      categories: [entry.category, entry.severity],
      summary: entrySummary(entry),
    })),
  ]
    .map((entry) => ({ ...entry, link: entry.id }))
    .sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id))
    .slice(0, FEED_SIZE);

  const xml = renderAtom({
    id: `${origin}/translation_meta/feed.xml`,
    title: `${context.env.SITE_NAME}: translation notes`,
    subtitle: "The newest entries on where the official English light novels and anime differ from the Japanese.",
    link: `${origin}/translation_meta`,
    selfLink: `${origin}/translation_meta/feed.xml`,
    updated: entries[0]?.updated ?? "1970-01-01",
    entries,
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300, s-maxage=600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
