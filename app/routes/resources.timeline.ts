import { getTimeline } from "~/models/progress.server";
import type { Route } from "./+types/resources.timeline";

/**
 * The story timeline the reading tracker's pickers list: the same for every reader, so it is cached
 * like a public page and fetched after hydration instead of travelling in the tracker's first load.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json({ units: await getTimeline(context.db) });
}
