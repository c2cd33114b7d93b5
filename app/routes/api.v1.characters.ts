import { pageOf, pagingParameters, revealing } from "~/lib/api/contract";
import { metCharacters } from "~/lib/api/views";
import { getCharacterDirectory } from "~/models/characters.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.characters";

const parameters = { ...revealing, ...pagingParameters };

/** The characters the requester has met, by name, a page at a time; counted and paged among themselves. */
export async function loader(args: Route.LoaderArgs) {
  return answerApi(args, parameters, async ({ db, query, knowledge }) =>
    pageOf(metCharacters(await getCharacterDirectory(db), knowledge, args.context.origin), query.page, query.per_page),
  );
}
