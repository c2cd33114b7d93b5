/**
 * Conditional GETs (RFC 9110): an answer that is the same for everyone who asks its URL carries an
 * ETag, and a client that already has it (a feed reader, a calendar app, an API client polling) gets a
 * 304 without the body. The edge applies it to every answer, cached copies included.
 */

/** A strong ETag: the body's SHA-256, shortened; the same body always has the same tag. */
export async function entityTag(body: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  return `"${btoa(String.fromCharCode(...digest.slice(0, 18)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it). */
function matchesEntityTag(ifNoneMatch: string | null, etag: string | null) {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** The answer as the client needs it: a 200 whose ETag it already has becomes a 304 with the validators and caching rule. */
export function conditionally(request: Request, response: Response): Response {
  if ((request.method !== "GET" && request.method !== "HEAD") || response.status !== 200) return response;
  if (!matchesEntityTag(request.headers.get("If-None-Match"), response.headers.get("ETag"))) return response;
  const headers = new Headers();
  for (const name of ["ETag", "Cache-Control", "Vary", "X-Edge-Cache"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(null, { status: 304, statusText: "Not Modified", headers });
}
