import { revealing } from "~/lib/api/contract";
import { seal } from "~/lib/shield/gated";
import { animeSpecialView, mangaSeriesView, seasonView } from "~/lib/api/views";
import { getSeries } from "~/models/series.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.series";

/**
 * The series: who made it, its media, its totals and how each medium is grouped. Nothing in it is gated
 * but the titles of arcs, seasons' parts, OVAs, specials and films and manga series the pack gates, and
 * what the specials tell, null where the requester may not see them.
 */
export async function loader(args: Route.LoaderArgs) {
  return answerApi(
    args,
    revealing,
    async ({ db, knowledge }) => {
      const series = await getSeries(db);
      if (!series) return null;
      // The number of characters is left out: the API lists only those a requester has met.
      const { characters: _characters, ...totals } = series.totals;
      return {
        title: series.title,
        original_title: series.originalTitle,
        synopsis: series.synopsis,
        author: series.author,
        illustrator: series.illustrator,
        media: series.media,
        totals,
        arcs: series.arcs.map((arc) => ({ number: arc.number, title: seal(arc.title, knowledge).content })),
        light_novel_collections: series.collections,
        anime_seasons: series.seasons.map((season) => seasonView(season, knowledge)),
        anime_specials: series.specials.map((special) => animeSpecialView(special, knowledge, args.context.origin)),
        manga: series.manga.map((manga) => mangaSeriesView(manga, knowledge, args.context.origin)),
        url: `${args.context.origin}/`,
      };
    },
    "No series has been imported yet.",
  );
}
