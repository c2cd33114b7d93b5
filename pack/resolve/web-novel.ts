import type { ArcRow, ChapterRow, SearchEntryRow } from "../rows";
import { dateOrder } from "../../app/lib/content/dates";
import { chapterKey } from "../../app/lib/content/units";
import { arcChapterName, arcName } from "../../app/lib/content/labels";
import { flaggedTitleRevealedBy, revealedByIn, unitEntryRevealedBy } from "../reveals";
import { arcsInOrder, type Report } from "../timeline";
import type { ContentPack } from "../schema/files";
import { originalBeside, labelOf, positionOf, type Resolution, unitEntries } from "./resolution";

/** Arcs, their chapters (each ordinal once; duplicates were reported when declared) and chapter search entries. */
export function webNovelRows({
  pack,
  timeline,
  revealersOf,
  titleReachOf,
  reference,
  report,
  checkRevealIn,
}: Resolution) {
  const arcs: ArcRow[] = [];
  const chapters: ChapterRow[] = [];
  const search: SearchEntryRow[] = [];
  /** Which entry holds each serial number: two entries cannot be one page of the serial site. */
  const serialNumbers = new Map<number, string>();
  for (const arc of arcsInOrder(pack)) {
    const arcPath = `arcs[${pack.webNovel.arcs.indexOf(arc)}]`;
    for (const gated of ["summary", "title"] as const) {
      reference(arc[`${gated}RevealAt`], "web-novel.json", `${arcPath}.${gated}RevealAt`);
      checkRevealIn(
        arc[`${gated}RevealIn`],
        arc[`${gated}RevealAt`] !== undefined,
        "web-novel.json",
        `${arcPath}.${gated}RevealIn`,
        `a reveal point (${gated}RevealAt)`,
      );
    }
    arcs.push({
      number: arc.number,
      title: arc.title,
      original_title: originalBeside(arc.title, arc.originalTitle),
      title_revealed_by: revealedByIn(revealersOf, arc.titleRevealIn, arc.titleRevealAt),
      summary: arc.summary ?? null,
      summary_revealed_by: revealedByIn(revealersOf, arc.summaryRevealIn, arc.summaryRevealAt),
      phases: JSON.stringify(arc.phases),
      ...ARC_TOTALS_BEFORE_CHAPTERS,
    });
    const row = arcs.at(-1)!;
    const seen = new Set<number>();
    for (const chapter of arc.chapters) {
      if (seen.has(chapter.ordinal)) continue;
      seen.add(chapter.ordinal);
      const key = chapterKey(arc.number, chapter.ordinal);
      checkRevealIn(
        chapter.titleRevealIn,
        chapter.titleIsSpoiler,
        "web-novel.json",
        `${arcPath}.chapters[${arc.chapters.indexOf(chapter)}].titleRevealIn`,
        '"titleIsSpoiler": true',
      );
      if (chapter.serialNumber !== undefined) {
        const holder = serialNumbers.get(chapter.serialNumber);
        if (holder)
          report(
            "web-novel.json",
            `${arcPath}.chapters[${arc.chapters.indexOf(chapter)}].serialNumber`,
            `${chapter.serialNumber} is also ${holder}'s: each entry has its own number on the serial site`,
          );
        else serialNumbers.set(chapter.serialNumber, key);
      }
      const position = positionOf(timeline, key);
      const titleRevealPosition = chapter.titleIsSpoiler ? position : null;
      const titleRevealedBy = flaggedTitleRevealedBy(chapter, key, revealersOf);
      chapters.push({
        key,
        arc_number: arc.number,
        ordinal: chapter.ordinal,
        kind: chapter.kind,
        label: chapter.label ?? null,
        title: chapter.title,
        original_title: originalBeside(chapter.title, chapter.originalTitle),
        published_on: chapter.publishedOn ?? null,
        word_count: chapter.wordCount ?? null,
        read_url: chapter.readUrl ?? null,
        serial_number: chapter.serialNumber ?? null,
        translator: chapter.translator ?? null,
        position,
        title_reveal_position: titleRevealPosition,
        title_revealed_by: titleRevealedBy,
      });
      const label = labelOf(timeline, key);
      search.push(
        // Found by its place ("Arc 3 · Chapter 12", "3-12") by everyone; by its title by those it shows to.
        ...unitEntries(
          timeline,
          key,
          { kind: "chapter", aliases: arcChapterName(arc.number, label) ?? "", reveal_position: titleRevealPosition },
          {
            title: chapter.title,
            original_title: chapter.originalTitle ?? null,
            // Found by its arc's title too, unless the pack gates that title: it is matched wherever the
            // chapter's entry is, and would find the chapter by words its reader may not know yet.
            body: row.title_revealed_by === null ? arc.title : arcName(arc.number),
            revealed_by: unitEntryRevealedBy(titleReachOf, key, titleRevealedBy),
          },
        ),
      );
      countInto(row, chapters.at(-1)!);
    }
  }
  return { arcs, chapters, search };
}

/** An arc's totals before any of its chapters is counted (decision 51). */
const ARC_TOTALS_BEFORE_CHAPTERS = {
  chapter_count: 0,
  word_count: 0,
  chapters_without_words: 0,
  chapters_undated: 0,
  started_on: null,
  ended_on: null,
} satisfies Partial<ArcRow>;

/**
 * Counts a chapter into its arc's totals, once at import rather than on every view of the web novel page:
 * its words (or that it has no word count), its date (or that it has none), the arc's earliest and latest
 * date, each placed by the earliest it can be (`dateOrder`), as every list of dates is.
 */
function countInto(arc: ArcRow, chapter: ChapterRow) {
  arc.chapter_count++;
  if (chapter.word_count === null) arc.chapters_without_words++;
  else arc.word_count += chapter.word_count;
  const date = chapter.published_on;
  if (date === null) {
    arc.chapters_undated++;
    return;
  }
  if (arc.started_on === null || dateOrder(date) < dateOrder(arc.started_on)) arc.started_on = date;
  if (arc.ended_on === null || dateOrder(date) > dateOrder(arc.ended_on)) arc.ended_on = date;
}

/**
 * Labels that say their arc again, as fans write a chapter "3-26" for arc 3's 26th: the site names the
 * arc beside the label ("Arc 3 · Chapter 3-26"), and an entry after it without a label is counted on
 * from 3 ("Chapter 4"). A warning, as a series may truly number its chapters so.
 */
export function lintArcInLabels(pack: ContentPack, warn: Report) {
  pack.webNovel.arcs.forEach((arc, a) =>
    arc.chapters.forEach((chapter, c) => {
      const rest = chapter.label?.match(new RegExp(`^${arc.number}-(\\d.*)$`))?.[1];
      if (rest !== undefined)
        warn(
          "web-novel.json",
          `arcs[${a}].chapters[${c}].label`,
          `"${chapter.label}" says its arc again: it is shown as "Arc ${arc.number} · Chapter ${chapter.label}", and an entry after it without a label is counted on from ${arc.number}; write "${rest}" if that is the chapter's number within the arc`,
        );
    }),
  );
}
