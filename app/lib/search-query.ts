/**
 * Turns what a reader typed into an FTS5 query: each word must match, as a prefix, so "ash ward"
 * finds "The Ash Warden". Quotes and operators are treated as plain text, so no input can break
 * the query. Returns null when nothing searchable is left.
 */
export function toFtsQuery(input: string, maxTerms = 8): string | null {
  const terms = input
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, maxTerms);
  if (!terms.length) return null;
  return terms.map((term) => `"${term}"*`).join(" ");
}

/** The query string as the page keeps it: trimmed and at most 100 characters. */
export function cleanQuery(input: string | null) {
  return (input ?? "").trim().slice(0, 100);
}

/** What each kind of search result is called on the page. */
export const searchKindLabels = {
  character: "Character",
  chapter: "Chapter",
  volume: "Light novel",
  side_story: "Side story",
} as const;
