import { cleanQuery } from "~/lib/search-query";
import { findSimilarMistakes } from "~/models/mistakes.server";
import { sealedFor } from "~/server/shield.server";
import type { Route } from "./+types/resources.similar-mistakes";

/**
 * Suggestions for the mistranslation forms: entries like the one being typed, sealed for what the
 * form says its reader knows (`reveal`), so an entry from further in the story says where it is but
 * not its lines. The answer depends only on the address, so it stays cacheable for everyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind") === "anime" ? "anime" : "ln";
  const unit = (params.get("unit") ?? "").slice(0, 40);
  const entries = await findSimilarMistakes(context.db, kind, unit, cleanQuery(params.get("q")));
  return Response.json(sealedFor(request, { entries }), { headers: { "Cache-Control": "public, max-age=60" } });
}
