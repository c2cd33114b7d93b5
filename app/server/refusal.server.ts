import { statusText } from "~/lib/http-status";

/**
 * A request the site will not serve, answered in its own words: the status with its reason phrase and
 * a one-line `message` as JSON. The request guard answers with it before React Router runs; a route
 * may throw it, and React Router then sends it as it is (a resource route) or shows it on the error
 * page (a page).
 */
export function refusal(status: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ message }, { status, statusText: statusText(status), headers });
}
