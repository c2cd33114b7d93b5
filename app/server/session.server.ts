import { type AppLoadContext, createCookie, redirect } from "react-router";
import { decodeJwt } from "jose";
import type { Compilable } from "kysely";
import {
  closeEverySession,
  closeSession,
  findOpenSession,
  openSession,
  recordAccountCheck,
  refreshSession,
} from "~/models/sessions.server";
import type { BatchRows, SlotValues } from "~/models/query.server";
import { cookieNames, hasCookie } from "./cookies.server";
import type { Env } from "./env.server";
import { errorPage } from "~/lib/http/status";
import type { SessionUser } from "~/lib/account/user";
import { lookUpAccount } from "./account-lookup.server";
import { InvalidTokenError, KeysUnavailableError, type VerifiedUser, verifyIdToken } from "./firebase-token.server";
import { signInPath } from "~/lib/account/sign-in-path";

/*
 * A session is two things: the Firebase ID token in an HttpOnly cookie, verified on every request (so
 * public pages know the reader without touching D1 and stay cacheable), and a row in D1 `sessions`,
 * named by a random secret kept in the same cookie (only its hash is stored). Protected pages and
 * every action also need the row, so signing out (which deletes it) ends a session at once, also for a
 * copied cookie; moderator rights need the row's flag, set from the newest token posted for it. Those
 * requests also look the account up at Firebase once a minute, so deleting or disabling an account or
 * removing a moderator's claim takes effect within a minute, not when the token runs out.
 */

export interface SessionState {
  user: VerifiedUser | null;
  /** The signing keys could not be fetched: pages render signed out, protected requests get 503. */
  keysUnavailable: boolean;
  /** The cookie held a token that no longer verifies (expired, tampered): it should be cleared. */
  stale: boolean;
}

interface CookieValue {
  /** The session's secret: D1 keeps only its SHA-256. */
  secret: string;
  /** The Firebase ID token. */
  token: string;
}

/**
 * Protected requests look the account up again once the last lookup is this old (a deleted account, a
 * removed claim). A freshly issued token counts as a lookup: Firebase vouched for the account then.
 */
const ACCOUNT_RECHECK_SECONDS = 60;

/** A token may start a session only this soon after it was issued: the browser posts fresh ones. */
const NEW_SESSION_TOKEN_AGE_SECONDS = 300;

function sessionCookie(env: Env) {
  const production = env.ENVIRONMENT === "production";
  // Not signed: the token is verified on every request and the secret is checked against D1.
  return createCookie(cookieNames.session(production), { path: "/", httpOnly: true, secure: true, sameSite: "lax" });
}

/**
 * Set and cleared with the session cookie, with the same life, holding nothing but that it is there: the
 * service worker cannot read the HttpOnly session, and reads this to know whether the browser still
 * holds one (cleared cookies, a session run out) before it answers with a signed-in copy (decision 40).
 */
function signedInCookie(env: Env) {
  const production = env.ENVIRONMENT === "production";
  return createCookie(cookieNames.signedIn(production), { path: "/", httpOnly: false, secure: true, sameSite: "lax" });
}

async function readCookie(request: Request, env: Env): Promise<CookieValue | null> {
  const value: unknown = await sessionCookie(env).parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { secret, token } = value as Partial<Record<keyof CookieValue, unknown>>;
  if (typeof secret !== "string" || !/^[0-9a-f]{64}$/.test(secret) || typeof token !== "string" || !token) return null;
  return { secret, token };
}

async function sessionId(secret: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function newSecret() {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Each request is checked once, however many loaders ask. */
const perRequest = new WeakMap<Request, Promise<SessionState>>();
const checkedPerRequest = new WeakMap<Request, Promise<VerifiedUser | null>>();

/** The reader as the cookie's token says, without D1: for public pages, which stay cacheable. */
export function getSession(request: Request, env: Env): Promise<SessionState> {
  let state = perRequest.get(request);
  if (!state) {
    state = readSession(request, env);
    perRequest.set(request, state);
  }
  return state;
}

async function readSession(request: Request, env: Env): Promise<SessionState> {
  if (!hasCookie(request, sessionCookie(env).name)) return { user: null, keysUnavailable: false, stale: false };
  const cookie = await readCookie(request, env);
  if (!cookie) return { user: null, keysUnavailable: false, stale: true };
  try {
    return { user: await verifyIdToken(cookie.token, env), keysUnavailable: false, stale: false };
  } catch (error) {
    if (error instanceof KeysUnavailableError) {
      console.error("Token keys unavailable; treating the request as signed out", error);
      return { user: null, keysUnavailable: true, stale: false };
    }
    if (!(error instanceof InvalidTokenError)) console.error("Unexpected token verification failure", error);
    return { user: null, keysUnavailable: false, stale: true };
  }
}

/**
 * The reader, when the token verifies and the session is still open in D1, with moderator rights as
 * the session and ADMIN_UIDS say now; otherwise null. One D1 read per request.
 */
export function getSignedInUser(request: Request, context: AppLoadContext): Promise<VerifiedUser | null> {
  let checked = checkedPerRequest.get(request);
  if (!checked) {
    checked = checkSession(request, context, []).then((signedIn) => signedIn?.user ?? null);
    checkedPerRequest.set(request, checked);
  }
  return checked;
}

/** The session's check, with the rows of `reads` read in its round trip (see `requireUserWith`). */
async function checkSession<const Q extends readonly Compilable[]>(
  request: Request,
  context: AppLoadContext,
  reads: Q,
  values: SlotValues = {},
): Promise<{ user: VerifiedUser; rows: BatchRows<Q> } | null> {
  const { user } = await getSession(request, context.env);
  const cookie = user ? await readCookie(request, context.env) : null;
  if (!user || !cookie) return null;
  const id = await sessionId(cookie.secret);
  const now = Math.floor(Date.now() / 1000);
  const { session, rows } = await findOpenSession(context.db, { id, uid: user.uid, now }, reads, values);
  if (!session) return null;
  let moderator = session.moderator === 1;
  if (now - session.account_checked_at >= ACCOUNT_RECHECK_SECONDS) {
    const account = await lookUpAccount(cookie.token, context.env);
    if (account.kind === "gone") {
      await closeEverySession(context.db, user.uid, now);
      return null;
    }
    if (account.kind === "active") {
      moderator = moderator && account.admin;
      await recordAccountCheck(context.db, id, user.uid, account.admin, now);
    }
  }
  // A listed uid is a moderator at once; a claim counts while the session's newest token had it and
  // the account still has it (looked up at most a minute ago, or as last known when the lookup failed).
  const admin = context.env.ADMIN_UIDS.includes(user.uid) || (user.admin && moderator);
  return { user: { ...user, admin }, rows };
}

/** What pages may know of the verified reader (the root loader shares it with every page). */
export function toSessionUser(user: VerifiedUser): SessionUser {
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    photoUrl: user.picture,
    provider: user.provider,
    admin: user.admin,
  };
}

/**
 * Verifies a freshly posted ID token and opens a session for it, or refreshes the one this browser
 * has (a new token, the moderator flag as it now says). A new session needs a token issued in the
 * last few minutes and after the reader's last sign-out, so a token copied from a cookie cannot
 * reopen a closed session. Throws InvalidTokenError or KeysUnavailableError; returns the Set-Cookie
 * headers that keep the session.
 */
export async function startSession(request: Request, context: AppLoadContext, idToken: string) {
  const { env, db } = context;
  const user = await verifyIdToken(idToken, env);
  const issuedAt = decodeJwt(idToken).iat ?? 0;
  const now = Math.floor(Date.now() / 1000);
  const token = { uid: user.uid, moderator: user.admin, issuedAt, expiresAt: user.expiresAt };
  const existing = await readCookie(request, env);

  if (existing) {
    if (await refreshSession(db, await sessionId(existing.secret), token))
      return { user, setCookies: await serialize(env, { secret: existing.secret, token: idToken }, user, now) };
  }

  if (issuedAt < now - NEW_SESSION_TOKEN_AGE_SECONDS) throw new InvalidTokenError("too old to start a session");
  const secret = newSecret();
  // A reader's oldest sessions close past the limit, so posting one token many times opens no more.
  if (!(await openSession(db, await sessionId(secret), token, now)))
    throw new InvalidTokenError("issued before the last sign-out");
  return { user, setCookies: await serialize(env, { secret, token: idToken }, user, now) };
}

/** The session cookie, then the one that says it is there, both for as long as the token lasts. */
function serialize(env: Env, value: CookieValue, user: VerifiedUser, now: number) {
  const maxAge = Math.max(0, user.expiresAt - now);
  return Promise.all([sessionCookie(env).serialize(value, { maxAge }), signedInCookie(env).serialize(1, { maxAge })]);
}

/**
 * Closes this browser's session: its D1 row goes, and tokens issued up to its newest one can no longer
 * open a session. Returns the Set-Cookie headers that clear the cookies.
 */
export async function endSession(request: Request, context: AppLoadContext) {
  const cookie = await readCookie(request, context.env);
  if (cookie) {
    await closeSession(context.db, await sessionId(cookie.secret));
  }
  return clearSessionCookies(context.env);
}

/** Clears a session's cookies, as when its token no longer verifies (its session has run out with it); no D1 needed. */
export function clearSessionCookies(env: Env) {
  return Promise.all([
    sessionCookie(env).serialize("", { maxAge: 0 }),
    signedInCookie(env).serialize("", { maxAge: 0 }),
  ]);
}

/**
 * The guard for signed-in pages and actions: a signed-out visitor (or one whose session was closed)
 * is sent to sign in and brought back; when the keys cannot be checked, a 503 explains it. The login
 * page counts a reader as signed in the same way (getSignedInUser), so the two never send a reader
 * back and forth; it clears a closed session's cookie and says the session ended.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<VerifiedUser> {
  await refuseWithoutKeys(request, context.env);
  return (await getSignedInUser(request, context)) ?? toSignIn(request);
}

/**
 * `requireUser` for an action that first reads the reader's own rows: `reads` (queries built once,
 * their slot `uid` the reader's, `values` filling their others) go to D1 in the session's round trip,
 * and their rows are handed back once the session is found open.
 */
export async function requireUserWith<const Q extends readonly Compilable[]>(
  request: Request,
  context: AppLoadContext,
  reads: Q,
  values: SlotValues,
): Promise<{ user: VerifiedUser; rows: BatchRows<Q> }> {
  await refuseWithoutKeys(request, context.env);
  const checked = checkSession(request, context, reads, values);
  if (!checkedPerRequest.has(request)) {
    // Loaders that ask later in this request (a refused form's page) get this check's answer.
    const user = checked.then((signedIn) => signedIn?.user ?? null);
    user.catch(() => undefined); // its failure reaches the caller through `checked`
    checkedPerRequest.set(request, user);
  }
  return (await checked) ?? toSignIn(request);
}

/**
 * `requireUser` for an address the site's own script calls (the progress save), not a page: signed out
 * (the session closed, its token expired), a 401 in the one error body the script can read, never a
 * redirect to the sign-in page, which `fetch` would follow to a 200 and take for an answer.
 */
export async function requireUserOrRefuse(request: Request, context: AppLoadContext): Promise<VerifiedUser> {
  await refuseWithoutKeys(request, context.env);
  const user = await getSignedInUser(request, context);
  if (!user) throw signedOutRefusal();
  return user;
}

/** The 401 of `requireUserOrRefuse`, also for a write that found the session gone as it went in. */
export const signedOutRefusal = () =>
  errorPage(401, {
    message: "You are signed out. Sign in again, and what this device holds is saved to your account.",
  });

async function refuseWithoutKeys(request: Request, env: Env) {
  const { keysUnavailable } = await getSession(request, env);
  if (keysUnavailable) {
    throw errorPage(503, {
      message: "Sign-in cannot be checked right now. Nothing you typed was sent; please try again in a moment.",
    });
  }
}

function toSignIn(request: Request): never {
  const url = new URL(request.url);
  throw redirect(signInPath(`${url.pathname}${url.search}`));
}

export async function requireModerator(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!user.admin) throw errorPage(403, { message: "Only moderators can open triage." });
  return user;
}
