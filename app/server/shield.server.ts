import { type Plain, seal, type Shielded, shieldedJson } from "~/lib/shield/gated";
import { noKnowledge, parseKnowledge, REVEAL_PARAMETER } from "~/lib/shield/knowledge";

/**
 * What the requester states they know, from the `reveal` parameter the browser adds when it asks for
 * the gated texts its reader may see. Without one (every first load, every crawler) nothing is known,
 * so a public page is the same for everyone and carries no gated text.
 */
export function requesterKnowledge(request: Request) {
  return parseKnowledge(new URL(request.url).searchParams.get(REVEAL_PARAMETER)) ?? noKnowledge;
}

/**
 * A page loader's data sealed for its requester: only the gated content they know stays in. The page's
 * component opens it with `useShieldedData` (app/browser/spoiler-shield.ts).
 */
export function shieldedData<D>(request: Request, data: D & Plain<D>): Shielded<D> {
  return shieldedJson<D>(sealedFor(request, data));
}

/** Data sealed for its requester as a resource route answers it (`Response.json`). */
export function sealedFor<D>(request: Request, data: D): D {
  return seal(data, requesterKnowledge(request));
}
