import type { Knowledge } from "../shield/knowledge";
import { parseUnitKey } from "./units";

/**
 * The arc /web_novel opens on for a reader when its address names none: the one holding the chapter
 * after their place in the web novel, or their place's own arc when it is the last listed (they have
 * read all there is). Null for a reader with no place in the web novel (or the shield's "everything"):
 * the page opens on its first arc, as for everyone (a reader of the light novels or the anime alone
 * too: their place is on another line).
 */
export function arcToOpen(
  arcs: readonly { number: number; chapterCount: number }[],
  knowledge: Knowledge,
): number | null {
  if (knowledge.everything) return null;
  const place = [...knowledge.reached.values()]
    .map((reached) => parseUnitKey(reached.key, "web_novel"))
    .find((parts) => parts !== null);
  if (!place) return null;
  const current = arcs.find((arc) => arc.number === place.arc);
  if (current && place.chapter < current.chapterCount) return current.number;
  const later = arcs.find((arc) => arc.number > place.arc && arc.chapterCount > 0);
  return later?.number ?? current?.number ?? null;
}
