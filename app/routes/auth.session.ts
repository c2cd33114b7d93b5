import { InvalidTokenError, KeysUnavailableError } from "~/server/firebase-token.server";
import { assertSameOrigin } from "~/server/origin.server";
import { startSession } from "~/server/session.server";
import type { Route } from "./+types/auth.session";

/** The browser posts a fresh Firebase ID token (form field idToken) after sign-in and every refresh. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    throw Response.json({ message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  assertSameOrigin(request);
  const form = await request.formData().catch(() => null);
  const idToken = form?.get("idToken");
  if (typeof idToken !== "string" || !idToken || idToken.length > 8192) {
    return Response.json({ ok: false, message: "The sign-in token is missing." }, { status: 400 });
  }
  try {
    const { user, setCookie } = await startSession(request, context, idToken);
    return Response.json(
      { ok: true, uid: user.uid },
      { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof KeysUnavailableError) {
      return Response.json(
        { ok: false, message: "Sign-in cannot be checked right now. Please try again in a moment." },
        { status: 503 },
      );
    }
    if (error instanceof InvalidTokenError) {
      return Response.json({ ok: false, message: "That sign-in is not valid. Please sign in again." }, { status: 401 });
    }
    throw error;
  }
}

export function loader() {
  throw Response.json({ message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
