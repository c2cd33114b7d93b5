import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
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

/** The site's 405, the one way: the methods the address takes, in `Allow` and in the message's words. */
export function methodNotAllowed(allow: readonly string[], message: string) {
  return refusal(405, message, { Allow: allow.join(", ") });
}

/** What a thrown `errorPage(status, value)` says when its value holds a message (D1's or the token keys' 503, a moderator-only 403). */
export interface ThrownErrorPage {
  status: number;
  message: string;
  headers: Headers;
}

function isThrownData(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit";
}

/** A thrown `data()` read the one way: its status, message and headers, or null for anything else thrown. */
export function thrownErrorPage(error: unknown): ThrownErrorPage | null {
  if (!isThrownData(error)) return null;
  const status = error.init?.status ?? 500;
  const value = error.data;
  if (status < 400 || typeof value !== "object" || value === null || !("message" in value)) return null;
  return typeof value.message === "string"
    ? { status, message: value.message, headers: new Headers(error.init?.headers) }
    : null;
}

/**
 * A resource route's loader or action (a module with no page): what it throws for an error page (the
 * guards in app/models and app/server throw `errorPage`, made for pages) is answered in the one error
 * body, the same as what the route answers itself, instead of React Router's bare
 * `Unexpected Server Error`.
 */
export function answeringErrors<Args, Result>(handle: (args: Args) => Promise<Result>) {
  return async (args: Args): Promise<Result | Response> => {
    try {
      return await handle(args);
    } catch (error) {
      const page = thrownErrorPage(error);
      if (!page) throw error;
      return refusal(page.status, page.message, Object.fromEntries(page.headers));
    }
  };
}
