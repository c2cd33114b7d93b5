import { revealing } from "~/lib/api/contract";
import { characterProfileView } from "~/lib/api/views";
import { slugPattern } from "~/lib/content/units";
import { getCharacter } from "~/models/character-profile.server";
import { answerApi } from "~/server/api.server";
import type { Route } from "./+types/api.v1.character";

/**
 * One character's profile, with the facts and relationships the requester knows. A character they
 * have not met answers exactly as a slug that names no one does.
 */
export async function loader(args: Route.LoaderArgs) {
  const { slug } = args.params;
  return answerApi(
    args,
    revealing,
    async ({ db, knowledge }) =>
      characterProfileView(
        slugPattern.test(slug) ? await getCharacter(db, slug) : null,
        knowledge,
        args.context.origin,
      ),
    `No character has the slug "${slug}".`,
  );
}
