import { siteIdentity } from "~/server/site-identity.server";
import { renderAtom } from "~/lib/feeds/atom";
import { animeFeedNote, animeNoteEntry, lnFeedNote, lnNoteEntry } from "~/lib/feeds/translation-notes";
import { seal } from "~/lib/shield/gated";
import { getNewestMistakes } from "~/models/mistakes.server";
import { atomResponse } from "~/server/atom-response.server";
import { requesterKnowledge } from "~/server/shield.server";
import type { Route } from "./+types/translation-meta.feed";
import { answeringErrors } from "~/server/refusal.server";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

const FEED_SIZE = 50;

/**
 * An Atom feed of the newest translation-mistake entries of both media. A feed cannot ask its reader what
 * they have seen, so it is sealed for what its address states (`reveal`, as pages and the release feeds
 * send it): by default nothing. An entry behind the spoiler shield is only a note on its volume or episode,
 * dated (app/lib/feeds/translation-notes.ts); the link opens it on the site, where the reader's progress
 * decides.
 */
export const loader = answeringErrors(async ({ context, request }: Route.LoaderArgs) => {
  const origin = context.origin;
  const [newest, site] = await Promise.all([getNewestMistakes(context.db, FEED_SIZE), siteIdentity(context)]);
  const notes = seal(
    { ln: newest.ln.map(({ entry, path }) => lnFeedNote(entry, path)), anime: newest.anime.map(animeFeedNote) },
    requesterKnowledge(request),
  );
  const entries = [
    ...notes.ln.map((note) => lnNoteEntry(note, origin)),
    ...notes.anime.map((note) => animeNoteEntry(note, origin)),
  ]
    .sort((a, b) => b.updated.localeCompare(a.updated) || a.id.localeCompare(b.id))
    .slice(0, FEED_SIZE);

  const xml = renderAtom({
    id: `${origin}/translation_meta/feed.xml`,
    title: `${site.name}: translation notes`,
    subtitle: `The newest entries on where the official English light novels and anime differ from the original, without spoiling them: a note beyond the progress this address states (reveal=, as the site's API takes it; ${origin}/api shows yours) is named by its volume or episode and its date.`,
    link: `${origin}/translation_meta`,
    selfLink: `${origin}/translation_meta/feed.xml`,
    updated: entries[0]?.updated ?? "1970-01-01",
    entries,
  });
  return atomResponse(xml, "public, max-age=300, s-maxage=600");
});
