import { sql } from "kysely";
import type { UnitLabel } from "~/lib/content/anime";
import type { MangaChapter, MangaSeries, MangaSeriesCard, MangaVolume, MangaVolumeSpan } from "~/lib/content/manga";
import { mangaSeriesName } from "~/lib/content/labels";
import { mangaChapterKey } from "~/lib/content/units";
import { batch, query, slot } from "./query.server";
import { firstDate, lastDate } from "./story-dates.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { englishEditionOf, gatedBy, gatedTitle, parseJsonList } from "./db.server";

/*
 * The manga (decision 49) for /manga and the API: every series as a card, and one series (the first when
 * none is asked for) with its volumes (their original and English editions) and chapters, what each adapts
 * by the labels of the units it names, and the light novel volumes of the main line each manga volume
 * adapts from.
 */

/** The days a series' chapters and volumes came out, as the card's row reads them (`d`). */
const releaseDays = sql`(SELECT c.published_on AS d FROM manga_chapters AS c WHERE c.series_code = s.code
  UNION ALL SELECT v.released_on FROM manga_volumes AS v WHERE v.series_code = s.code)`;

/** Every series as its card shows it, with what reveals its first chapter (a flagged title waits for it). */
export const seriesCards = query
  .selectFrom("manga_series as s")
  .select((series) => [
    "s.code",
    "s.title",
    "s.original_title",
    "s.title_revealed_by",
    "s.sort_order",
    "s.artist",
    "s.publisher",
    series
      .selectFrom("manga_chapters as c")
      .select((count) => count.fn.countAll<number>().as("chapters"))
      .whereRef("c.series_code", "=", "s.code")
      .$asScalar()
      .$notNull()
      .as("chapter_count"),
    series
      .selectFrom("manga_volumes as v")
      .select((count) => count.fn.countAll<number>().as("volumes"))
      .whereRef("v.series_code", "=", "s.code")
      .$asScalar()
      .$notNull()
      .as("volume_count"),
    // From its first chapter or volume out to its last: a series runs in a magazine months before its first volume.
    sql<string | null>`(SELECT ${firstDate("d")} FROM ${releaseDays})`.as("first_released"),
    sql<string | null>`(SELECT ${lastDate("d")} FROM ${releaseDays})`.as("last_released"),
  ])
  .orderBy("s.sort_order");

/** The selected series: the one asked for, else the first. */
const selectedCode = (code: string | null) =>
  code === null ? sql<string>`(SELECT code FROM manga_series ORDER BY sort_order LIMIT 1)` : sql<string>`${code}`;

function seriesQueries(code: string | null) {
  const selected = selectedCode(code);
  return [
    seriesCards,
    query
      .selectFrom("manga_volumes as v")
      .select(["v.number", "v.title", "v.released_on", "v.released_en", "v.no_english_edition", "v.isbn"])
      .where("v.series_code", "=", selected)
      .orderBy("v.number"),
    query
      .selectFrom("manga_chapters as c")
      .innerJoin("story_units as u", "u.key", "c.key")
      .select((row) => [
        "c.key",
        "c.volume_number",
        "c.number",
        "c.label as number_label",
        "c.title",
        "c.title_revealed_by",
        "c.published_on",
        "c.adapts_chapters",
        "c.adapts_side_stories",
        "c.original",
        "u.label",
        "u.position",
        "u.revealed_by",
        "u.title_reached_by",
        "u.told_by",
        unitCommentCount(row.ref("c.key")).as("comment_count"),
      ])
      .where("c.series_code", "=", selected)
      .orderBy("c.number"),
    // The labels and places of every unit the series' chapters adapt (the ends of their ranges, their side stories).
    query
      .selectFrom("story_units as u")
      .select(["u.key", "u.label", "u.position"])
      .where(
        sql<boolean>`u.key IN (
          SELECT json_extract(j.value, '$.from') FROM manga_chapters AS c, json_each(c.adapts_chapters) AS j WHERE c.series_code = ${selected}
          UNION SELECT json_extract(j.value, '$.to') FROM manga_chapters AS c, json_each(c.adapts_chapters) AS j WHERE c.series_code = ${selected}
          UNION SELECT j.value FROM manga_chapters AS c, json_each(c.adapts_side_stories) AS j WHERE c.series_code = ${selected}
        )`,
      ),
    // The main line's light novel volumes with the places of the chapters they start and end with.
    query
      .selectFrom("ln_volumes as v")
      .innerJoin("ln_collections as c", "c.code", "v.collection_code")
      .innerJoin("story_units as u", "u.key", "v.key")
      .innerJoin("story_units as f", "f.key", "v.adapts_from")
      .innerJoin("story_units as t", "t.key", "v.adapts_to")
      .select(["v.key", "u.label", "f.position as from_position", "t.position as to_position"])
      .where("c.kind", "=", "main")
      .orderBy("f.position"),
  ] as const;
}

const firstSeriesQueries = seriesQueries(null);
const namedSeriesQueries = seriesQueries(slot<string>("series"));

type ChapterRow = Awaited<ReturnType<(typeof firstSeriesQueries)[2]["execute"]>>[number];
type LightNovelRow = Awaited<ReturnType<(typeof firstSeriesQueries)[4]["execute"]>>[number];

/** A chapter range as stored (JSON [{from, to}]). */
function rangesOf(stored: string): { from: string; to: string }[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter(
          (range): range is { from: string; to: string } =>
            typeof range?.from === "string" && typeof range?.to === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The main line's light novel volumes whose chapters a manga volume adapts, in order, each with whether the
 * manga volume starts at its start and reaches its end (by the first and last chapters it adapts).
 */
export function lightNovelSpans(
  ranges: readonly { from: number; to: number }[],
  volumes: readonly Pick<LightNovelRow, "key" | "label" | "from_position" | "to_position">[],
): MangaVolumeSpan[] {
  if (!ranges.length) return [];
  const first = Math.min(...ranges.map((range) => range.from));
  const last = Math.max(...ranges.map((range) => range.to));
  return volumes
    .filter((volume) => ranges.some((range) => range.from <= volume.to_position && volume.from_position <= range.to))
    .map((volume) => ({
      volume: { key: volume.key, label: volume.label },
      fromItsStart: first <= volume.from_position,
      reachesItsEnd: last >= volume.to_position,
    }));
}

/** The manga page: every series as a card, and one series in full. One D1 round trip. */
export async function getManga(db: D1Database, code: string | null) {
  const [cards, volumeRows, chapterRows, sources, lightNovels] = await batch(
    db,
    code === null ? firstSeriesQueries : namedSeriesQueries,
    { series: code },
  );
  const units = new Map(sources.map((source) => [source.key, source]));
  const labelled = (key: string): UnitLabel => ({ key, label: units.get(key)?.label ?? key });
  const toChapter = (row: ChapterRow): MangaChapter => ({
    key: row.key,
    label: row.label,
    number: row.number_label,
    position: row.position,
    title: row.title === null ? null : gatedTitle(row.title_revealed_by, row.title_reached_by, { title: row.title }),
    publishedOn: row.published_on,
    adapts: {
      chapters: rangesOf(row.adapts_chapters).map(({ from, to }) => ({ from: labelled(from), to: labelled(to) })),
      sideStories: parseJsonList(row.adapts_side_stories).map(labelled),
    },
    // What it tells is revealed by what reveals the chapter itself.
    original: row.original === null ? null : gatedBy(row.revealed_by, row.original),
    discussion: unitDiscussion(row.told_by, row.comment_count),
  });
  const cardOf = (card: (typeof cards)[number]): MangaSeriesCard => ({
    code: card.code,
    name: mangaSeriesName(card.sort_order + 1),
    title: titleOfSeries(card),
    chapterCount: card.chapter_count,
    volumeCount: card.volume_count,
    firstReleased: card.first_released ?? null,
    lastReleased: card.last_released ?? null,
  });
  const selectedCard = code === null ? cards[0] : cards.find((card) => card.code === code);
  const series: MangaSeries | null = selectedCard
    ? {
        code: selectedCard.code,
        name: mangaSeriesName(selectedCard.sort_order + 1),
        title: titleOfSeries(selectedCard),
        artist: selectedCard.artist,
        publisher: selectedCard.publisher,
        volumes: volumeRows.map((volume): MangaVolume => {
          const rows = chapterRows.filter((chapter) => chapter.volume_number === volume.number);
          const ranges = rows.flatMap((row) =>
            rangesOf(row.adapts_chapters).flatMap(({ from, to }) => {
              const [start, end] = [units.get(from)?.position, units.get(to)?.position];
              return start === undefined || end === undefined ? [] : [{ from: start, to: end }];
            }),
          );
          return {
            number: volume.number,
            // A volume's title waits as a light novel volume's does: until the reader reaches its first chapter.
            title: volume.title === null ? null : gatedTitle(null, rows[0]?.title_reached_by ?? "", volume.title),
            releasedOn: volume.released_on,
            ...englishEditionOf(volume),
            isbn: volume.isbn,
            lightNovels: lightNovelSpans(ranges, lightNovels),
            chapters: rows.map(toChapter),
          };
        }),
      }
    : null;
  return {
    series: cards.map(cardOf),
    selectedSeries: selectedCard?.code ?? null,
    selected: series,
    chapterCount: cards.reduce((sum, card) => sum + card.chapter_count, 0),
  };
}

/** A series' title: public unless the pack flags it, then revealed by what reveals its first chapter. */
function titleOfSeries(card: { title: string; original_title: string | null; title_revealed_by: string | null }) {
  const content = { title: card.title, originalTitle: card.original_title };
  return card.title_revealed_by === null ? gatedBy(null, content) : gatedBy(card.title_revealed_by, content);
}

export type Manga = Awaited<ReturnType<typeof getManga>>;

/** Every manga volume with the places of its first and last chapters in its series, for the API's series. */
export const mangaVolumeSpans = query
  .selectFrom("manga_volumes as v")
  .innerJoin("manga_chapters as c", (join) =>
    join.onRef("c.series_code", "=", "v.series_code").onRef("c.volume_number", "=", "v.number"),
  )
  .select((row) => [
    "v.series_code",
    "v.number",
    "v.title",
    "v.released_on",
    "v.released_en",
    "v.no_english_edition",
    "v.isbn",
    row.fn.min("c.number").as("first_chapter"),
    row.fn.max("c.number").as("last_chapter"),
    // What reaches its first chapter, which its title waits for.
    row
      .selectFrom("manga_chapters as f")
      .innerJoin("story_units as u", "u.key", "f.key")
      .select("u.title_reached_by")
      .whereRef("f.series_code", "=", "v.series_code")
      .whereRef("f.volume_number", "=", "v.number")
      .orderBy("f.number")
      .limit(1)
      .$asScalar()
      .as("reached_by"),
  ])
  .groupBy(["v.series_code", "v.number"])
  .orderBy("v.series_code")
  .orderBy("v.number");

/** The manga's series as the API's series lists them: names, titles gated, volumes with their chapters' keys. */
export function toMangaSeriesList(
  cards: Awaited<ReturnType<typeof seriesCards.execute>>,
  volumes: Awaited<ReturnType<typeof mangaVolumeSpans.execute>>,
) {
  return cards.map((card) => ({
    code: card.code,
    name: mangaSeriesName(card.sort_order + 1),
    title: titleOfSeries(card),
    artist: card.artist,
    publisher: card.publisher,
    volumes: volumes
      .filter((volume) => volume.series_code === card.code)
      .map((volume) => ({
        number: volume.number,
        title: volume.title === null ? null : gatedTitle(null, volume.reached_by ?? "", volume.title),
        releasedOn: volume.released_on,
        ...englishEditionOf(volume),
        isbn: volume.isbn,
        firstChapter: mangaChapterKey(card.code, volume.first_chapter),
        lastChapter: mangaChapterKey(card.code, volume.last_chapter),
      })),
  }));
}
