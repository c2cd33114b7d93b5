import type { Knowledge } from "~/lib/shield/knowledge";
import { ANIME_SPECIALS_SECTION, anyFilter, type MistakeFilters } from "~/lib/mistakes/rules";
import { listedAnimeMistake } from "~/lib/mistakes/entries";
import { animeEntryRows, toAnimeMistake } from "./mistake-entries.server";
import { facetRows, facetsKnownTo, filteredBy, knownCount } from "./mistake-filters.server";
import { knownTo } from "~/lib/shield/gated";
import { batch, query } from "./query.server";

/**
 * Every episode a season's section lists, with its season: the season's own and its recuts' (a line of a
 * scene a recut adds is noted on the recut's episode, listed with the season it re-cuts: decision 85).
 */
const sectionEpisodes = query
  .selectFrom("anime_episodes")
  .select(["key", "season_number"])
  .unionAll(query.selectFrom("anime_recut_episodes").select(["key", "season_number"]));

/** The first season with any entry, whatever the filters. */
const firstSeasonWithEntries = query
  .selectFrom("anime_mistakes as m2")
  .innerJoin(sectionEpisodes.as("e2"), "e2.key", "m2.episode_key")
  .select((row) => row.fn.min("e2.season_number").as("season"));

/** Every season with how many entries it has, in order. */
const seasonsWithEntries = query
  .selectFrom("anime_seasons as s")
  .leftJoin(sectionEpisodes.as("e"), "e.season_number", "s.number")
  .leftJoin("anime_mistakes as m", "m.episode_key", "e.key")
  .select((row) => ["s.number", "s.title", row.fn.count<number>("m.id").as("entries")])
  .groupBy("s.number")
  .orderBy("s.number");

/**
 * The entries under the filters of each season (`season`) and of the OVAs, specials and films (null),
 * counted by what reveals them (a row per distinct value), for `knownCount`.
 */
function sectionsUnder(filters: MistakeFilters) {
  return query
    .selectFrom("anime_mistakes as m")
    .leftJoin(sectionEpisodes.as("e"), "e.key", "m.episode_key")
    .$call(filteredBy(filters))
    .select((row) => ["e.season_number as season", "m.revealed_by", row.fn.countAll<number>().as("count")])
    .groupBy(["e.season_number", "m.revealed_by"]);
}

/** Every entry of each season and of the OVAs, specials and films, counted by what reveals them. */
const everySection = sectionsUnder({ category: null, severity: null, status: null });

/** The OVAs, specials and films: how many the pack has, and how many entries they have. */
const specialsWithEntries = query.selectNoFrom((row) => [
  row
    .selectFrom("anime_specials")
    .select((count) => count.fn.countAll<number>().as("n"))
    .$asScalar()
    .as("specials"),
  row
    .selectFrom("anime_specials as sp")
    .innerJoin("anime_mistakes as m", "m.episode_key", "sp.key")
    .select((count) => count.fn.countAll<number>().as("n"))
    .$asScalar()
    .as("entries"),
]);

/** The section of the page asked for: a season's number, or the OVAs, specials and films. */
export type AnimeMistakeSection = number | typeof ANIME_SPECIALS_SECTION;

/**
 * One season's anime entries (the first season with entries when none is asked for), by episode and
 * timestamp, the season's own episodes then its recuts' (decision 85), or the OVAs', specials' and films' (decision 84), by special in the order they are watched,
 * with every season's count and the specials': the page stays one season long however long the anime
 * runs. Each entry listed is gated whole (`ListedMistake`): a sealed one is its handle and its episode.
 * Under filters, only the entries the requester (`knowledge`) knows, each count among them, and how many
 * of the section's entries they do not know: how many entries of a severity lie beyond the reader's place
 * would tell them what is ahead. One round trip.
 */
export async function getAnimeMistakes(
  db: D1Database,
  filters: MistakeFilters,
  section: AnimeMistakeSection | null,
  knowledge: Knowledge,
) {
  const season = section === ANIME_SPECIALS_SECTION ? null : section;
  const [entries, seasonRows, [specials], filteredRows, sectionRows, facets] = await batch(db, [
    section === ANIME_SPECIALS_SECTION
      ? animeEntryRows
          .where("sp.key", "is not", null)
          .$call(filteredBy(filters))
          .orderBy("sp.sort_order")
          .orderBy("m.start_seconds")
          .orderBy("m.id")
      : animeEntryRows
          .where(
            (row) => row.fn.coalesce("e.season_number", "re.season_number"),
            "=",
            (row) => row.fn.coalesce(row.val(season), firstSeasonWithEntries),
          )
          .$call(filteredBy(filters))
          // The season's own episodes (no recut: null, first), then each recut's, by number.
          .orderBy("re.recut_number")
          .orderBy((row) => row.fn.coalesce("e.number", "re.number"))
          .orderBy("m.start_seconds")
          .orderBy("m.id"),
    seasonsWithEntries,
    specialsWithEntries,
    sectionsUnder(filters),
    everySection,
    facetRows("anime_mistakes"),
  ]);
  const filtered = anyFilter(filters);
  // Without filters every entry is counted and listed (sealed where the requester does not know it), as
  // a list's runs of hidden entries say; under filters, only those the requester knows.
  const entriesOf = (number: number | null, all: number) =>
    filtered
      ? knownCount(
          filteredRows.filter((row) => row.season === number),
          knowledge,
        )
      : all;
  const hasSpecials = (specials?.specials ?? 0) > 0;
  // The same season the first statement defaults to: the first with any entry, whatever the filters.
  const shown =
    section === ANIME_SPECIALS_SECTION
      ? hasSpecials
        ? section
        : null
      : (season ?? seasonRows.find((each) => each.entries > 0)?.number ?? seasonRows[0]?.number ?? null);
  const listed = entries.map((row) => listedAnimeMistake(toAnimeMistake(row)));
  const shownSection = shown === ANIME_SPECIALS_SECTION ? null : shown;
  const unknownOf = (rows: typeof sectionRows) =>
    rows.reduce((sum, row) => sum + row.count, 0) - knownCount(rows, knowledge);
  return {
    season: shown === ANIME_SPECIALS_SECTION || seasonRows.some((each) => each.number === shown) ? shown : null,
    seasons: seasonRows.map(({ number, title, entries: count }) => ({
      number,
      title,
      entries: entriesOf(number, count),
    })),
    /** The section of OVAs, specials and films with its count; null where the anime has none. */
    specials: hasSpecials ? { entries: entriesOf(null, specials?.entries ?? 0) } : null,
    entries: filtered ? knownTo(listed, knowledge) : listed,
    facets: facetsKnownTo(facets, knowledge),
    /**
     * Under filters, how many of the section's entries the requester does not know, whatever the filters
     * (an entry behind the shield cannot be said to match); null without (the list's runs say it).
     */
    unknown: filtered ? unknownOf(sectionRows.filter((row) => row.season === shownSection)) : null,
  };
}
