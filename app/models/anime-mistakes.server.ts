import type { Knowledge } from "~/lib/shield/knowledge";
import { ANIME_SPECIALS_SECTION, type MistakeFilters } from "~/lib/mistakes/rules";
import { animeEntryRows, toAnimeMistake } from "./mistake-entries.server";
import { chosenFilters, facetRows, facetsKnownTo, filteredBy } from "./mistake-filters.server";
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

/**
 * Every season with how many entries it has under the filters (`entries`) and without them
 * (`unfiltered`), in order.
 */
function seasonsUnder(filters: MistakeFilters) {
  return query
    .selectFrom("anime_seasons as s")
    .leftJoin(sectionEpisodes.as("e"), "e.season_number", "s.number")
    .leftJoin("anime_mistakes as m", (join) =>
      chosenFilters(filters).reduce((on, condition) => on.on(condition), join.onRef("m.episode_key", "=", "e.key")),
    )
    .select((row) => [
      "s.number",
      "s.title",
      row.fn.count<number>("m.id").as("entries"),
      row
        .selectFrom(sectionEpisodes.as("e2"))
        .innerJoin("anime_mistakes as m2", "m2.episode_key", "e2.key")
        .select((count) => count.fn.countAll<number>().as("count"))
        .whereRef("e2.season_number", "=", "s.number")
        .$asScalar()
        .as("unfiltered"),
    ])
    .groupBy("s.number")
    .orderBy("s.number");
}

/**
 * The OVAs, specials and films: whether the pack has any, and how many entries they have under the
 * filters (`entries`).
 */
function specialsUnder(filters: MistakeFilters) {
  return query.selectNoFrom((row) => [
    row
      .selectFrom("anime_specials")
      .select((count) => count.fn.countAll<number>().as("n"))
      .$asScalar()
      .as("specials"),
    row
      .selectFrom("anime_specials as sp")
      .innerJoin("anime_mistakes as m", "m.episode_key", "sp.key")
      .$call(filteredBy(filters))
      .select((count) => count.fn.countAll<number>().as("n"))
      .$asScalar()
      .as("entries"),
  ]);
}

/** The section of the page asked for: a season's number, or the OVAs, specials and films. */
export type AnimeMistakeSection = number | typeof ANIME_SPECIALS_SECTION;

/**
 * One season's anime entries (the first season with entries when none is asked for), by episode and
 * timestamp, the season's own episodes then its recuts' (decision 85), or the OVAs', specials' and films' (decision 84), by special in the order they are watched,
 * with every season's count and the specials' under the same filters: the page stays one season long
 * however long the anime runs. One round trip.
 */
export async function getAnimeMistakes(
  db: D1Database,
  filters: MistakeFilters,
  section: AnimeMistakeSection | null,
  knowledge: Knowledge,
) {
  const season = section === ANIME_SPECIALS_SECTION ? null : section;
  const [entries, seasonRows, [specials], facets] = await batch(db, [
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
    seasonsUnder(filters),
    specialsUnder(filters),
    facetRows("anime_mistakes"),
  ]);
  const hasSpecials = (specials?.specials ?? 0) > 0;
  // The same season the first statement defaults to: the first with any entry, whatever the filters.
  const shown =
    section === ANIME_SPECIALS_SECTION
      ? hasSpecials
        ? section
        : null
      : (season ?? seasonRows.find((each) => each.unfiltered > 0)?.number ?? seasonRows[0]?.number ?? null);
  return {
    season: shown === ANIME_SPECIALS_SECTION || seasonRows.some((each) => each.number === shown) ? shown : null,
    seasons: seasonRows.map(({ number, title, entries: count }) => ({ number, title, entries: count })),
    /** The section of OVAs, specials and films with its count under the filters; null where the anime has none. */
    specials: hasSpecials ? { entries: specials?.entries ?? 0 } : null,
    entries: entries.map(toAnimeMistake),
    facets: facetsKnownTo(facets, knowledge),
  };
}
