import { sql } from "kysely";
import type { SimilarMistake } from "~/lib/mistakes/entries";
import { lightNovelPlace } from "~/lib/content/labels";
import { animeMistakePath, entryHandle, lnMistakePath } from "~/lib/mistakes/rules";
import { similarLineSearch } from "~/lib/mistakes/similar-lines";
import { ftsTerm } from "~/lib/search/query";
import { animeEntryRows, entriesBefore, lnEntriesMatching, matchesIndex } from "./mistake-entries.server";
import { batch, query } from "./query.server";
import { gatedBy } from "./db.server";

/**
 * The most entries a similar-entries search reads. The requester's own are picked from them
 * (knownTo), so entries everyone may see are read first: what a requester who knows nothing gets never
 * depends on how many gated entries match.
 */
const SIMILAR_CANDIDATES = 200;

/**
 * Light novel entries whose official or Japanese line holds at least `needed` of the words, with whether
 * each is in the chosen volume, how many of the words it holds, and its place in the form's order.
 */
function lnCandidates(unit: string, terms: string[], needed: number) {
  const inLines = (words: string) => `{official japanese letter_pairs}: (${words})`;
  return query
    .with("hits", () =>
      lnEntriesMatching(inLines(terms.join(" OR "))).select((row) => [
        row("m.volume_key", "=", unit).as("in_unit"),
        terms
          .map((term) =>
            row.parens(
              row(
                "m.seq",
                "in",
                query
                  .selectFrom("ln_mistake_index")
                  .select(sql<number>`rowid`.as("rowid"))
                  .where(matchesIndex(inLines(term))),
              ),
            ),
          )
          .reduce((total, holds) => row(total, "+", holds))
          .$castTo<number>()
          .as("words"),
      ]),
    )
    .selectFrom("hits")
    .where("words", ">=", needed)
    .selectAll()
    .select((row) =>
      row.fn
        .agg<number>("row_number")
        .over((window) =>
          // In the chosen unit first, then by how many words, newest first, then by id.
          window.orderBy("in_unit", "desc").orderBy("words", "desc").orderBy("added_on", "desc").orderBy("id"),
        )
        .as("place"),
    )
    .orderBy((row) => row("revealed_by", "is not", null))
    .orderBy("place")
    .limit(SIMILAR_CANDIDATES);
}

/** Anime entries whose official line holds at least `needed` of the words, as lnCandidates has them. */
function animeCandidates(unit: string, words: string[], needed: number) {
  return query
    .with("hits", () =>
      animeEntryRows
        .select((row) => {
          const holds = words.map((word) => row.parens(row(row.fn("lower", ["m.official"]), "like", `%${word}%`)));
          const held = holds.reduce((total, each) => row(total, "+", each)).$castTo<number>();
          return [row("m.episode_key", "=", unit).as("in_unit"), held.as("words")];
        })
        .where((row) =>
          row.or(words.map((word) => row.parens(row(row.fn("lower", ["m.official"]), "like", `%${word}%`)))),
        ),
    )
    .selectFrom("hits")
    .where("words", ">=", needed)
    .selectAll()
    .select((row) =>
      row.fn
        .agg<number>("row_number")
        .over((window) =>
          // In the chosen unit first, then by how many words, newest first, then by id.
          window.orderBy("in_unit", "desc").orderBy("words", "desc").orderBy("added_on", "desc").orderBy("id"),
        )
        .as("place"),
    )
    .orderBy((row) => row("revealed_by", "is not", null))
    .orderBy("place")
    .limit(SIMILAR_CANDIDATES);
}

/**
 * Existing entries that look like what a reader is reporting, in the order the form lists them: in the
 * chosen volume or episode first, then by how many of the words each holds, newest first. An entry is
 * like it when it holds enough of the typed words that say something (similarLineSearch), not when it
 * shares only "the" or "of". Whether it is, and the order, depend only on each entry's own text (not FTS rank, whose weight for a word counts gated entries
 * too), so the entries a requester may see keep their order whatever else matches. One round trip.
 */
export async function findSimilarMistakes(
  db: D1Database,
  kind: "ln" | "anime",
  unit: string,
  text: string,
): Promise<SimilarMistake[]> {
  if (kind === "ln") {
    // One letter would match nearly every line: a Japanese particle (の, は) most of all.
    const { words, needed } = similarLineSearch(text, 2);
    if (!words.length) return [];
    const terms = words.map(ftsTerm);
    // Each candidate's place in its volume, for the page of the volume that lists it: counted for the
    // candidates only, not for every entry that matched.
    const candidates = query
      .selectFrom(lnCandidates(unit, terms, needed).as("m"))
      .selectAll()
      .select(entriesBefore.as("entries_before"));
    const [rows] = await batch(db, [candidates]);
    return rows
      .sort((a, b) => a.place - b.place)
      .map((row) => {
        const id = entryHandle(row.id);
        return {
          id,
          unit: row.volume_key,
          path: lnMistakePath(row.volume_key, id, row.entries_before),
          where: lightNovelPlace(row.volume_label, { number: row.chapter, label: row.chapter_label }),
          ...gatedBy(row.revealed_by, { official: row.official, suggested: row.suggested }),
        };
      });
  }
  // Words of one or two letters would match nearly every line (each is matched anywhere in a line).
  const { words, needed } = similarLineSearch(text, 3);
  if (!words.length) return [];
  const [rows] = await batch(db, [animeCandidates(unit, words, needed)]);
  return rows
    .sort((a, b) => a.place - b.place)
    .map((row) => {
      const id = entryHandle(row.id);
      return {
        id,
        unit: row.episode_key,
        path: animeMistakePath(id, row.episode_key),
        // Its unit's stored label: "Season 1 · Episode 4", "Anime · OVA" (placeName).
        where: row.unit_label,
        ...gatedBy(row.revealed_by, { official: row.official, suggested: row.suggested }),
      };
    });
}
