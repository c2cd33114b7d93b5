import { getProgressHistory } from "~/models/progress.server";
import { answeringErrors } from "~/server/refusal.server";
import { getSignedInUser } from "~/server/session.server";
import type { Route } from "./+types/resources.progress-history";

/** A form sent here is refused with the site's 405: the history is only read. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * The last saves of a signed-in reader's progress, newest first, for the tracker's history (nothing for
 * anyone else). Each entry is the reader's own record: the places in it are named in the browser from the
 * tracker's timeline, whose titles are sealed for what the reader knows.
 */
export const loader = answeringErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await getSignedInUser(request, context);
  const history = user ? await getProgressHistory(context.db, user.uid) : [];
  return Response.json({ history }, { headers: { "Cache-Control": "private, no-store" } });
});
