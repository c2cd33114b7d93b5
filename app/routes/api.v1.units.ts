import { mediumParameter, pageFrom, pagingParameters, revealing } from "~/lib/api/contract";
import { unitView } from "~/lib/api/views";
import { API_PAGE_SIZE } from "~/lib/api/contract";
import { getStoryUnits } from "~/models/units.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.units";

const parameters = { ...revealing, ...pagingParameters, medium: mediumParameter() };

/** Every unit of the story (or of one medium) in story order, a page at a time; a title the requester may not see is null. */
export async function loader(args: Route.LoaderArgs) {
  return answerApi(args, parameters, async ({ db, query, knowledge }) => {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? API_PAGE_SIZE.default;
    const { units, total } = await getStoryUnits(db, {
      medium: query.medium ?? null,
      offset: (page - 1) * perPage,
      limit: perPage,
    });
    return pageFrom(
      units.map((unit) => unitView(unit, knowledge, args.context.origin)),
      total,
      page,
      perPage,
    );
  });
}
