import { pageParameter, revealing } from "~/lib/api/contract";
import { threadView } from "~/lib/api/views";
import { isUnitKey } from "~/lib/content/units";
import { THREAD_CACHE_CONTROL } from "~/lib/discussion/thread";
import { getThread } from "~/models/discussions.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.discussions";

// The thread pages as the site does (50 comments a page), so `page` alone, as for releases.
const parameters = { ...revealing, page: pageParameter };

/**
 * One page of a unit's discussion thread: its comments in the order posted, each with its replies,
 * the list null unless `reveal` reveals the unit and each comment's content null unless it reveals
 * its horizon. A page past the end is empty, as in the API's other lists.
 */
export async function loader(args: Route.LoaderArgs) {
  const { unit } = args.params;
  return answerApi(
    args,
    parameters,
    async ({ db, query, knowledge }) => {
      const thread = isUnitKey(unit) ? await getThread(db, unit, query.page ?? 1) : null;
      return thread && threadView(thread, knowledge, args.context.origin);
    },
    `No unit of the story has the key "${unit}".`,
    THREAD_CACHE_CONTROL,
  );
}
