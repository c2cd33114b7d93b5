import { mediumParameter, pageFrom, pageParameter, revealing } from "~/lib/api/contract";
import { releaseView } from "~/lib/api/views";
import { releaseDay } from "~/lib/feeds/releases";
import { getReleases, RECENT_PER_PAGE } from "~/models/releases.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.releases";

const parameters = { ...revealing, page: pageParameter, medium: mediumParameter() };

/**
 * The release radar: what is coming (soonest first) and what came out (newest first, a page at a
 * time), of every medium or one. Every release is listed; a title the requester may not see is null.
 */
export async function loader(args: Route.LoaderArgs) {
  return answerApi(args, parameters, async ({ db, query, knowledge }) => {
    const page = query.page ?? 1;
    const { upcoming, recent, paging } = await getReleases(db, {
      medium: query.medium ?? null,
      today: releaseDay(),
      page,
    });
    const view = (release: (typeof recent)[number]) => releaseView(release, knowledge, args.context.origin);
    return { upcoming: upcoming.map(view), recent: pageFrom(recent.map(view), paging.total, page, RECENT_PER_PAGE) };
  });
}
