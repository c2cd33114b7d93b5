import type { AnimeSpecialRow, SearchEntryRow } from "../rows";
import { animeSpecialKey } from "../../app/lib/content/units";
import { unitEntryRevealedBy } from "../reveals";
import { originalBeside, positionOf, type Resolution, unitEntries } from "./resolution";
import { slugGivesAway } from "./side-stories";

/**
 * The anime's OVAs, specials and films (anime.json `specials`): each is a unit of its own, watched on its
 * own, placed where the pack says it is watched (`watchAfter`) or where what it adapts is (pack/timeline.ts).
 * What it adapts must exist and be of its kind: chapter ranges that run forwards, side stories. What it
 * reveals is worked out with the rest of the pack (../reveals: a special that tells a side story reveals
 * what that story does). Its title waits as an episode's does, or, flagged, for what reveals the special.
 */
export function animeSpecialRows({ pack, timeline, reference, report, revealersOf, titleReachOf }: Resolution) {
  const file = "anime.json";
  const specials: AnimeSpecialRow[] = [];
  const search: SearchEntryRow[] = [];
  const slugs = new Set<string>();
  pack.anime.specials.forEach((special, index) => {
    const path = `specials[${index}]`;
    // A slug given twice is reported where its unit is declared; the first one stands.
    if (slugs.has(special.slug)) return;
    slugs.add(special.slug);
    const key = animeSpecialKey(special.slug);
    const ranges = special.adapts?.chapters ?? [];
    ranges.forEach((range, r) => {
      const where = `${path}.adapts.chapters[${r}]`;
      const from = reference(range.from, file, `${where}.from`, "web_novel");
      const to = reference(range.to, file, `${where}.to`, "web_novel");
      if (from !== null && to !== null && from > to)
        report(file, where, `runs backwards: ${range.from} comes after ${range.to}`);
    });
    const stories = special.adapts?.sideStories ?? [];
    const seen = new Set<string>();
    stories.forEach((story, s) => {
      if (seen.has(story)) report(file, `${path}.adapts.sideStories[${s}]`, `names ${story} twice`);
      seen.add(story);
      reference(story, file, `${path}.adapts.sideStories[${s}]`, "side_stories");
    });
    reference(special.watchAfter, file, `${path}.watchAfter`, "anime");
    // The slug is in every address and anchor of the special: it must not spell a title the shield hides,
    // which every title is from a viewer who has not reached the special (decision 39), flagged or not.
    if (special.title !== undefined && slugGivesAway(special.slug, special.title))
      report(
        file,
        `${path}.slug`,
        "spells the special's title, which is hidden from viewers who have not reached it: choose a slug of other words, such as its kind and number (ova-2, film-1)",
      );
    // Only a unit placed on the timeline is kept: one whose placement points nowhere is already reported.
    if (!timeline.positions.has(key)) return;
    specials.push({
      slug: special.slug,
      key,
      kind: special.kind,
      // Null while the special has no title: named by its place alone ("OVA 3").
      title: special.title ?? null,
      original_title: special.title === undefined ? null : originalBeside(special.title, special.originalTitle),
      title_revealed_by: special.titleIsSpoiler ? revealersOf(key) : null,
      synopsis: special.synopsis ?? null,
      released_on: special.releasedOn ?? null,
      runtime: special.runtime ?? null,
      adapts_chapters: JSON.stringify(ranges),
      adapts_side_stories: JSON.stringify(stories),
      original: special.original ?? null,
      watch_after: special.watchAfter ?? null,
      position: positionOf(timeline, key),
      sort_order: specials.length,
    });
    search.push(
      // Found by its label ("Anime · OVA 3") by everyone.
      ...unitEntries(
        timeline,
        key,
        { kind: "anime_special" },
        special.title === undefined
          ? null
          : {
              title: special.title,
              original_title: special.originalTitle ?? null,
              // Found by its title alone: the synopsis tells the story, and stays behind the shield.
              body: "",
              revealed_by: unitEntryRevealedBy(titleReachOf, key, special.titleIsSpoiler ? revealersOf(key) : null),
            },
      ),
    );
  });
  return { specials, search };
}
