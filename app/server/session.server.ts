import { type AppLoadContext, createCookie, data, redirect } from "react-router";
import { cookieNames, hasCookie } from "./cookies.server";
import type { Env } from "./env.server";
import type { SessionUser } from "~/lib/user";
import { InvalidTokenError, KeysUnavailableError, type VerifiedUser, verifyIdToken } from "./firebase-token.server";

export interface SessionState {
  user: VerifiedUser | null;
  /** The signing keys could not be fetched: pages render signed out, protected requests get 503. */
  keysUnavailable: boolean;
  /** The cookie held a token that no longer verifies (expired, tampered): it should be cleared. */
  stale: boolean;
}

function sessionCookie(env: Env) {
  const production = env.ENVIRONMENT === "production";
  // Not signed: the value is a Firebase ID token, verified on every request.
  return createCookie(cookieNames.session(production), { path: "/", httpOnly: true, secure: true, sameSite: "lax" });
}

/** Each request is checked once, however many loaders ask. */
const perRequest = new WeakMap<Request, Promise<SessionState>>();

export function getSession(request: Request, env: Env): Promise<SessionState> {
  let state = perRequest.get(request);
  if (!state) {
    state = readSession(request, env);
    perRequest.set(request, state);
  }
  return state;
}

async function readSession(request: Request, env: Env): Promise<SessionState> {
  const cookie = sessionCookie(env);
  if (!hasCookie(request, cookie.name)) return { user: null, keysUnavailable: false, stale: false };
  const token: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || !token) return { user: null, keysUnavailable: false, stale: true };
  try {
    return { user: await verifyIdToken(token, env), keysUnavailable: false, stale: false };
  } catch (error) {
    if (error instanceof KeysUnavailableError) {
      console.error("Token keys unavailable; treating the request as signed out", error);
      return { user: null, keysUnavailable: true, stale: false };
    }
    if (!(error instanceof InvalidTokenError)) console.error("Unexpected token verification failure", error);
    return { user: null, keysUnavailable: false, stale: true };
  }
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

/** Verifies a freshly posted ID token and returns the Set-Cookie header that keeps it. */
export async function startSession(env: Env, idToken: string) {
  const user = await verifyIdToken(idToken, env);
  const maxAge = Math.max(0, user.expiresAt - Math.floor(Date.now() / 1000));
  return { user, setCookie: await sessionCookie(env).serialize(idToken, { maxAge }) };
}

export async function endSession(env: Env) {
  return sessionCookie(env).serialize("", { maxAge: 0 });
}

/**
 * The guard for signed-in pages and actions: a signed-out visitor is sent to sign in and brought back;
 * when the keys cannot be checked, a 503 explains it.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<VerifiedUser> {
  const { user, keysUnavailable } = await getSession(request, context.env);
  if (user) return user;
  if (keysUnavailable) {
    throw data(
      { message: "Sign-in cannot be checked right now. Nothing you typed was sent; please try again in a moment." },
      { status: 503 },
    );
  }
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

export async function requireModerator(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!user.admin) throw data({ message: "Only moderators can open triage." }, { status: 403 });
  return user;
}
