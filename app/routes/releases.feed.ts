import { siteIdentity } from "~/server/site-identity.server";
import { oneOf } from "~/lib/http/params";
import { renderAtom } from "~/lib/feeds/atom";
import { media } from "~/lib/content/units";
import { dateEnd, datePrecision } from "~/lib/content/dates";
import { formatDate } from "~/lib/format";
import { seal } from "~/lib/shield/gated";
import {
  releaseDay,
  releaseEvent,
  releaseFeedPath,
  releaseKind,
  releaseId,
  releaseName,
  releaseNouns,
  releasePath,
} from "~/lib/feeds/releases";
import { getReleaseFeed } from "~/models/releases.server";
import { atomResponse } from "~/server/atom-response.server";
import { requesterKnowledge } from "~/server/shield.server";
import { answeringErrors, refusal } from "~/server/refusal.server";
import type { Route } from "./+types/releases.feed";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

const FEED_SIZE = 50;

/**
 * An Atom feed of the newest releases, of one medium (`/releases/anime/feed.xml`) or of all
 * (`/releases/feed.xml`). A feed cannot ask its reader what they have seen, so it is sealed for what its
 * address states (`reveal`, as pages send it): by default nothing, and a release is named by its place.
 * `?reveal=titles` (the radar's links for a reader who shows titles of what they have not reached)
 * names every release whose title the pack does not flag.
 */
export const loader = answeringErrors(async ({ params, context, request }: Route.LoaderArgs) => {
  const asked = params.medium ?? null;
  const medium = oneOf(media, asked);
  if (asked !== null && medium === null) {
    return refusal(404, `No such feed: the media are ${media.join(", ")}.`);
  }
  const origin = context.origin;
  const host = new URL(origin).hostname;
  const [feed, site] = await Promise.all([
    getReleaseFeed(context.db, { media: medium ? [medium] : null, today: releaseDay(), limit: FEED_SIZE }),
    siteIdentity(context),
  ]);
  const { recent } = seal(feed, requesterKnowledge(request));
  const entries = recent.map((release) => ({
    // A volume's two editions share a page, as a manga volume shares its first chapter's: the id says which.
    id: `tag:${host},2026:release/${releaseId(release)}`,
    title: `${releaseKind(release, site.originalLanguage)}: ${releaseName(release)}`,
    link: `${origin}${releasePath(release)}`,
    // A month, a quarter or a year has no day to publish it on: it joins the feed once it is over (decisions 41, 69).
    updated: dateEnd(release.releasedOn),
    ...(datePrecision(release.releasedOn) === "day" ? { published: release.releasedOn } : {}),
    authors: [site.name],
    categories: [release.medium, ...(release.edition ? [release.edition] : [])],
    summary: `${releaseName(release)}. ${releaseEvent(release, site.originalLanguage)}: ${formatDate(release.releasedOn)}.${
      release.title.content === null
        ? " Its title is left out until your progress reaches it; the site shows it then, or at once if you choose to see titles of what you have not reached."
        : ""
    }`,
  }));
  const xml = renderAtom({
    id: `${origin}${releaseFeedPath(medium)}`,
    title: `${site.name}: ${medium ? `${releaseNouns[medium]} releases` : "releases"}`,
    subtitle: medium
      ? `The newest ${releaseNouns[medium]} releases, without spoiling a title.`
      : "The newest releases of every medium, without spoiling a title.",
    link: `${origin}/releases${medium ? `?medium=${medium}` : ""}`,
    selfLink: `${origin}${releaseFeedPath(medium)}`,
    updated: entries[0]?.updated ?? "1970-01-01",
    entries,
  });
  return atomResponse(xml, "public, max-age=900, s-maxage=3600");
});
