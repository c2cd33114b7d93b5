import {
  animeMistakePath,
  entryHandle,
  formatTimestamp,
  mistakeAnchor,
  OTHER_PLATFORM,
  timestampSeconds,
  volumeSlugFromKey,
} from "../../app/lib/mistakes/rules";
import type { AnimeMistakeRow, LnMistakeRow, MistakeEntryColumns, SearchEntryRow } from "../rows";
import { lightNovelChapterOf, lightNovelPlace } from "../../app/lib/content/labels";
import { isRecutEpisodeKey, mediumOf, volumeKey } from "../../app/lib/content/units";
import { unspacedPairs } from "../../app/lib/search/query";
import { animeMistakeRevealedBy, lnMistakeRevealedBy } from "../reveals";
import type { ContentPack } from "../schema/files";
import { labelOf, type Resolution } from "./resolution";

type LnMistake = ContentPack["mistakes"]["lightNovel"][number];
type AnimeMistake = ContentPack["mistakes"]["anime"][number];

/** The columns light novel and anime entries share; `revealAt` is where the entry stops being a spoiler. */
function entryColumns(
  entry: LnMistake | AnimeMistake,
  revealAt: number | null,
  revealedBy: string | null,
): MistakeEntryColumns {
  return {
    id: entry.id,
    source: "pack",
    official: entry.official,
    suggested: entry.suggested,
    explanation: entry.explanation,
    category: entry.category,
    severity: entry.severity,
    status: entry.status,
    reveal_position: revealAt ?? 0,
    revealed_by: revealedBy ?? "",
    credits: JSON.stringify(entry.credits),
    added_on: entry.addedOn,
    updated_on: entry.updatedOn ?? null,
  };
}

/**
 * Translation-mistake entries: ids are permalinks, so each is used once across both lists; an LN
 * entry's chapter, page and web novel chapter must exist in its volume, whose chapters must be listed
 * for its chapter to be named; an anime entry ends after it starts.
 */
export function mistakeRows({ pack, timeline, revealersOf, reference, report, gate }: Resolution) {
  const file = "mistranslations.json";
  const volumes = new Map(
    pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.map((volume) => [volumeKey(collection.code, volume.number), volume] as const),
    ),
  );
  const ids = new Set<string>();
  /** Each id's handle, as the site shows it (entryHandle), with the id it stands for. */
  const handles = new Map<string, string>();
  const unique = (id: string, path: string) => {
    if (ids.has(id)) {
      report(file, `${path}.id`, `the id "${id}" is used twice`);
      return false;
    }
    const other = handles.get(entryHandle(id));
    if (other !== undefined) {
      report(file, `${path}.id`, `the ids "${other}" and "${id}" would make the same link: give one another id`);
      return false;
    }
    ids.add(id);
    handles.set(entryHandle(id), id);
    return true;
  };

  const lightNovel: LnMistakeRow[] = [];
  pack.mistakes.lightNovel.forEach((entry, index) => {
    const path = `lightNovel[${index}]`;
    if (!unique(entry.id, path)) return;
    const volumePosition = reference(entry.volume, file, `${path}.volume`, "light_novels");
    const volume = volumes.get(entry.volume);
    if (volume && volume.chapters.length && entry.chapter > volume.chapters.length)
      report(file, `${path}.chapter`, `${entry.volume} has ${volume.chapters.length} chapters, not ${entry.chapter}`);
    // A chapter is named as its book names it, from the volume's list; without the list the site could
    // only guess "Chapter 1", which may be the book's prologue or not a chapter at all.
    if (volume && !volume.chapters.length)
      report(
        file,
        `${path}.chapter`,
        `${entry.volume} lists no chapters, so chapter ${entry.chapter} cannot be named as its book names it: list the volume's chapters in light-novels.json (an afterword as { "label": "Afterword" }) and give the passage's place in that list`,
      );
    if (volume?.pageCount && entry.page && entry.page > volume.pageCount)
      report(file, `${path}.page`, `${entry.volume} has ${volume.pageCount} pages, not ${entry.page}`);
    const chapterPosition = reference(entry.webNovelChapter, file, `${path}.webNovelChapter`, "web_novel");
    if (chapterPosition !== null && volume?.adapts) {
      const from = timeline.positions.get(volume.adapts.from);
      const to = timeline.positions.get(volume.adapts.to);
      if (from !== undefined && to !== undefined && (chapterPosition < from || chapterPosition > to))
        report(
          file,
          `${path}.webNovelChapter`,
          `${entry.webNovelChapter} is not among the chapters ${entry.volume} adapts`,
        );
    }
    if (entry.page === undefined && entry.ebookPosition === undefined)
      report(file, path, "give the page, the ebook position, or both");
    // Gated where its passage is in the story (the web novel chapter), not at the end of the whole volume.
    const given = gate(entry, file, path, true);
    const revealAt = entry.revealAt ? given.position : (chapterPosition ?? volumePosition);
    const revealedBy = lnMistakeRevealedBy(entry, revealersOf, chapterPosition !== null);
    const listed = volume?.chapters[entry.chapter - 1];
    const chapter = listed === undefined ? null : lightNovelChapterOf(listed);
    lightNovel.push({
      ...entryColumns(entry, revealAt, revealedBy),
      volume_key: entry.volume,
      chapter: entry.chapter,
      chapter_title: chapter?.title || null,
      chapter_label: chapter?.label ?? null,
      web_novel_chapter: entry.webNovelChapter ?? null,
      page: entry.page ?? null,
      ebook_position: entry.ebookPosition ?? null,
      edition: entry.edition,
      japanese: entry.japanese,
      // Found by any part of a Chinese, Japanese or Korean word (migration 0048).
      letter_pairs: unspacedPairs(entry.official, entry.japanese),
    });
  });

  const anime: AnimeMistakeRow[] = [];
  pack.mistakes.anime.forEach((entry, index) => {
    const path = `anime[${index}]`;
    if (!unique(entry.id, path)) return;
    // A season's episode, or an OVA, special or film (decision 84).
    const episodePosition = reference(
      entry.episode,
      file,
      `${path}.episode`,
      mediumOf(entry.episode) === "anime_specials" ? "anime_specials" : "anime",
    );
    if (isRecutEpisodeKey(entry.episode))
      report(
        file,
        `${path}.episode`,
        `${entry.episode} is an episode of a recut: an entry names the season's own episode the passage is in`,
      );
    const start = timestampSeconds(entry.start);
    const end = timestampSeconds(entry.end);
    if (end < start) report(file, `${path}.end`, `ends (${entry.end}) before it starts (${entry.start})`);
    // The form files reports with the anime's platforms or "Other": a note of another would be the only one.
    if (entry.platform !== OTHER_PLATFORM && !pack.anime.platforms.includes(entry.platform))
      report(
        file,
        `${path}.platform`,
        `${entry.platform} is not among anime.json platforms (${pack.anime.platforms.join(", ") || "none listed"}): list it there, or write "${OTHER_PLATFORM}"`,
      );
    const given = gate(entry, file, path, true);
    const revealAt = entry.revealAt ? given.position : episodePosition;
    anime.push({
      ...entryColumns(entry, revealAt, animeMistakeRevealedBy(entry, revealersOf)),
      episode_key: entry.episode,
      start_seconds: start,
      end_seconds: end,
      platform: entry.platform,
      track: entry.track,
      japanese: entry.japanese ?? null,
    });
  });
  return { lightNovel, anime };
}

/** Search entries for mistakes, each gated where its entry is on the mistakes pages. */
export function mistakeSearchEntries(
  { timeline }: Resolution,
  mistakes: ReturnType<typeof mistakeRows>,
): SearchEntryRow[] {
  const entry = (row: LnMistakeRow | AnimeMistakeRow, subtitle: string, path: string): SearchEntryRow => ({
    ref: `translation_note:${row.id}`,
    kind: "translation_note",
    title: row.official,
    subtitle,
    path,
    original_title: null,
    aliases: [row.suggested, row.japanese].filter(Boolean).join(" · "),
    body: row.explanation,
    reveal_position: row.reveal_position,
    revealed_by: row.revealed_by,
  });
  return [
    ...mistakes.lightNovel.map((row) =>
      entry(
        row,
        lightNovelPlace(labelOf(timeline, row.volume_key), { number: row.chapter, label: row.chapter_label }),
        `/translation_meta/ln_mistls/${volumeSlugFromKey(row.volume_key)}#${mistakeAnchor(entryHandle(row.id))}`,
      ),
    ),
    ...mistakes.anime.map((row) =>
      entry(
        row,
        `${labelOf(timeline, row.episode_key)} at ${formatTimestamp(row.start_seconds)}`,
        animeMistakePath(entryHandle(row.id), row.episode_key),
      ),
    ),
  ];
}
