import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSavedProgress } from "~/models/progress.server";
import { getSession } from "~/server/session.server";

/** A signed-in reader's saved progress, so a device they sign in on can merge it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await getSession(request, context.env);
  const progress = user ? await getSavedProgress(context.db, user.uid) : null;
  return Response.json({ progress }, { headers: { "Cache-Control": "private, no-store" } });
}
