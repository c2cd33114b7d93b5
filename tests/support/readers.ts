/**
 * Signed-in readers for whole-site tests in workerd. A reader signs in the way the browser does,
 * by posting an ID token to /auth/session, and keeps the cookie it answers with, so these tests
 * follow whatever a session is on the server.
 */
import { env } from "cloudflare:workers";
import { authEmulatorHost, FIREBASE_PROJECT_ID } from "../../scripts/lib/local-auth";
import type { Bindings } from "../../app/server/env.server";
import { fetchDeployed, type SiteRequestInit, siteOrigin } from "./site";
import { type DataFunction, type ParamsOf, type RequestOptions, respond } from "./workers-context";

/** The bindings of a site that trusts the Auth emulator's unsigned tokens (never production). */
export const emulatorBindings: Partial<Bindings> = {
  ENVIRONMENT: "test",
  FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
  FIREBASE_PROJECT_ID,
};

/** An unsigned token like the Auth emulator's, for a reader with this uid. */
export function emulatorToken(uid: string, claims: Record<string, unknown> = {}, issuedSecondsAgo = 10) {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({
    iss: `https://securetoken.google.com/${FIREBASE_PROJECT_ID}`,
    aud: FIREBASE_PROJECT_ID,
    sub: uid,
    user_id: uid,
    iat: now - issuedSecondsAgo,
    auth_time: now - issuedSecondsAgo,
    exp: now + 3600,
    email: `${uid}@example.test`,
    firebase: { sign_in_provider: "password" },
    ...claims,
  })}.`;
}

export interface Reader {
  uid: string;
  /** The Cookie header the browser would send. */
  cookie: string;
  /** A request from this reader's browser on this site (its cookie; its Origin on a POST unless given). */
  fetch(path: string, init?: SiteRequestInit): Promise<Response>;
  /** Exactly the request given, plus the cookie: for tests of what a script (not a browser) sends. */
  send(path: string, init?: SiteRequestInit): Promise<Response>;
}

/** Signs a reader in through /auth/session and returns their browser. */
export async function signIn(uid: string, claims: Record<string, unknown> = {}): Promise<Reader> {
  const body = new FormData();
  body.set("idToken", emulatorToken(uid, claims));
  const response = await fetchDeployed("/auth/session", {
    method: "POST",
    body,
    headers: { Origin: siteOrigin },
    bindings: emulatorBindings,
  });
  if (!response.ok) throw new Error(`Sign-in for ${uid} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  return browserOf(uid, cookie);
}

/** The Cookie header of a reader signed in through /auth/session, for calling loaders and actions as them. */
export async function readerCookie(uid: string, claims: Record<string, unknown> = {}) {
  return (await signIn(uid, claims)).cookie;
}

/** A request to a loader or action from a reader's browser: their Cookie header, if signed in. */
export type ReaderRequestOptions<F extends DataFunction> = RequestOptions<ParamsOf<F>> & { cookie?: string };

/**
 * Calls a loader or action as a request from a reader's browser (their cookie; the site's Origin on a
 * POST unless given) to the site trusting the Auth emulator, and describes what it answered.
 */
export function callAsReader<F extends DataFunction>(
  handler: F,
  path: string,
  { cookie, ...options }: ReaderRequestOptions<F> = {},
) {
  const headers = new Headers(options.headers);
  if (cookie) headers.set("Cookie", cookie);
  if (options.method === "POST" && !headers.has("Origin")) headers.set("Origin", siteOrigin);
  return respond(handler, path, { ...options, headers, bindings: { ...emulatorBindings, ...options.bindings } });
}

/** A form's fields as the browser posts them. */
export function form(values: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  return body;
}

/** A signed-out visitor's browser on the emulator-trusting site. */
export const visitor: Reader = browserOf("", "");

function browserOf(uid: string, cookie: string): Reader {
  const send = (path: string, { bindings, ...init }: SiteRequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie && !headers.has("Cookie")) headers.set("Cookie", cookie);
    return fetchDeployed(path, { ...init, headers, bindings: { ...emulatorBindings, ...bindings } });
  };
  const fetch = (path: string, init: SiteRequestInit = {}) => {
    const headers = new Headers(init.headers);
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", siteOrigin);
    return send(path, { ...init, headers });
  };
  return { uid, cookie, fetch, send };
}

/** Counts rows in a table for a uid (reports, saved progress), straight from D1. */
export async function countRows(table: "reports" | "reading_progress" | "progress_history", uid: string) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE uid = ?1`)
    .bind(uid)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** How many uses of a limited action a client has taken in its current day's window (0 for none), straight from D1. */
export async function usesToday(client: string, action: "report" | "api" | "progress" = "report") {
  const row = await env.DB.prepare(
    `SELECT used FROM rate_limit_windows WHERE client = ?1 AND action = ?2 AND span = 'day'`,
  )
    .bind(client, action)
    .first<{ used: number }>();
  return row?.used ?? 0;
}
