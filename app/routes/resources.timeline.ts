import { getTimeline } from "~/models/timeline.server";
import { sealedFor } from "~/server/shield.server";
import type { Route } from "./+types/resources.timeline";
import { answeringErrors } from "~/server/refusal.server";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * The story timeline the reading tracker's pickers list, sealed for the requester: without `?reveal=`
 * no title that spoils is in it, so the answer is the same for everyone and cached like a public page;
 * the tracker asks with what its reader knows (one cached answer per reading point). With it come the
 * series' ids on tracking services, for importing a reader's lists from them.
 */
export const loader = answeringErrors(async ({ context, request }: Route.LoaderArgs) => {
  return Response.json(sealedFor(request, await getTimeline(context.db)));
});
