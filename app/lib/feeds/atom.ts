/** A minimal Atom 1.0 writer (RFC 4287): enough for a feed of entries with text content. */

export interface AtomEntry {
  id: string;
  title: string;
  link: string;
  updated: string; // YYYY-MM-DD or a full ISO timestamp
  published?: string;
  authors: string[];
  summary: string;
  categories: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  link: string;
  selfLink: string;
  updated: string;
  entries: AtomEntry[];
}

function escapeXml(text: string) {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

function timestamp(date: string) {
  return date.length === 10 ? `${date}T00:00:00Z` : date;
}

/** How a feed reads when a browser opens it (public/feed.css); feed readers ignore it. */
export const FEED_STYLESHEET = "/feed.css";

export function renderAtom(feed: AtomFeed) {
  const entries = feed.entries
    .map(
      (entry) => `  <entry>
    <id>${escapeXml(entry.id)}</id>
    <title>${escapeXml(entry.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(entry.link)}"/>
    <updated>${timestamp(entry.updated)}</updated>${entry.published ? `\n    <published>${timestamp(entry.published)}</published>` : ""}
${(entry.authors.length ? entry.authors : ["Contributors"]).map((name) => `    <author><name>${escapeXml(name)}</name></author>`).join("\n")}
${entry.categories.map((term) => `    <category term="${escapeXml(term)}"/>`).join("\n")}
    <summary type="text">${escapeXml(entry.summary)}</summary>
  </entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<?xml-stylesheet type="text/css" href="${FEED_STYLESHEET}"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(feed.id)}</id>
  <title>${escapeXml(feed.title)}</title>
  <subtitle>${escapeXml(feed.subtitle)}</subtitle>
  <link rel="alternate" type="text/html" href="${escapeXml(feed.link)}"/>
  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfLink)}"/>
  <updated>${timestamp(feed.updated)}</updated>
${entries}
</feed>
`;
}
