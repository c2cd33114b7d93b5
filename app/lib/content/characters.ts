import { hasConsumed, type Knowledge } from "../shield/knowledge";
import { media, type Medium, mediumOf } from "./units";

/** A character's true name, which the story keeps secret under the name everyone knows, and as the original writes it. */
export interface TrueName {
  name: string;
  originalName: string | null;
}

/**
 * The media a reader has met a character in, for the characters catalogue's "Met in" filter: those of the
 * units they consumed among the units that show the character (their first appearance in each medium,
 * and the units that reveal meeting them, which tell that point of the story in every medium), in the
 * site's order of media. Only what the reader consumed counts, so an anime viewer has met them in the
 * anime, a manga reader in the manga, and nothing is said of a medium the reader does not follow.
 */
export function mediaMetIn(knowledge: Knowledge, shownBy: Iterable<string>): Medium[] {
  const met = new Set<Medium>();
  for (const unit of shownBy) {
    const medium = mediumOf(unit);
    if (medium && !met.has(medium) && hasConsumed(knowledge, unit)) met.add(medium);
  }
  return media.filter((medium) => met.has(medium));
}
