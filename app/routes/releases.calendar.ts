import { siteIdentity } from "~/server/site-identity.server";
import { datePrecision } from "~/lib/content/dates";
import { formatDate, formatOriginalLanguage } from "~/lib/format";
import { seal } from "~/lib/shield/gated";
import { renderCalendar } from "~/lib/feeds/icalendar";
import { releaseDay, releaseEvent, releaseId, releaseKind, releaseName, releasePath } from "~/lib/feeds/releases";
import { getReleaseFeed } from "~/models/releases.server";
import { entityTag } from "~/server/conditional-get.server";
import type { Route } from "./+types/releases.calendar";
import { requesterKnowledge } from "~/server/shield.server";
import { answeringErrors } from "~/server/refusal.server";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/** How many past and how many coming dates the calendar holds: a year or two of each, not the whole history. */
const CALENDAR_SIZE = 200;

/**
 * An iCalendar feed of light novel, manga and anime release dates (volumes in the original language and in English, manga volumes and their English editions, episodes),
 * for a calendar app to subscribe to. Like a feed it is sealed for what its address states (by default
 * nothing): an event is named by its place unless `?reveal=titles` asks for titles that spoil nothing.
 */
export const loader = answeringErrors(async ({ context, request }: Route.LoaderArgs) => {
  const origin = context.origin;
  const host = new URL(origin).hostname;
  const today = releaseDay();
  const [feed, site] = await Promise.all([
    getReleaseFeed(context.db, {
      media: ["light_novels", "anime", "manga"],
      chapters: false,
      today,
      limit: CALENDAR_SIZE,
    }),
    siteIdentity(context),
  ]);
  const { recent, upcoming } = seal(feed, requesterKnowledge(request));
  // A calendar's event is on a day: a release known only by its month, quarter or year has none (decisions 41, 69).
  const releases = [...recent.reverse(), ...upcoming].filter((release) => datePrecision(release.releasedOn) === "day");
  const ics = renderCalendar({
    productId: `-//${site.name}//Releases//EN`,
    name: `${site.name}: release dates`,
    description: `Light novel volumes in ${formatOriginalLanguage(site.originalLanguage)} and in English, manga volumes and their English editions, and anime episodes, without spoiling a title.`,
    stamp: today,
    events: releases.map((release) => ({
      uid: `${releaseId(release)}@${host}`,
      date: release.releasedOn,
      summary: `${releaseEvent(release, site.originalLanguage)}: ${releaseName(release)}`,
      description: `${releaseEvent(release, site.originalLanguage)}: ${formatDate(release.releasedOn)}. ${origin}${releasePath(release)}`,
      url: `${origin}${releasePath(release)}`,
      categories: [releaseKind(release, site.originalLanguage)],
    })),
  });
  return new Response(ics, {
    headers: {
      ETag: await entityTag(ics),
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="releases.ics"',
      "Cache-Control": "public, max-age=3600, s-maxage=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
