import { errorBody, type FieldMessages } from "~/lib/http/error-body";
import { statusText } from "~/lib/http/status";

/**
 * A request the site will not serve, answered in its own words: the status with its reason phrase and
 * the one error body (app/lib/http/error-body.ts), `{ error: { message } }` as JSON. The request guard
 * answers with it before React Router runs; resource routes return it; a route may throw it, and
 * React Router then sends it as it is (a resource route) or shows it on the error page (a page). A
 * page's form refuses with `refuse` (app/lib/forms/form.ts), which gives the input back beside the same body.
 */
export function refusal(status: number, message: string, headers: Record<string, string> = {}, fields?: FieldMessages) {
  return Response.json(errorBody(message, fields), { status, statusText: statusText(status), headers });
}
