import { parseStoredProgress } from "~/lib/progress-file";
import { getSavedProgress, saveProgress } from "~/models/progress.server";
import { assertSameOrigin } from "~/server/origin.server";
import { getSession, requireUser } from "~/server/session.server";
import type { Route } from "./+types/resources.progress";

const noStore = { "Cache-Control": "private, no-store" };

/** A signed-in reader's saved progress, so a device they sign in on can merge it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await getSession(request, context.env);
  const progress = user ? await getSavedProgress(context.db, user.uid) : null;
  return Response.json({ progress }, { headers: noStore });
}

/** Saves a signed-in reader's (already merged) progress; the position is recomputed on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  assertSameOrigin(request);
  const form = await request.formData();
  const progress = parseStoredProgress(String(form.get("progress") ?? ""));
  if (!progress) return Response.json({ ok: false, message: "That progress could not be read." }, { status: 400, headers: noStore });
  const saved = await saveProgress(context.db, user.uid, progress);
  return Response.json({ ok: true, saved }, { headers: noStore });
}
