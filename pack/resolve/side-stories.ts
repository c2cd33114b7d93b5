import type { SearchEntryRow, SideStoryRow } from "../rows";
import { sideStoryKey } from "../../app/lib/content/units";
import { placeWithinMedium } from "../../app/lib/content/labels";
import { labelOf, originalBeside, positionOf, type Resolution, unitEntries } from "./resolution";
import { readByItsReaders, unitEntryRevealedBy } from "../reveals";

/** Letters that carry no accent to drop, as a slug writes them in plain letters. */
const plainLetters: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", þ: "th", ð: "d" };

/**
 * A title as a slug would spell it: "IF: The Ash Warden Keeps Watch" → "if-the-ash-warden-keeps-watch",
 * "The Café Fire" → "the-cafe-fire", "Søren Falls" → "soren-falls" (accents go, as a slug drops them).
 */
export const slugOf = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđþð]/g, (letter) => plainLetters[letter] ?? letter)
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** One word of a slug and one of a title, with or without a possessive's or a plural's s ("corvin", "corvins"). */
const sameWord = (a: string, b: string) => a === b || `${a}s` === b || `${b}s` === a;

/**
 * Whether a slug gives a title the shield hides away: made of the title's words alone
 * ("headmistress-tea" for "The Headmistress Takes Her Tea Black"), or holding two of them in a row where
 * either has four letters or more ("headmistress-takes-her-tea-black"). "if-the-longest-watch" keeps
 * "IF: The Ash Warden Keeps Watch" to itself.
 */
export function slugGivesAway(slug: string, title: string) {
  const titleWords = slugOf(title).split("-");
  const words = slugOf(slug).split("-");
  if (words.every((word) => titleWords.some((titleWord) => sameWord(word, titleWord)))) return true;
  return words.some((word, at) => {
    const next = words[at + 1];
    if (next === undefined || Math.max(word.length, next.length) < 4) return false;
    return titleWords.some(
      (titleWord, t) =>
        sameWord(titleWord, word) && titleWords[t + 1] !== undefined && sameWord(titleWords[t + 1]!, next),
    );
  });
}

export function sideStoryRows({ pack, timeline, gate, report, revealersOf, titleReachOf }: Resolution) {
  const stories: SideStoryRow[] = [];
  const search: SearchEntryRow[] = [];
  const slugs = new Set<string>();
  pack.sideStories.sideStories.forEach((story, index) => {
    if (slugs.has(story.slug)) return;
    slugs.add(story.slug);
    const key = sideStoryKey(story.slug);
    const gated = gate(story, "side-stories.json", `sideStories[${index}]`);
    const revealedBy = gated.revealedBy === null ? null : readByItsReaders(revealersOf, gated.revealedBy, key);
    // The slug is in every address and anchor of the story: it must not spell a title the shield hides,
    // which every title is from a reader who has not reached the story (decision 39), flagged or not.
    if (slugGivesAway(story.slug, story.title))
      report(
        "side-stories.json",
        `sideStories[${index}].slug`,
        `spells the story's title, which is hidden from readers who have not reached it: choose a slug of other words, such as where it was published (ln-5-melonbooks-bonus, ex-2)`,
      );
    stories.push({
      slug: story.slug,
      key,
      kind: story.kind,
      title: story.title,
      original_title: originalBeside(story.title, story.originalTitle),
      summary: story.summary ?? null,
      published_in: story.publishedIn,
      published_on: story.publishedOn ?? null,
      read_after: story.readAfter,
      canon: story.canon ? 1 : 0,
      read_url: story.readUrl ?? null,
      found_in: JSON.stringify(
        (story.foundIn ?? []).map((place) => ({
          name: place.name,
          url: place.url ?? null,
          until: place.until ?? null,
        })),
      ),
      position: positionOf(timeline, key),
      revealed_by: revealedBy,
    });
    const label = labelOf(timeline, key);
    search.push(
      // Found by its place ("Side story · Lanternfall EX 1") by everyone, named by it after "Side story", which
      // the result says as its kind; by its title by those it shows to.
      ...unitEntries(
        timeline,
        key,
        {
          ref: `side_story:${story.slug}`,
          kind: "side_story",
          subtitle: story.publishedIn,
          aliases: label,
          reveal_position: gated.position,
        },
        {
          title: story.title,
          original_title: story.originalTitle ?? null,
          // Found by its title alone: its summary waits for its readers, who may not be all who see its title
          // (the entry's gate), so words of it would say what it tells.
          body: "",
          revealed_by: unitEntryRevealedBy(titleReachOf, key, revealedBy),
        },
        placeWithinMedium({ medium: "side_stories", label }),
      ),
    );
  });
  return { stories, search };
}
