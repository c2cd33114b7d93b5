/**
 * The site search as a reader who states what they know asks it, in workerd: the results page, the
 * header's suggestions (`?suggest=1`, fewer results) and the page's HTML as the server sends it.
 */
import { expect } from "vitest";
import { encodeKnowledge, type Knowledge, noKnowledge } from "~/lib/shield/knowledge";
import { loader as searchLoader } from "~/routes/search";
import { fetchDeployed } from "./site";
import { load } from "./workers-context";

let client = 0;

/** The search's address for the words, as a reader who states this knowledge asks it. */
function searchPath(words: string, knowledge: Knowledge, suggest = false) {
  const params = new URLSearchParams({ q: words });
  if (suggest) params.set("suggest", "1");
  if (knowledge !== noKnowledge) params.set("reveal", encodeKnowledge(knowledge));
  return `/search?${params}`;
}

/**
 * What the reader is shown for the words, on the results page and in the suggestions alike (each result's
 * key and what it shows, the count and the line of the page that says it), checked to agree.
 */
export async function searchedAs(words: string, knowledge: Knowledge) {
  const page = await load(searchLoader, searchPath(words, knowledge));
  const suggested = await load(searchLoader, searchPath(words, knowledge, true));
  const shown = (found: typeof page) => found.results.map((result) => ({ ref: result.ref, ...result.content }));
  // The suggestions are the page's first hits, each with the words it matches (`matched`) besides.
  const suggestedHits = shown(suggested).map(({ matched: _matched, ...hit }) => hit);
  expect(suggestedHits, words).toEqual(shown(page).slice(0, suggestedHits.length));
  const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${(client = (client % 250) + 1)}` });
  const html = await (await fetchDeployed(searchPath(words, knowledge), { headers })).text();
  const status = /<p role="status"[^>]*>(.*?)<\/p>/s.exec(html)?.[1] ?? "";
  return { results: shown(page), total: page.total, counts: page.counts, status };
}
