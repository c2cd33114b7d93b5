import { getProgressHistory } from "~/models/progress.server";
import { answeringErrors } from "~/server/refusal.server";
import { requireUserOrRefuse } from "~/server/session.server";
import type { Route } from "./+types/resources.progress-history";

/** A form sent here is refused with the site's 405: the history is only read. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * The last saves of a signed-in reader's progress, newest first, for the tracker's history. Each entry is
 * the reader's own record: the places in it are named in the browser from the tracker's timeline, whose
 * titles are sealed for what the reader knows. Signed out (the session closed elsewhere, or its token
 * expired), 401, as the progress save answers: the tracker then says so and offers to sign in again.
 */
export const loader = answeringErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUserOrRefuse(request, context);
  const history = await getProgressHistory(context.db, user.uid);
  return Response.json({ history }, { headers: { "Cache-Control": "private, no-store" } });
});
