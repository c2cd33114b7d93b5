/**
 * The POST bodies the site's actions take, by route, and the most each may be. The request guard
 * (request-guard.server.ts) reads a body only for these routes, never past its limit; any other POST
 * reaches React Router without its body. A workerd test holds this list to the route modules that
 * export an action.
 */

const KB = 1024;

/**
 * The largest progress save. A whole series' progress is a few kilobytes (the server keeps only units
 * on the timeline); this leaves room for very large packs and refuses what only an attack sends.
 */
export const MAX_PROGRESS_BODY_BYTES = 256 * KB;

export interface BodyLimit {
  /** The most bytes read. */
  bytes: number;
  /** The action needs a signed-in reader, so a request without a session cookie sends no body on. */
  signedIn: boolean;
  /** What the action reads: a form, or a JSON document, whose type and content it checks itself. */
  format: "form" | "json";
}

const limits: Array<{ route: RegExp } & BodyLimit> = [
  // A Firebase ID token (at most 8,192 characters) or a return path.
  { route: /^\/auth\/(session|logout)$/, bytes: 16 * KB, signedIn: false, format: "form" },
  // Deleting an account: one checkbox.
  { route: /^\/account\/delete$/, bytes: 4 * KB, signedIn: true, format: "form" },
  // Reports (the longest form, every field full to its limit in three-byte characters percent-escaped,
  // is under 120 KB, so a text well past its limit still gets its length told) and triage decisions.
  { route: /^\/feedback_hub\/[^/]+$/, bytes: 256 * KB, signedIn: true, format: "form" },
  // A moderator's decision on a reported comment: a unit key and a reason of 500 characters.
  { route: /^\/feedback_hub\/triage\/comments$/, bytes: 16 * KB, signedIn: true, format: "form" },
  // A comment (4,000 characters, each up to four bytes, percent-escaped) with its few other fields. A
  // page's scripts refuse a longer text before it is sent; a page without them is answered 413 past this.
  { route: /^\/discuss\/[^/]+$/, bytes: 64 * KB, signedIn: true, format: "form" },
  { route: /^\/resources\/progress$/, bytes: MAX_PROGRESS_BODY_BYTES, signedIn: true, format: "json" },
];

/** A path as route matching sees it: segments decoded, any case, without `.data` or a trailing slash. */
function routePath(pathname: string) {
  const segments = pathname
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return `/${segments.join("/")}`.toLowerCase();
}

/** The body a POST to this path may carry, or null when no action there reads one. */
export function bodyLimitFor(pathname: string): BodyLimit | null {
  const path = routePath(pathname);
  const found = limits.find(({ route }) => route.test(path));
  return found ? { bytes: found.bytes, signedIn: found.signedIn, format: found.format } : null;
}

/** Content-Length as HTTP writes it: one run of digits (RFC 9110, 8.6). */
const byteCount = /^[0-9]+$/;

/**
 * Whether the request's Content-Length, if it sends one, is a single non-negative integer. Anything
 * else (`-1`, `1e3`, `abc`, two values) is refused rather than guessed at.
 */
export function hasReadableLength(request: Request) {
  const declared = request.headers.get("Content-Length");
  return declared === null || byteCount.test(declared);
}

/** A body no longer than `limit` bytes, or null once it is longer (read no further than one chunk past it). */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
