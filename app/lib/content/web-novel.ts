import type { Knowledge } from "../shield/knowledge";
import { parseUnitKey } from "./units";
import { viewToOpen } from "./views";

/**
 * The arc /web_novel opens on for a reader when its address names none (viewToOpen): the one holding
 * the chapter after their place in the web novel. A reader of the light novels or the anime alone has
 * no place on this line: the page opens on its first arc, as for everyone.
 */
export function arcToOpen(arcs: readonly { number: number; chapterCount: number }[], knowledge: Knowledge) {
  return viewToOpen(
    arcs.map((arc) => ({ number: arc.number, unitCount: arc.chapterCount })),
    knowledge,
    (key) => {
      const place = parseUnitKey(key, "web_novel");
      return place && { view: place.arc, unit: place.chapter };
    },
  );
}
