/**
 * Readers drawn at random over a pack, and what of a pack's gated text an answer holds beyond a reader's
 * knowledge: the spoiler shield's promise as a property (tests/workers/shield.test.ts) and kept copies
 * for offline held to it (tests/workers/kept-offline.test.ts).
 */
import fc from "fast-check";
import type { PackRows } from "../../pack/rows";
import { type Knowledge, knowledgeOfUnits, knows } from "~/lib/shield/knowledge";
import { isRecutEpisodeKey } from "~/lib/content/units";
import { type GatedText, gatedTextsOf } from "./gated-texts";

/**
 * The pack's gated texts: `all`, short ones too (what a requester knows may hold another's words), and
 * `distinctive`, those long enough and not also said openly somewhere in the pack, which an answer is
 * searched for.
 */
export function packGatedTexts(rows: PackRows) {
  const all = gatedTextsOf(rows);
  const open = JSON.stringify([
    rows.series,
    rows.arcs.map((arc) => ({
      ...arc,
      ...(arc.summary_revealed_by !== null && { summary: null }),
      ...(arc.title_revealed_by !== null && { title: null, original_title: null }),
    })),
    rows.ln_volumes.map(({ chapter_titles: _, ...volume }) => volume),
    rows.side_stories.filter((story) => story.revealed_by === null),
    rows.anime_episodes.map(({ original: _, ...episode }) => episode),
    rows.anime_recuts,
    rows.anime_recut_episodes.map(({ new_scenes: _, ...episode }) => episode),
    rows.characters,
    rows.story_units,
  ]).toLowerCase();
  const distinctive = all.filter(
    ({ text }) => text.length >= 12 && !open.includes(JSON.stringify(text).slice(1, -1).toLowerCase()),
  );
  return { all, distinctive };
}

/**
 * The gated texts in a response that a requester with this knowledge has not seen: not revealed to
 * them, and not within a text that is (a light novel's line the anime's dub also gets wrong, for one).
 */
export function leaks(
  body: string,
  knowledge: Knowledge,
  { all, distinctive }: { all: readonly GatedText[]; distinctive: readonly GatedText[] },
) {
  const text = body.toLowerCase();
  const seen = all.filter((item) => knows(knowledge, item.revealedBy)).map((item) => item.text.toLowerCase());
  return distinctive
    .filter((item) => {
      const words = item.text.toLowerCase();
      return !knows(knowledge, item.revealedBy) && text.includes(words) && !seen.some((known) => known.includes(words));
    })
    .map((item) => `${item.where}: “${item.text}”`);
}

/** The keys of a medium's units, in story order. */
export function unitsInOrder(pack: PackRows, medium: string) {
  return pack.story_units
    .filter((unit) => unit.medium === medium)
    .sort((a, b) => a.position - b.position)
    .map((unit) => unit.key);
}

/** Up to a dozen keys in a row of a list in story order, or none. */
function consecutive(keys: string[]) {
  return fc
    .tuple(fc.nat({ max: keys.length - 1 }), fc.nat({ max: 12 }))
    .map(([start, count]) => keys.slice(start, start + count));
}

/** A manga reader's places: in some of the series, each chapter on its own line (decision 49). */
export function mangaPlacesArbitrary(rows: PackRows) {
  const series = rows.manga_series.map((one) => one.code);
  const chaptersOf = (code: string) =>
    rows.manga_chapters.filter((chapter) => chapter.series_code === code).map((chapter) => chapter.key);
  return fc
    .subarray(series)
    .chain((codes) => fc.tuple(...codes.map((code) => fc.constantFrom(...chaptersOf(code)))))
    .map((keys): string[] => keys);
}

/** A reader of the manga alone: some chapter of some of its series, nothing of any other medium. */
export function mangaOnlyKnowledgeArbitrary(rows: PackRows) {
  return mangaPlacesArbitrary(rows).map((keys) => knowledgeOfUnits(keys));
}

/**
 * The season's episodes whose adaptation is not one run of chapters (an episode that intercuts runs, one
 * that tells a side story, an anime-original one), each with the episode after it: where an anime viewer
 * most needs the shield to follow what the episodes adapt, not the span from the first to the last.
 */
export function episodesOfOtherShapes(rows: PackRows) {
  const episodes = unitsInOrder(rows, "anime").filter((key) => !isRecutEpisodeKey(key));
  const shaped = rows.anime_episodes
    .filter(
      (episode) =>
        (JSON.parse(episode.adapts_chapters) as unknown[]).length !== 1 || episode.adapts_side_stories !== "[]",
    )
    .map((episode) => episode.key);
  return [...new Set(shaped.flatMap((key) => [key, episodes[episodes.indexOf(key) + 1]]))].filter(
    (key): key is string => key !== undefined,
  );
}

/**
 * A reader's knowledge: any mix of media, from none to far along in each (a season's episodes and each
 * recut apart, decision 45; each manga series apart, decision 49), with or without units skipped on the
 * way. One anime viewer in three is at an episode of another shape than one run of chapters, or just past
 * it (`episodesOfOtherShapes`).
 */
export function knowledgeArbitrary(rows: PackRows) {
  const keysOf = (medium: string) => unitsInOrder(rows, medium);
  const maybeOne = (keys: string[]) => fc.option(fc.constantFrom(...keys), { nil: null });
  const shaped = episodesOfOtherShapes(rows);
  const episodes = keysOf("anime").filter((key) => !isRecutEpisodeKey(key));
  const collections = [...new Set(rows.ln_volumes.map((volume) => volume.collection_code))];
  return fc
    .record({
      webNovel: maybeOne(keysOf("web_novel")),
      anime: shaped.length
        ? fc.oneof({ arbitrary: maybeOne(episodes), weight: 2 }, { arbitrary: fc.constantFrom(...shaped), weight: 1 })
        : maybeOne(episodes),
      recut: maybeOne(keysOf("anime").filter(isRecutEpisodeKey)),
      lightNovels: fc
        .subarray(collections)
        .chain((codes) =>
          fc.tuple(
            ...codes.map((code) =>
              maybeOne(rows.ln_volumes.filter((volume) => volume.collection_code === code).map((volume) => volume.key)),
            ),
          ),
        ),
      checked: fc.subarray([...keysOf("side_stories"), ...keysOf("break_time"), ...keysOf("anime_specials")], {
        maxLength: 8,
      }),
      // Chapters and volumes passed over when crossing from another medium (only those before a place count).
      skipped: fc.subarray([...keysOf("web_novel"), ...keysOf("light_novels")], { maxLength: 6 }),
      // Runs in story order, which the reveal writes as spans: a season's shorts, an arc's chapters skipped.
      shortsInARow: consecutive(keysOf("break_time")),
      skippedInARow: consecutive(keysOf("web_novel")),
      manga: mangaPlacesArbitrary(rows),
    })
    .map(({ webNovel, anime, recut, lightNovels, checked, skipped, shortsInARow, skippedInARow, manga }) =>
      knowledgeOfUnits(
        [webNovel, anime, recut, ...lightNovels, ...checked, ...shortsInARow, ...manga].filter(
          (key): key is string => key !== null,
        ),
        [...skipped, ...skippedInARow],
      ),
    );
}
