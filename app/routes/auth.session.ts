import { InvalidTokenError, KeysUnavailableError } from "~/server/firebase-token.server";
import { withCookies } from "~/server/cookies.server";
import { assertSameOrigin } from "~/server/origin.server";
import { answeringErrors, methodNotAllowed, refusal } from "~/server/refusal.server";
import { startSession } from "~/server/session.server";
import type { Route } from "./+types/auth.session";

const MAX_ID_TOKEN_LENGTH = 8192;

/** The browser posts a fresh Firebase ID token (form field idToken) after sign-in and every refresh. */
export const action = answeringErrors(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw methodNotAllowed(["POST"], "Use POST.");
  assertSameOrigin(request);
  const form = await request.formData().catch(() => null);
  const idToken = form?.get("idToken");
  if (typeof idToken !== "string" || !idToken) return refusal(400, "The sign-in token is missing.");
  // A Firebase ID token is about 1 KB; one eight times that is not one.
  if (idToken.length > MAX_ID_TOKEN_LENGTH) return refusal(400, "The sign-in token is too long to be one.");
  try {
    const { user, setCookies } = await startSession(request, context, idToken);
    return Response.json(
      { ok: true, uid: user.uid },
      { headers: withCookies(setCookies, { "Cache-Control": "no-store" }) },
    );
  } catch (error) {
    if (error instanceof KeysUnavailableError) {
      return refusal(503, "Sign-in cannot be checked right now. Please try again in a moment.");
    }
    if (error instanceof InvalidTokenError) {
      return refusal(401, "That sign-in is not valid. Please sign in again.");
    }
    throw error;
  }
});

export function loader() {
  throw methodNotAllowed(["POST"], "Use POST.");
}
