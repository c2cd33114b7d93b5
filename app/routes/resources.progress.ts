import { parseStoredProgress } from "~/lib/progress/file";
import { getSavedProgress, saveProgress } from "~/models/progress.server";
import { MAX_PROGRESS_BODY_BYTES, readCappedBody } from "~/server/body-limits.server";
import { assertSameOrigin } from "~/server/origin.server";
import { answeringErrors, refusal } from "~/server/refusal.server";
import { getSignedInUser, requireUser } from "~/server/session.server";
import type { Route } from "./+types/resources.progress";

const noStore = { "Cache-Control": "private, no-store" };

/** A signed-in reader's saved progress, so a device they sign in on can merge it. */
export const loader = answeringErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await getSignedInUser(request, context);
  const progress = user ? await getSavedProgress(context.db, user.uid) : null;
  return Response.json({ progress }, { headers: noStore });
});

/**
 * Saves a signed-in reader's progress, merged into the account's (furthest wins, never back): a save
 * that arrives late cannot undo a newer one. The position is recomputed on the server.
 */
export const action = answeringErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(request, context);
  assertSameOrigin(request);
  // The edge caps the body already; this holds for the action called on its own too.
  const body = await readCappedBody(request, MAX_PROGRESS_BODY_BYTES);
  if (!body) return refusal(413, "That progress is too large to save.", noStore);
  const form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } })
    .formData()
    .catch(() => null);
  const progress = parseStoredProgress(String(form?.get("progress") ?? ""));
  if (!progress) return refusal(400, "That progress could not be read.", noStore);
  const saved = await saveProgress(context.db, user.uid, progress);
  return Response.json({ ok: true, saved }, { headers: noStore });
});
