import { z } from "zod";
import { storyDateProblem } from "../../app/lib/content/dates";
import { MAX_UNIT_NUMBER, slugPattern, unitKeyPattern } from "../../app/lib/content/units";

/*
 * The field shapes every file of a pack shares: unit keys, slugs, dates, texts, image paths, where
 * a medium reveals something differently (revealIn), and the ids on tracking services.
 *
 * Units of the story are named by keys (app/lib/content/units.ts), used wherever one file points at
 * another. `revealAt` is the unit after which a fact stops being a spoiler.
 */

export const unitKey = z.string().regex(unitKeyPattern, {
  error: "must be a unit key such as wn:2-14, ln:main-3, ss:some-slug, anime:1-5, bt:1-5 or sp:some-slug",
});
export const slug = z.string().regex(slugPattern, { error: "must be a lowercase slug such as aria-vell" });
/** A day the site itself records (a translation note added): always known to the day. */
export const isoDate = z.iso.date({ error: "must be a date written YYYY-MM-DD" });
/**
 * A date of the story (published, on sale, aired) at the precision the sources give it: a day, a month
 * or a year (app/lib/content/dates.ts). A date not known is left out; none is made up.
 */
export const storyDate = z.string().check((check) => {
  const problem = storyDateProblem(check.value);
  if (problem) check.issues.push({ code: "custom", message: problem, input: check.value });
});
/**
 * When a volume's English edition came out or comes out, at the precision known (a light novel's or a manga's):
 * `null` states there is no English edition (yet); left out, whether there is one is not known.
 */
export const englishRelease = storyDate.nullable().optional();
export const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" });
export const text = z.string().trim().min(1, { error: "must not be empty" });
export const optionalText = text.optional();
/**
 * The title of a unit a series may announce before it titles it (an episode, a Break Time short, an OVA,
 * special or film, a light novel volume: decisions 73, 75 and 76): left out while it has none. A `null`
 * is refused as any other field's is, with a message that says how a title not announced is written.
 */
export const announcedTitle = z
  .string({
    error: (issue) =>
      issue.input === null
        ? "null is not a title: leave title out while the unit has none (not announced yet)"
        : undefined,
  })
  .trim()
  .min(1, { error: "must not be empty" })
  .optional();
/**
 * What a unit that may have no title refuses while it has none (decisions 73, 75, 76): an original title
 * (pages show one readers can read, never an original alone), a flag on the title, where the flag is
 * revealed. `unit` names it in the sentence, with its article: "an episode", "a special".
 */
export function refuseTitleOnlyFields(
  check: z.core.ParsePayload<{
    title?: string | undefined;
    originalTitle?: string | undefined;
    titleIsSpoiler?: boolean | undefined;
    titleRevealIn?: unknown;
  }>,
  unit: string,
) {
  const { title, originalTitle, titleIsSpoiler, titleRevealIn } = check.value;
  if (title !== undefined) return;
  const the = unit.replace(/^an? /, "the ");
  if (originalTitle !== undefined)
    check.issues.push({
      code: "custom",
      input: originalTitle,
      path: ["originalTitle"],
      message: `${unit} whose original title is known needs a title readers can read too: give title (the original romanized, until an English one is known)`,
    });
  if (titleIsSpoiler)
    check.issues.push({
      code: "custom",
      input: titleIsSpoiler,
      path: ["titleIsSpoiler"],
      message: `flags a title ${the} does not have: give title or leave titleIsSpoiler out`,
    });
  else if (titleRevealIn !== undefined)
    check.issues.push({
      code: "custom",
      input: titleRevealIn,
      path: ["titleRevealIn"],
      message: `reveals a title ${the} does not have: give title (and titleIsSpoiler) or leave titleRevealIn out`,
    });
}
/** Paths of images inside the pack folder, such as images/portraits/aria-vell.svg. */
export const imagePath = z.string().regex(/^images\/[a-z0-9/_-]+\.(svg|png|jpg|webp)$/, {
  error: "must be a path inside the pack's images/ folder, such as images/covers/main-1.svg",
});

/**
 * A number that becomes part of a unit key: an arc, chapter, volume, season or episode. It counts places
 * on a line, so it is whole; a number the series writes otherwise (a chapter's "12.5") is its label.
 */
export const unitNumber = z
  .int({
    error:
      "must be a whole number such as 12: it counts places in order (a series' own numbers, such as 12.5, go in a label where the pack has one)",
  })
  .positive({ error: "must be 1 or more" })
  .max(MAX_UNIT_NUMBER, { error: `must be at most ${MAX_UNIT_NUMBER}` });

/** The longest label a volume or an episode may carry: a number as the series writes it ("7.5", "EX", "SP1"). */
export const MAX_NUMBER_LABEL = 12;

/**
 * The number the series itself gives a light novel volume or a season's episode where it is not its
 * place ("6.5", "EX", "0"; an episode's "13.5", "SP1"), which names it ("Lanternfall 6.5", "Episode
 * 13.5"): Latin letters and ASCII digits joined by dots or dashes, no spaces, numbers without leading
 * zeros. One rule for both, its messages naming the unit and giving its own examples.
 */
export function numberAsWritten(unit: "volume" | "episode", examples: { short: string; long: string }) {
  return (
    z
      .string()
      .trim()
      .min(1, { error: `must not be empty: leave label out where the ${unit} goes by its number` })
      .max(MAX_NUMBER_LABEL, {
        error: `must be at most ${MAX_NUMBER_LABEL} characters: a label is the ${unit}'s number as the series writes it (${examples.short}), not its title`,
      })
      // An empty label is the message above's, not this one's. Latin letters and ASCII digits only: "２",
      // "٢" or "Ⅱ" beside a number 2 would be two names for one number, and one a search does not find.
      .regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)?$/, {
        error: `must be the ${unit}'s number as the series writes it, Latin letters and digits joined by dots or dashes, such as ${examples.long}`,
      })
      .refine((label) => !/(?:^|\D)0\d/.test(label), {
        error: `must write its numbers without leading zeros ("2", not "02"), as the ${unit} numbers are`,
      })
  );
}

/** A range of web novel chapters: what a volume or an episode adapts, what a change concerns. */
export const adaptsSchema = z.strictObject({ from: unitKey, to: unitKey });

/**
 * Where each medium reveals something, when that differs from what its `revealAt` gives through the
 * cross-media map: a unit of that medium (an anime-original flashback, a scene a volume moved) or null
 * (that medium never reveals it: a scene the light novels cut). The medium's units in the derived set
 * are replaced by the one given. pack/resolve/resolution.ts checks each names a unit of its own medium.
 */
export const revealInSchema = z.strictObject({
  webNovel: unitKey.nullable().optional(),
  lightNovels: unitKey.nullable().optional(),
  anime: unitKey.nullable().optional(),
  sideStories: unitKey.nullable().optional(),
});
export type RevealIn = z.infer<typeof revealInSchema>;

/**
 * Where a part of the series is listed on the tracking services readers keep lists on, so the reading
 * tracker can import their progress from those services' exports (docs/content.md). MyAnimeList keeps
 * anime and manga (light novels, web novels) in two lists, each with its own numbers; Novel Updates
 * names a series by the slug of its page (novelupdates.com/series/<slug>/). Each id belongs to one
 * season, collection or the web novel: pack/external-ids.ts refuses one used twice.
 */
const myAnimeListId = z
  .int({ error: "must be a MyAnimeList id, a whole number such as 52991" })
  .positive()
  .max(99_999_999);
const novelUpdatesSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must be a Novel Updates series slug such as the-unburnt-wick" })
  .max(200);

/** An anime season's entry on MyAnimeList's anime list (AniList and Kitsu export with these numbers too). */
export const seasonExternalIdsSchema = z.strictObject({ myAnimeList: myAnimeListId.optional() });
/** A light novel collection's or the web novel's entry on MyAnimeList's manga list and on Novel Updates. */
export const novelExternalIdsSchema = z.strictObject({
  myAnimeList: myAnimeListId.optional(),
  novelUpdates: novelUpdatesSlug.optional(),
});
