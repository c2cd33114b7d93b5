import { signedInCookieName } from "~/lib/runtime/offline-copies";

/** Every cookie the site sets. The privacy policy describes each one. */
export const cookieNames = {
  toast: "toast",
  /** The verified Firebase ID token; `__Host-` pins it to this exact host over HTTPS in production. */
  session: (production: boolean) => (production ? "__Host-session" : "session"),
  /** Beside the session, with its life and no secret: what the service worker can read of it. */
  signedIn: signedInCookieName,
} as const;

/**
 * The longest Cookie header read at all. The site's own cookies stay far below it (a session token is
 * about 1–2 KB, browsers keep at most 4 KB per cookie); a longer header is refused before any cookie is
 * parsed (app/server/request-guard.server.ts).
 */
export const MAX_COOKIE_HEADER_LENGTH = 8192;

/** Cookies that make a response personal, so shared caches must not keep it. */
const personalCookies: string[] = [cookieNames.toast, cookieNames.session(true), cookieNames.session(false)];

function namesIn(request: Request) {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  return header.split(";").map((part) => part.split("=")[0]?.trim() ?? "");
}

export function hasCookie(request: Request, name: string) {
  return namesIn(request).includes(name);
}

/** Whether the request carries a session cookie at all (valid or not: that is for the session to check). */
export function hasSessionCookie(request: Request) {
  return namesIn(request).some((name) => name === cookieNames.session(true) || name === cookieNames.session(false));
}

export function hasPersonalCookies(request: Request) {
  return namesIn(request).some((name) => personalCookies.includes(name));
}

/** Headers that set every cookie in `setCookies` (one Set-Cookie header each), besides `init`. */
export function withCookies(setCookies: readonly string[], init?: HeadersInit) {
  const headers = new Headers(init);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
