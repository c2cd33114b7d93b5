import { knownTo } from "~/lib/shield/gated";
import { cleanQuery } from "~/lib/search/query";
import { findSimilarMistakes } from "~/models/similar-mistakes.server";
import { requesterKnowledge, sealedFor } from "~/server/shield.server";

/** How many similar entries the form lists. */
const SIMILAR = 5;
import type { Route } from "./+types/resources.similar-mistakes";
import { answeringErrors } from "~/server/refusal.server";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

/**
 * Suggestions for the mistranslation forms: entries like the one being typed, only those the form
 * says its reader knows (`reveal`). An entry further in the story is left out without a trace, not
 * even where it is: its lines are what matched, so its presence alone would tell that a word occurs
 * there. The answer depends only on the address, so it stays cacheable for everyone.
 */
export const loader = answeringErrors(async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind") === "anime" ? "anime" : "ln";
  const unit = (params.get("unit") ?? "").slice(0, 40);
  const similar = await findSimilarMistakes(context.db, kind, unit, cleanQuery(params.get("q")));
  const entries = knownTo(similar, requesterKnowledge(request)).slice(0, SIMILAR);
  return Response.json(sealedFor(request, { entries }), { headers: { "Cache-Control": "public, max-age=60" } });
});
