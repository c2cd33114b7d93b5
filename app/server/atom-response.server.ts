import { entityTag } from "./conditional-get.server";
import { resourcePolicy } from "./response-headers.server";

/**
 * A feed loads nothing but its stylesheet (public/feed.css, for a browser that opens it): the policy of
 * every answer that is not a page, with styles from this site. Not sandboxed, so "self" is still this
 * site for the stylesheet's request; the feed runs no script either way.
 */
export const feedPolicy = `${resourcePolicy.replace("; sandbox", "")}; style-src 'self'`;

/**
 * An Atom feed's answer: revalidated by its ETag, cached as `cacheControl` says. Typed as XML rather than
 * `application/atom+xml`, which browsers show as plain text, ignoring the stylesheet; feed readers read
 * the document, whatever the type (decision 31).
 */
export async function atomResponse(xml: string, cacheControl: string) {
  return new Response(xml, {
    headers: {
      ETag: await entityTag(xml),
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": cacheControl,
      "Content-Security-Policy": feedPolicy,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
