import { checkProgressSent, PROGRESS_SAVE_LIMITS } from "~/lib/progress/set-back";
import { getAccountProgress, type SaveLimited, saveProgress } from "~/models/progress.server";
import { MAX_PROGRESS_BODY_BYTES, readCappedBody } from "~/server/body-limits.server";
import { assertSameOrigin } from "~/server/origin.server";
import { answeringErrors, refusal } from "~/server/refusal.server";
import { requireUserOrRefuse, signedOutRefusal } from "~/server/session.server";
import type { Route } from "./+types/resources.progress";

const noStore = { "Cache-Control": "private, no-store" };

/** When a save that lost to other saves of the account every time is sent again: they are over by then. */
const BUSY_RETRY_SECONDS = 1;

/**
 * A signed-in reader's saved progress, its revision and set-backs, so a device they sign in on can bring
 * its own record together with it by the set-back rule (app/lib/progress/set-back.ts). Signed out, 401
 * (as the save): an account's record is never said to be empty when it could not be read.
 */
export const loader = answeringErrors(async ({ request, context }: Route.LoaderArgs) => {
  const user = await requireUserOrRefuse(request, context);
  const account = await getAccountProgress(context.db, user.uid);
  return Response.json(
    { progress: account?.progress ?? null, revision: account?.revision ?? null, setBacks: account?.setBacks ?? {} },
    { headers: noStore },
  );
});

/**
 * Saves a signed-in reader's progress, sent as JSON (app/browser/progress-save.ts): `{progress,
 * revision, setBack}`, or a bare record from a page older than set-backs. It goes into the account's by
 * the set-back rule (furthest wins, except in the media set back on purpose; a stale device does not undo
 * a set-back). The position is recomputed on the server. Answers the record as the account keeps it and
 * its revision, so the browser can take in what another device saved.
 *
 * Signed out (the session closed, or its token expired, also while the save was on its way), 401: the
 * browser keeps the change, and it goes into the account when the reader signs in again.
 *
 * An account may save only so often (PROGRESS_SAVE_LIMITS, decision 59): over a limit, 429 with
 * `Retry-After`, nothing saved. Many saves of one account at once each try again when another wrote
 * first; one that lost every time is answered 503 with `Retry-After`. The browser keeps the change and
 * sends it again then.
 */
export const action = answeringErrors(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUserOrRefuse(request, context);
  assertSameOrigin(request);
  const type = request.headers.get("Content-Type")?.split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return refusal(415, "Progress is saved as JSON: send it with Content-Type: application/json.", noStore);
  // The edge caps the body already; this holds for the action called on its own too.
  const body = await readCappedBody(request, MAX_PROGRESS_BODY_BYTES);
  if (!body) return refusal(413, "That progress is too large to save.", noStore);
  const json = parseJson(body);
  if (json === undefined) return refusal(400, "That progress could not be read: it is not JSON.", noStore);
  const { sent, problem } = checkProgressSent(json);
  if (!sent) {
    // The field only: a path may hold the sender's own text (a collection code).
    const [first, second] = problem.path.split(".");
    const field = first === "progress" && second ? `${first}.${second}` : first;
    const where = field ? `${field}: ` : "";
    return refusal(400, `That progress could not be read (${where}${problem.message}).`, noStore);
  }
  const outcome = await saveProgress(context.db, user.uid, sent);
  if (!outcome.ok && "signedOut" in outcome) throw signedOutRefusal();
  if (!outcome.ok && "busy" in outcome)
    return refusal(
      503,
      "Your progress is being saved from several places at once, so this save was not kept. Send it again in a moment.",
      { ...noStore, "Retry-After": String(BUSY_RETRY_SECONDS) },
    );
  if (!outcome.ok)
    return refusal(429, limitMessage(outcome), { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) });
  const { saved } = outcome;
  return Response.json({ ok: true, saved: saved.progress, revision: saved.revision }, { headers: noStore });
});

/** What a save over a limit is told: which limit, that nothing was saved, and when to send it again. */
function limitMessage({ limit, retryAfterSeconds }: SaveLimited) {
  const most =
    limit === "minute"
      ? `${PROGRESS_SAVE_LIMITS.perMinute} a minute`
      : `${PROGRESS_SAVE_LIMITS.perDay.toLocaleString("en")} a day`;
  return `This account has saved its progress too often (at most ${most}), so this save was not kept. Send it again in ${retryAfterSeconds} seconds.`;
}

/** The JSON value of a body, or undefined when it is not JSON (nor UTF-8). */
function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
}
