import type { Knowledge } from "~/lib/shield/knowledge";
import type { MistakeFilters } from "~/lib/mistakes/rules";
import { animeEntryRows, toAnimeMistake } from "./mistake-entries.server";
import { chosenFilters, facetRows, facetsKnownTo, filteredBy } from "./mistake-filters.server";
import { batch, query } from "./query.server";

/** The first season with any entry, whatever the filters. */
const firstSeasonWithEntries = query
  .selectFrom("anime_mistakes as m2")
  .innerJoin("anime_episodes as e2", "e2.key", "m2.episode_key")
  .select((row) => row.fn.min("e2.season_number").as("season"));

/**
 * Every season with how many entries it has under the filters (`entries`) and without them
 * (`unfiltered`), in order.
 */
function seasonsUnder(filters: MistakeFilters) {
  return query
    .selectFrom("anime_seasons as s")
    .leftJoin("anime_episodes as e", "e.season_number", "s.number")
    .leftJoin("anime_mistakes as m", (join) =>
      chosenFilters(filters).reduce((on, condition) => on.on(condition), join.onRef("m.episode_key", "=", "e.key")),
    )
    .select((row) => [
      "s.number",
      "s.title",
      row.fn.count<number>("m.id").as("entries"),
      row
        .selectFrom("anime_episodes as e2")
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
 * One season's anime entries (the first season with entries when none is asked for), by episode and
 * timestamp, with every season's count under the same filters: the page stays one season long however
 * long the anime runs. One round trip.
 */
export async function getAnimeMistakes(
  db: D1Database,
  filters: MistakeFilters,
  season: number | null,
  knowledge: Knowledge,
) {
  const [entries, seasonRows, facets] = await batch(db, [
    animeEntryRows
      .where("e.season_number", "=", (row) => row.fn.coalesce(row.val(season), firstSeasonWithEntries))
      .$call(filteredBy(filters))
      .orderBy("e.number")
      .orderBy("m.start_seconds")
      .orderBy("m.id"),
    seasonsUnder(filters),
    facetRows("anime_mistakes"),
  ]);
  // The same season the first statement defaults to: the first with any entry, whatever the filters.
  const shown = season ?? seasonRows.find((each) => each.unfiltered > 0)?.number ?? seasonRows[0]?.number ?? null;
  return {
    season: seasonRows.some((each) => each.number === shown) ? shown : null,
    seasons: seasonRows.map(({ number, title, entries: count }) => ({ number, title, entries: count })),
    entries: entries.map(toAnimeMistake),
    facets: facetsKnownTo(facets, knowledge),
  };
}
