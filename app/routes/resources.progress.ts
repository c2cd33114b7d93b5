import { parseStoredProgress } from "~/lib/progress-file";
import { getSavedProgress, saveProgress } from "~/models/progress.server";
import { assertSameOrigin } from "~/server/origin.server";
import { getSignedInUser, requireUser } from "~/server/session.server";
import type { Route } from "./+types/resources.progress";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The largest save accepted. A whole series' progress is a few kilobytes (the server keeps only units
 * on the timeline); this leaves room for very large packs and refuses what only an attack sends.
 */
const MAX_PROGRESS_BODY_BYTES = 256 * 1024;

/** A signed-in reader's saved progress, so a device they sign in on can merge it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSignedInUser(request, context);
  const progress = user ? await getSavedProgress(context.db, user.uid) : null;
  return Response.json({ progress }, { headers: noStore });
}

/**
 * Saves a signed-in reader's progress, merged into the account's (furthest wins, never back): a save
 * that arrives late cannot undo a newer one. The position is recomputed on the server.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  assertSameOrigin(request);
  const body = await readLimitedBody(request, MAX_PROGRESS_BODY_BYTES);
  if (!body) return Response.json({ ok: false, message: "That progress is too large to save." }, { status: 413, headers: noStore });
  const form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData().catch(() => null);
  const progress = parseStoredProgress(String(form?.get("progress") ?? ""));
  if (!progress) return Response.json({ ok: false, message: "That progress could not be read." }, { status: 400, headers: noStore });
  const saved = await saveProgress(context.db, user.uid, progress);
  return Response.json({ ok: true, saved }, { headers: noStore });
}

/** The request body, or null once it is longer than `limit` bytes (read no further than that). */
async function readLimitedBody(request: Request, limit: number): Promise<ArrayBuffer | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole.buffer;
}
