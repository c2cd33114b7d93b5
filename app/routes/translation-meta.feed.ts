import { siteIdentity } from "~/server/site-identity.server";
import { renderAtom } from "~/lib/feeds/atom";
import { episodeNumberName, lightNovelPlace } from "~/lib/content/labels";
import { seal } from "~/lib/shield/gated";
import { noKnowledge } from "~/lib/shield/knowledge";
import {
  animeMistakePath,
  animeTrackLabels,
  formatTimestamp,
  mistakeCategoryLabels,
  mistakeSeverityLabels,
  mistakeStatusLabels,
} from "~/lib/mistakes/rules";
import type { AnimeMistakePlace, LnMistake, MistakeEntry } from "~/lib/mistakes/entries";
import { getNewestMistakes } from "~/models/mistakes.server";
import { atomResponse } from "~/server/atom-response.server";
import type { Route } from "./+types/translation-meta.feed";
import { answeringErrors } from "~/server/refusal.server";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

const FEED_SIZE = 50;

/**
 * A feed is the same for every reader and cannot know what they have seen, so it is sealed for a
 * reader who knows nothing: an entry behind the spoiler shield is summarised by its public facts (how
 * it is judged, and its volume and chapter or its episode), never its lines nor its place within the
 * unit (a page, an ebook position or a time, which a reader's report may have written); the link opens
 * it on the site, where the reader's progress decides.
 */
function entrySummary(entry: MistakeEntry, details: Array<string | null>) {
  const facts = [
    mistakeCategoryLabels[entry.category],
    mistakeSeverityLabels[entry.severity],
    mistakeStatusLabels[entry.status],
    ...details,
  ]
    .filter(Boolean)
    .join(" · ");
  if (!entry.content) {
    return `${facts}. Its lines are behind the spoiler shield, so the feed leaves them out: open the entry on the site, where your progress decides whether they show.`;
  }
  return `${facts}. Official: “${entry.content.official}” Suggested: “${entry.content.suggested}” ${entry.content.explanation}`;
}

/** How an entry is judged, as its title says it: "Mistranslation (Plot-relevant)". */
const judged = (entry: MistakeEntry) =>
  `${mistakeCategoryLabels[entry.category]} (${mistakeSeverityLabels[entry.severity]})`;

/** Where a light novel entry is in its volume: a page, or an ebook position. */
const placeInVolume = (entry: LnMistake) =>
  entry.page ? `p. ${entry.page}` : entry.ebookPosition ? `ebook ${entry.ebookPosition}` : null;

/** An Atom feed of the newest translation-mistake entries of both media. */
export const loader = answeringErrors(async ({ context }: Route.LoaderArgs) => {
  const origin = context.origin;
  const [newest, site] = await Promise.all([getNewestMistakes(context.db, FEED_SIZE), siteIdentity(context)]);
  const { ln, anime } = seal(newest, noKnowledge);
  const entries = [
    ...ln.map(({ entry, path }) => ({
      id: `${origin}${path}`,
      title: `${lightNovelPlace(entry.volume.label, { number: entry.chapter, label: entry.chapterLabel })}: ${judged(entry)}`,
      updated: entry.updatedOn ?? entry.addedOn,
      published: entry.addedOn,
      authors: entry.credits,
      categories: [entry.category, entry.severity],
      summary: entrySummary(entry, [entry.content ? placeInVolume(entry) : null, entry.edition]),
    })),
    ...anime.map((entry) => ({
      id: `${origin}${animeMistakePath(entry.id, entry.episode.key)}`,
      title: `${animePlaceInFeed(entry.episode)}${entry.content ? ` at ${formatTimestamp(entry.start)}` : ""}: ${judged(entry)}`,
      updated: entry.updatedOn ?? entry.addedOn,
      published: entry.addedOn,
      authors: entry.credits,
      categories: [entry.category, entry.severity],
      summary: entrySummary(entry, [
        entry.content ? `${formatTimestamp(entry.start)}–${formatTimestamp(entry.end)}` : null,
        `${entry.platform} ${animeTrackLabels[entry.track].toLowerCase()}`,
      ]),
    })),
  ]
    .map((entry) => ({ ...entry, link: entry.id }))
    .sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id))
    .slice(0, FEED_SIZE);

  const xml = renderAtom({
    id: `${origin}/translation_meta/feed.xml`,
    title: `${site.name}: translation notes`,
    subtitle: `The newest entries on where the official English light novels and anime differ from the original.`,
    link: `${origin}/translation_meta`,
    selfLink: `${origin}/translation_meta/feed.xml`,
    updated: entries[0]?.updated ?? "1970-01-01",
    entries,
  });
  return atomResponse(xml, "public, max-age=300, s-maxage=600");
});

/**
 * "Season 1 episode 3", or an OVA's, special's or film's label ("Anime · OVA 2"), or a recut episode's
 * ("Season 1 Recut · Episode 3").
 */
function animePlaceInFeed(place: AnimeMistakePlace) {
  return place.medium === "anime" ? `Season ${place.season} episode ${episodeNumberName(place)}` : place.label;
}
