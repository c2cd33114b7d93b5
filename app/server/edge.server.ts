import { refuseRequest } from "./request-guard.server";
import { secureResponse } from "./response-headers.server";

/**
 * The request's edges, once for every kind of response: a request no route should see is refused with
 * a 4xx before React Router runs (`handle` is not called), and every answer (page, `.data`, JSON, feed,
 * redirect, error, refusal) leaves with the security headers and the caching rule. The Pages Function
 * wraps React Router's handler in it; tests that run the whole site in workerd can do the same.
 */
export async function serveAtTheEdge(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const refused = await refuseRequest(request);
  return secureResponse(request, refused ?? (await handle()));
}
