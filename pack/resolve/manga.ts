import type { MangaChapterRow, MangaSeriesRow, MangaVolumeRow, SearchEntryRow } from "../rows";
import { mangaChapterKey } from "../../app/lib/content/units";
import { mangaChapterNumbers, mangaSeriesName } from "../../app/lib/content/labels";
import { englishBeforeOriginal, englishEditionColumns } from "../editions";
import { unitEntryRevealedBy } from "../reveals";
import { originalBeside, positionOf, type Resolution, unitEntries } from "./resolution";
import { slugGivesAway } from "./side-stories";

/**
 * The manga (manga.json, decision 49): its series, their volumes and their chapters. Each chapter is a unit
 * read along its series' line, placed where what it adapts is (pack/timeline.ts). What it adapts must exist
 * and be of its kind: web novel chapter ranges that run forwards, side stories. A volume's English edition
 * comes after its original, as a light novel volume's does. A chapter's title waits as a web novel chapter's
 * does (for the chapter itself, or what reaches the same point), or, flagged, for what reveals the chapter
 * itself; a series' flagged title for what reveals its first chapter.
 */
export function mangaRows({ pack, timeline, reference, report, revealersOf, titleReachOf }: Resolution) {
  const file = "manga.json";
  const series: MangaSeriesRow[] = [];
  const volumes: MangaVolumeRow[] = [];
  const chapters: MangaChapterRow[] = [];
  const search: SearchEntryRow[] = [];
  const codes = new Set<string>();
  pack.manga.series.forEach((one, s) => {
    // A code given twice is reported where its chapters are declared; the first one stands.
    if (codes.has(one.code)) return;
    codes.add(one.code);
    const firstKey = mangaChapterKey(one.code, 1);
    const seriesTitleRevealedBy = one.titleIsSpoiler ? revealersOf(firstKey) : null;
    // The code is in every chapter's key and address: it must not spell a title the shield hides.
    if (one.titleIsSpoiler && slugGivesAway(one.code, one.title))
      report(
        file,
        `series[${s}].code`,
        "spells the series' title, which is flagged: choose a code of other words, such as the arc it adapts",
      );
    series.push({
      code: one.code,
      title: one.title,
      original_title: originalBeside(one.title, one.originalTitle),
      title_revealed_by: seriesTitleRevealedBy,
      sort_order: series.length,
      artist: one.artist ?? null,
      publisher: one.publisher ?? null,
    });
    const numbers = mangaChapterNumbers(one.volumes.flatMap((volume) => volume.chapters));
    const volumeNumbers = new Set<number>();
    one.volumes.forEach((volume, v) => {
      const englishTooEarly = englishBeforeOriginal(volume.releasedEn, volume.releasedOn, pack.series.originalLanguage);
      if (englishTooEarly) report(file, `series[${s}].volumes[${v}].releasedEn`, englishTooEarly);
      if (!volumeNumbers.has(volume.number))
        volumes.push({
          series_code: one.code,
          number: volume.number,
          title: volume.title ?? null,
          released_on: volume.releasedOn ?? null,
          // A date, or null stating there is none yet; left out, nothing is said of an English edition.
          ...englishEditionColumns(volume.releasedEn),
          isbn: volume.isbn ?? null,
        });
      volumeNumbers.add(volume.number);
      volume.chapters.forEach((chapter, c) => {
        const path = `series[${s}].volumes[${v}].chapters[${c}]`;
        const key = mangaChapterKey(one.code, chapter.number);
        const ranges = chapter.adapts?.chapters ?? [];
        ranges.forEach((range, r) => {
          const where = `${path}.adapts.chapters[${r}]`;
          const from = reference(range.from, file, `${where}.from`, "web_novel");
          const to = reference(range.to, file, `${where}.to`, "web_novel");
          if (from !== null && to !== null && from > to)
            report(file, where, `runs backwards: ${range.from} comes after ${range.to}`);
        });
        const stories = chapter.adapts?.sideStories ?? [];
        const seen = new Set<string>();
        stories.forEach((story, at) => {
          if (seen.has(story)) report(file, `${path}.adapts.sideStories[${at}]`, `names ${story} twice`);
          seen.add(story);
          reference(story, file, `${path}.adapts.sideStories[${at}]`, "side_stories");
        });
        // Only a chapter placed on the timeline is kept: one whose number or placement is wrong is reported.
        if (!timeline.positions.has(key) || timeline.units.get(key)?.medium !== "manga") return;
        const titleRevealedBy = chapter.titleIsSpoiler ? revealersOf(key) : null;
        chapters.push({
          key,
          series_code: one.code,
          volume_number: volume.number,
          number: chapter.number,
          label: numbers.get(chapter.number) ?? String(chapter.number),
          title: chapter.title ?? null,
          title_revealed_by: titleRevealedBy,
          published_on: chapter.publishedOn ?? null,
          adapts_chapters: JSON.stringify(ranges),
          adapts_side_stories: JSON.stringify(stories),
          original: chapter.original ?? null,
          position: positionOf(timeline, key),
        });
        search.push(
          // Found by its place ("Manga 1 · Chapter 12") by everyone.
          ...unitEntries(
            timeline,
            key,
            { kind: "manga_chapter" },
            chapter.title === undefined
              ? null
              : {
                  title: chapter.title,
                  original_title: null,
                  // Found by its title alone: a flagged series title stays behind the shield.
                  body: seriesTitleRevealedBy === null ? one.title : mangaSeriesName(s + 1),
                  revealed_by: unitEntryRevealedBy(titleReachOf, key, titleRevealedBy),
                },
          ),
        );
      });
    });
  });
  return { series, volumes, chapters, search };
}
