import { API_PAGE_SIZE, mediumParameter, pageFrom, pagingParameters, revealing } from "~/lib/api/contract";
import { knownMistakes } from "~/lib/api/views";
import { isUnitKey } from "~/lib/content/units";
import { pageOffset } from "~/lib/http/paging";
import { getKnownMistakes } from "~/models/mistakes.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.translation-notes";

const parameters = {
  ...revealing,
  ...pagingParameters,
  medium: mediumParameter(["light_novels", "anime"]),
  unit: (value: string) =>
    isUnitKey(value, "light_novels") || isUnitKey(value, "anime") || isUnitKey(value, "anime_specials")
      ? { value }
      : {
          problem:
            "must be a light novel volume's, an anime episode's, a recut episode's or an OVA's, special's or film's key (ln:main-3, anime:1-5, anime:1r1-3, sp:ova-1).",
        },
};

/** The mistakes the requester knows (light novels, then anime, each in story order), a page at a time. */
export async function loader(args: Route.LoaderArgs) {
  return answerApi(args, parameters, async ({ db, query, knowledge }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? API_PAGE_SIZE.default;
    const { total, ...mistakes } = await getKnownMistakes(
      db,
      { medium: query.medium ?? null, unit: query.unit ?? null },
      knowledge,
      { offset: pageOffset(page, perPage), limit: perPage },
    );
    return pageFrom(knownMistakes(mistakes, knowledge, args.context.origin), total, page, perPage);
  });
}
