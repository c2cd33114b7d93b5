import { apiDocument } from "~/lib/api/document";
import { readQuery } from "~/lib/api/contract";
import { apiErrorResponse, apiJson } from "~/server/api.server";
import type { Route } from "./+types/api.v1.openapi";

/** The API's OpenAPI 3.1 document: no database, no rate limit, the same for everyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams, {});
  if (!query.ok) return apiErrorResponse(query.error);
  return apiJson(apiDocument(context.origin));
}
