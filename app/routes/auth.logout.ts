import { redirect } from "react-router";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { withCookies } from "~/server/cookies.server";
import { assertSameOrigin } from "~/server/origin.server";
import { answeringErrors, methodNotAllowed } from "~/server/refusal.server";
import { endSession } from "~/server/session.server";
import type { Route } from "./+types/auth.logout";

/** Closes the session (its D1 row too) and clears the cookie; a plain form post returns to `redirectTo`, a fetch gets JSON. */
export const action = answeringErrors(async ({ request, context }: Route.ActionArgs) => {
  assertSameOrigin(request);
  const setCookies = await endSession(request, context);
  const form = await request.formData().catch(() => null);
  const redirectTo = form?.get("redirectTo");
  if (typeof redirectTo === "string") return redirect(safeRedirect(redirectTo), { headers: withCookies(setCookies) });
  return Response.json({ ok: true }, { headers: withCookies(setCookies, { "Cache-Control": "no-store" }) });
});

export function loader() {
  throw methodNotAllowed(["POST"], "Use POST.");
}
