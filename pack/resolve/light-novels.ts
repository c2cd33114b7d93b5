import type { LnVolumeRow, SearchEntryRow, VolumeChangeRow } from "../rows";
import { lightNovelChapterName, lightNovelChapterOf, volumeNumberName } from "../../app/lib/content/labels";
import { volumeKey } from "../../app/lib/content/units";
import { isbnAsWord } from "../../app/lib/search/query";
import { collectionSpans, volumeSpanProblems } from "../adaptation";
import {
  editionProblems,
  editionsColumn,
  englishBeforeOriginal,
  englishEditionColumns,
  volumeReleases,
} from "../editions";
import { lnChapterTitlesRevealedBy, unitEntryRevealedBy } from "../reveals";
import { originalBeside, mediaPath, positionOf, type Resolution, unitEntries, type UnitEntry } from "./resolution";

/**
 * Collections, volumes and what each volume changed: what a volume adapts must be chapters, in order,
 * that no other volume of its collection adapts unless it declares it (../adaptation: `volumeSpanProblems`);
 * English after the original's release; a change's chapters run forwards, and a cut scene lies among the
 * chapters the volume adapts.
 */
export function lightNovelRows({ pack, packName, timeline, revealersOf, titleReachOf, reference, report }: Resolution) {
  const file = "light-novels.json";
  const { originalLanguage } = pack.series;
  const volumes: LnVolumeRow[] = [];
  const changes: VolumeChangeRow[] = [];
  const search: SearchEntryRow[] = [];
  const collections = pack.lightNovels.collections.map((collection, c) => {
    const numbers = new Set<number>();
    collection.volumes.forEach((volume, v) => {
      if (numbers.has(volume.number)) return;
      numbers.add(volume.number);
      const path = `collections[${c}].volumes[${v}]`;
      const key = volumeKey(collection.code, volume.number);
      const from = reference(volume.adapts?.from, file, `${path}.adapts.from`, "web_novel");
      const to = reference(volume.adapts?.to, file, `${path}.adapts.to`, "web_novel");
      if (from !== null && to !== null && from > to)
        report(
          file,
          `${path}.adapts`,
          `adapts runs backwards: ${volume.adapts?.from} comes after ${volume.adapts?.to}`,
        );
      if (volume.overlapsPrevious && !volume.adapts)
        report(
          file,
          `${path}.overlapsPrevious`,
          `${key} adapts no web novel chapters, so it shares none with the volume before it: leave overlapsPrevious out`,
        );
      const { releasedJp, releasedEn } = volumeReleases(volume, originalLanguage);
      const englishTooEarly = englishBeforeOriginal(volume.releasedEn, releasedJp, originalLanguage);
      if (englishTooEarly) report(file, `${path}.releasedEn`, englishTooEarly);
      for (const problem of editionProblems(volume, originalLanguage))
        report(file, `${path}.${problem.field}`, problem.message);
      const printed = new Set<string>();
      (volume.sideStories ?? []).forEach((story, s) => {
        if (printed.has(story)) report(file, `${path}.sideStories[${s}]`, `names ${story} twice`);
        printed.add(story);
        reference(story, file, `${path}.sideStories[${s}]`, "side_stories");
      });
      const chapterTitlesRevealedBy = lnChapterTitlesRevealedBy(pack, volume, revealersOf, timeline.positions);
      const chapters = volume.chapters.map(lightNovelChapterOf);
      volume.changes.forEach((change, index) => {
        const where = `${path}.changes[${index}]`;
        const changeFrom = reference(change.chapters?.from, file, `${where}.chapters.from`, "web_novel");
        const changeTo = reference(change.chapters?.to, file, `${where}.chapters.to`, "web_novel");
        if (changeFrom !== null && changeTo !== null && changeFrom > changeTo)
          report(
            file,
            `${where}.chapters`,
            `runs backwards: ${change.chapters?.from} comes after ${change.chapters?.to}`,
          );
        if (change.kind === "cut" && !change.chapters)
          report(file, `${where}.chapters`, "a cut scene names the web novel chapters it leaves out");
        else if (
          change.kind === "cut" &&
          changeFrom !== null &&
          changeTo !== null &&
          (from === null || to === null || changeFrom < from || changeTo > to)
        )
          report(file, `${where}.chapters`, `a cut scene lies among the chapters ${key} adapts`);
        changes.push({
          volume_key: key,
          sort_order: index,
          kind: change.kind,
          chapters_from: change.chapters?.from ?? null,
          chapters_to: change.chapters?.to ?? null,
          note: change.note,
          revealed_by: revealersOf(key),
        });
      });
      volumes.push({
        key,
        collection_code: collection.code,
        number: volume.number,
        label: volume.label ?? null,
        // Null while the volume has no title: named by its collection and number alone.
        title: volume.title ?? null,
        original_title: volume.title === undefined ? null : originalBeside(volume.title, volume.originalTitle),
        released_jp: releasedJp ?? null,
        // null states there is no English edition yet; left out, it is not known (then "date unknown").
        ...englishEditionColumns(releasedEn),
        isbn: volume.isbn ?? null,
        // The volume's own illustrator wins over its collection's, which wins over the series'.
        illustrator: volume.illustrator ?? collection.illustrator ?? pack.series.illustrator ?? null,
        editions: editionsColumn(volume),
        page_count: volume.pageCount ?? null,
        cover: volume.cover ? mediaPath(packName, volume.cover) : null,
        chapter_titles: JSON.stringify(chapters.map((chapter) => chapter.title)),
        chapter_labels: JSON.stringify(chapters.map((chapter) => chapter.label)),
        chapter_titles_revealed_by: JSON.stringify(chapterTitlesRevealedBy),
        adapts_from: volume.adapts?.from ?? null,
        adapts_to: volume.adapts?.to ?? null,
        read_after: volume.readAfter ?? null,
        side_stories: JSON.stringify(volume.sideStories ?? []),
        position: positionOf(timeline, key),
      });
      const chapterNames = chapters
        .filter((_, index) => chapterTitlesRevealedBy[index] === null)
        .map((chapter) => lightNovelChapterName(chapter))
        .join(" · ");
      const entry: UnitEntry = {
        kind: "volume",
        // "Volume 4" as readers write it ("vol 4" finds it too), beside its name ("Lanternfall 4"); a
        // labelled volume by its label ("Volume 7.5"), never by its place, which is another volume's number.
        // Its ISBNs and its editions' are public, as its place.
        aliases: [
          `Volume ${volumeNumberName(volume)}`,
          volume.isbn && isbnAsWord(volume.isbn),
          ...volume.editions.map((edition) => edition.isbn && isbnAsWord(edition.isbn)),
        ]
          .filter(Boolean)
          .join(" "),
        reveal_position: null,
      };
      search.push(
        // Found by its name and ISBNs by everyone; without a title, by nothing else (its chapters' titles wait for it).
        ...unitEntries(
          timeline,
          key,
          entry,
          volume.title === undefined
            ? null
            : {
                title: volume.title,
                // Its editions' titles hold its own ("Lanternfall, Vol. 1: The Wick That Would Not Burn"): gated with it.
                aliases: [entry.aliases, ...volume.editions.map((edition) => edition.title)].filter(Boolean).join(" "),
                original_title: volume.originalTitle ?? null,
                // Chapter titles that give something away are not searchable with the volume (their chapters are).
                body: chapterNames,
                // Found by its chapters' titles too, it is gated as they are: by what reveals the volume (a manga
                // reader who reached its place may have skipped a chapter one names), not by its title's reach.
                revealed_by: unitEntryRevealedBy(chapterNames ? revealersOf : titleReachOf, key, null),
              },
        ),
      );
    });
    for (const problem of volumeSpanProblems(collectionSpans(collection, timeline.positions)))
      report(file, `collections[${c}].volumes[${problem.index}].${problem.field}`, problem.message);
    return {
      code: collection.code,
      name: collection.name,
      kind: collection.kind,
      description: collection.description ?? null,
      sort_order: c,
    };
  });
  return { collections, volumes, changes, search };
}
