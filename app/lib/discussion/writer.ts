/**
 * What pages know a comment's writer by: a digest of their account id, never the id itself, so a
 * reader's own comments can offer Delete on a page that is the same for everyone. The browser works
 * it out from the signed-in reader's id as the server did when they posted.
 */
export async function writerTag(uid: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`comment-writer:${uid}`));
  return [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
