import { revealing } from "~/lib/api/contract";
import { unitView } from "~/lib/api/views";
import { isUnitKey } from "~/lib/content/units";
import { getStoryUnit } from "~/models/units.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.unit";

/** One unit by its key (wn:2-14, ln:main-3, ss:short-stories-2-1, anime:1-5, bt:1-5). */
export async function loader(args: Route.LoaderArgs) {
  const { key } = args.params;
  return answerApi(
    args,
    revealing,
    async ({ db, knowledge }) => {
      const unit = isUnitKey(key) ? await getStoryUnit(db, key) : null;
      return unit && unitView(unit, knowledge, args.context.origin);
    },
    `No unit of the story has the key "${key}".`,
  );
}
