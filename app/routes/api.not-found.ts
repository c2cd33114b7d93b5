import { API_BASE, apiError } from "~/lib/api/contract";
import { apiErrorResponse } from "~/server/api.server";
import type { Route } from "./+types/api.not-found";

/** Any other address under /api/: the API's 404, never the site's HTML page. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return apiErrorResponse(
    apiError(
      404,
      "not_found",
      `There is no endpoint at ${pathname}. The API's endpoints are listed in ${API_BASE}/openapi.json.`,
    ),
  );
}
