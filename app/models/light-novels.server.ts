import { expressionBuilder, type InferResult, type Selectable, sql } from "kysely";
import { LN_VOLUMES_PER_PAGE } from "~/lib/content/units";
import type { LightNovelVolume, VolumeChange, VolumeEdition } from "~/lib/content/light-novels";
import { pageInfo } from "~/lib/http/paging";
import type { Database, LnVolumesTable } from "./database";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { englishEditionOf, gatedBy, gatedTitle, noteOfChange, parseJsonList, parseUnitLabels } from "./db.server";
import { gated } from "~/lib/shield/gated";
import { batch, query, slot } from "./query.server";
import { firstDate, lastDate } from "./story-dates.server";

/** Every collection with how many volumes it has, its highest number and when its first and last came out. */
const collectionRows = query
  .selectFrom("ln_collections as c")
  .leftJoin("ln_volumes as v", "v.collection_code", "c.code")
  .select((collection) => [
    "c.code",
    "c.name",
    "c.kind",
    "c.description",
    collection.fn.count<number>("v.key").as("volume_count"),
    collection.fn.coalesce(collection.fn.max("v.number"), collection.lit(0)).as("highest_number"),
    firstDate("v.released_jp").as("first_release"),
    lastDate("v.released_jp").as("last_release"),
  ])
  .groupBy("c.code")
  .orderBy("c.sort_order");

const firstCollection = query.selectFrom("ln_collections").select("code").orderBy("sort_order").limit(1);

/** The collection a page shows: the one asked for, else the first. */
const selectedCollection = (code: string | null) => code ?? firstCollection;

const chapterRow = expressionBuilder<Database & { f: Database["chapters"]; t: Database["chapters"] }, "f" | "t">();

/** How many web novel chapters run from `f` to `t` (a volume's first and last adapted chapter), both counted. */
const chaptersFromTo = chapterRow
  .selectFrom("chapters as c")
  .select((count) => count.fn.countAll<number>().as("chapters"))
  .where((chapter) => chapter.between("c.position", chapter.ref("f.position"), chapter.ref("t.position")))
  .$asScalar();

/** The volume numbers a page holds: after `after`, up to `upTo` (page 2: after 12, up to 24). */
type PageRange = { after: number; upTo: number };

/** One page of a collection's volumes (page 2: numbers 13–24), with their web novel coverage and counts (mistakes, comments). */
const pageVolumes = (collectionCode: string | null, page: PageRange) =>
  query
    .selectFrom("ln_volumes as v")
    .leftJoin("chapters as f", "f.key", "v.adapts_from")
    .leftJoin("chapters as t", "t.key", "v.adapts_to")
    .leftJoin("story_units as fu", "fu.key", "v.adapts_from")
    .leftJoin("story_units as tu", "tu.key", "v.adapts_to")
    .leftJoin("story_units as ru", "ru.key", "v.read_after")
    .innerJoin("story_units as vu", "vu.key", "v.key")
    .select((volume) => [
      "v.key",
      "v.number",
      "v.label",
      "v.title",
      "v.original_title",
      "v.released_jp",
      "v.released_en",
      "v.no_english_edition",
      "v.isbn",
      "v.illustrator",
      "v.editions",
      "v.page_count",
      "v.cover",
      "v.chapter_titles",
      "v.chapter_labels",
      "v.chapter_titles_revealed_by",
      "v.position",
      "vu.revealed_by",
      "vu.title_reached_by",
      "vu.told_by",
      "v.adapts_from",
      "fu.label as adapts_from_label",
      "v.adapts_to",
      "tu.label as adapts_to_label",
      chaptersFromTo.as("adapted_chapters"),
      "v.read_after",
      "ru.label as read_after_label",
      // The side stories it prints, with their labels, in the pack's order: JSON [{key, label}].
      sql<string>`(SELECT json_group_array(json_object('key', su.key, 'label', su.label))
        FROM json_each(v.side_stories) AS j JOIN story_units AS su ON su.key = j.value)`.as("side_story_labels"),
      volume
        .selectFrom("ln_mistakes as m")
        .select((count) => count.fn.countAll<number>().as("mistakes"))
        .whereRef("m.volume_key", "=", "v.key")
        .$asScalar()
        .$notNull()
        .as("mistake_count"),
      unitCommentCount(volume.ref("v.key")).as("comment_count"),
    ])
    .where("v.collection_code", "=", selectedCollection(collectionCode))
    .where("v.number", ">", page.after)
    .where("v.number", "<=", page.upTo)
    .orderBy("v.number");

/** What the volumes on that page changed from the web novel. */
const volumeChanges = (collectionCode: string | null, page: PageRange) =>
  query
    .selectFrom("ln_volume_changes as ch")
    .innerJoin("ln_volumes as v", "v.key", "ch.volume_key")
    .leftJoin("story_units as fu", "fu.key", "ch.chapters_from")
    .leftJoin("story_units as tu", "tu.key", "ch.chapters_to")
    .select([
      "ch.volume_key",
      "ch.sort_order",
      "ch.kind",
      "ch.chapters_from",
      "ch.chapters_to",
      "ch.note",
      "fu.label as from_label",
      "tu.label as to_label",
      "tu.revealed_by as chapters_revealed_by",
    ])
    .where("v.collection_code", "=", selectedCollection(collectionCode))
    .where("v.number", ">", page.after)
    .where("v.number", "<=", page.upTo)
    .orderBy("ch.volume_key")
    .orderBy("ch.sort_order");

type VolumeRow = InferResult<ReturnType<typeof pageVolumes>>[number];
type ChangeRow = InferResult<ReturnType<typeof volumeChanges>>[number];

/**
 * The selected collection's volumes' ranges in story order, each with the last chapter (a position) the
 * volumes before it reach, so a chapter two volumes share (pack: `overlapsPrevious`) is counted once.
 */
const adaptedSpans = (collectionCode: string | null) =>
  query
    .selectFrom("ln_volumes as v")
    .innerJoin("chapters as f", "f.key", "v.adapts_from")
    .innerJoin("chapters as t", "t.key", "v.adapts_to")
    .select([
      "f.position as first",
      "t.position as last",
      sql<
        number | null
      >`max(t.position) over (order by f.position, v.number rows between unbounded preceding and 1 preceding)`.as(
        "reached",
      ),
    ])
    .where("v.collection_code", "=", selectedCollection(collectionCode))
    .as("s");

const spanRow = expressionBuilder<Database & { s: { first: number; last: number; reached: number | null } }, "s">();

/** How many web novel chapters a span adds to those the spans before it reach. */
const chaptersAdded = spanRow
  .selectFrom("chapters as c")
  .select((count) => count.fn.countAll<number>().as("chapters"))
  .where((chapter) =>
    chapter.between("c.position", sql<number>`max(s.first, coalesce(s.reached + 1, s.first))`, chapter.ref("s.last")),
  )
  .$asScalar();

/** The selected collection's coverage over all its volumes, not only this page's: each chapter once. */
const coverage = (collectionCode: string | null) =>
  query.selectNoFrom((totals) => [
    totals
      .selectFrom("chapters")
      .select((count) => count.fn.countAll<number>().as("chapters"))
      .$asScalar()
      .$notNull()
      .as("chapters"),
    totals
      .selectFrom(adaptedSpans(collectionCode))
      .select((sum) => sum.fn.coalesce(sum.fn.sum<number>(chaptersAdded), sum.lit(0)).as("adapted"))
      .$asScalar()
      .$notNull()
      .as("adapted"),
  ]);

/**
 * What a volume changed from the web novel, gated with the volume (it tells what happens in it), a cut
 * scene's note with the chapters cut too (`noteOfChange`); how many is public.
 */
function changesOf(volume: Pick<VolumeRow, "key" | "revealed_by">, rows: ChangeRow[]) {
  const list = rows
    .filter((change) => change.volume_key === volume.key)
    .map((change): VolumeChange => ({
      kind: change.kind,
      note: noteOfChange(change.note, {
        unitRevealedBy: null,
        leftOut: change.kind === "cut",
        chaptersRevealedBy: change.chapters_revealed_by,
      }),
      chapters:
        change.chapters_from && change.chapters_to
          ? {
              from: { key: change.chapters_from, label: change.from_label ?? change.chapters_from },
              to: { key: change.chapters_to, label: change.to_label ?? change.chapters_to },
            }
          : null,
    }));
  return { count: list.length, ...gatedBy(volume.revealed_by, list) };
}

/**
 * A volume's chapters: each one's label as its book prints it (none where the pack does not know it, or
 * was imported before labels were kept) and its title, gated as a unit's title is, by the volume: where
 * it repeats a title the web novel flags, by what reveals that (by nothing when the list is stale); else
 * until the reader reaches the volume, unless they show titles of what they have not reached. A chapter
 * the book names by its label alone ("Epilogue") has no title to hold back.
 */
function chaptersOf(
  row: Pick<Selectable<LnVolumesTable>, "chapter_titles" | "chapter_labels" | "chapter_titles_revealed_by"> & {
    revealed_by: string;
  },
): LightNovelVolume["chapters"] {
  const titles = parseJsonList(row.chapter_titles);
  const labels = JSON.parse(row.chapter_labels) as (string | null)[];
  const revealers = JSON.parse(row.chapter_titles_revealed_by) as (string | null)[];
  return titles.map((title, index) => ({
    label: labels.length === titles.length ? (labels[index] ?? null) : null,
    title:
      title === ""
        ? gated(null, title)
        : gatedTitle(revealers.length === titles.length ? (revealers[index] ?? null) : "", row.revealed_by, title),
  }));
}

/**
 * A volume's editions as its row keeps them (JSON), each title gated exactly as the volume's own title
 * is: a title in another language names the volume as surely as its own does.
 */
export function editionsOf(editions: string, revealedBy: string): VolumeEdition[] {
  const stored = JSON.parse(editions) as {
    language: string;
    publisher: string;
    title: string | null;
    releasedOn: string | null;
    isbn: string | null;
  }[];
  return stored.map((edition) => ({
    ...edition,
    title: edition.title === null ? null : gatedTitle(null, revealedBy, edition.title),
  }));
}

/**
 * The page's queries, built once for the first collection and once for a collection asked for by
 * code; the code and the page's range are slots filled per request.
 */
const pageQueries = (collectionCode: string | null) => {
  const page = { after: slot<number>("after"), upTo: slot<number>("upTo") };
  return [
    collectionRows,
    pageVolumes(collectionCode, page),
    volumeChanges(collectionCode, page),
    coverage(collectionCode),
  ] as const;
};

const firstCollectionQueries = pageQueries(null);
const namedCollectionQueries = pageQueries(slot<string>("code"));

/**
 * Every collection, and one page of the volumes of one of them with their web novel coverage. A page
 * holds volumes by number (page 2: volumes 13–24), so a volume's page follows from its key (unitPath).
 * One round trip.
 */
export async function getLightNovels(db: D1Database, collectionCode: string | null, page = 1) {
  const [collections, volumes, changes, totals] = await batch(
    db,
    collectionCode === null ? firstCollectionQueries : namedCollectionQueries,
    { code: collectionCode, after: (page - 1) * LN_VOLUMES_PER_PAGE, upTo: page * LN_VOLUMES_PER_PAGE },
  );

  const selectedCode = collectionCode ?? collections[0]?.code ?? null;
  const webNovelChapters = totals[0]?.chapters ?? 0;
  const adaptedChapters = totals[0]?.adapted ?? 0;
  // Pages run to the collection's highest volume number (numbers are 1, 2, 3… without a gap: the check refuses one, missingPlace in pack/timeline.ts).
  const highest = collections.find((collection) => collection.code === selectedCode)?.highest_number ?? 0;
  return {
    collections: collections.map((collection) => ({
      code: collection.code,
      name: collection.name,
      kind: collection.kind,
      volumeCount: collection.volume_count,
      firstRelease: collection.first_release,
      lastRelease: collection.last_release,
    })),
    selectedCollection: collections.some((collection) => collection.code === selectedCode) ? selectedCode : null,
    /** Only the selected collection's description is shown. */
    description: collections.find((collection) => collection.code === selectedCode)?.description ?? null,
    webNovelChapters,
    adaptedChapters,
    paging: pageInfo(page, LN_VOLUMES_PER_PAGE, highest),
    volumes: volumes.map((volume): LightNovelVolume => ({
      key: volume.key,
      number: volume.number,
      label: volume.label,
      // Gated as a unit's title is, with its original: either would give the volume away. Its place is
      // reached by more than its revealers: the manga chapters that cover the chapter it reaches. Null
      // while the volume has no title (announced by its number): nothing is hidden.
      title:
        volume.title === null
          ? null
          : gatedTitle(null, volume.title_reached_by, { title: volume.title, originalTitle: volume.original_title }),
      releasedJp: volume.released_jp,
      ...englishEditionOf(volume),
      isbn: volume.isbn,
      illustrator: volume.illustrator,
      editions: editionsOf(volume.editions, volume.title_reached_by),
      pageCount: volume.page_count,
      cover: volume.cover === null ? null : gatedTitle(null, volume.title_reached_by, volume.cover),
      chapters: chaptersOf(volume),
      changes: changesOf(volume, changes),
      position: volume.position,
      adapts:
        volume.adapts_from && volume.adapts_to
          ? {
              from: { key: volume.adapts_from, label: volume.adapts_from_label ?? volume.adapts_from },
              to: { key: volume.adapts_to, label: volume.adapts_to_label ?? volume.adapts_to },
              chapters: volume.adapted_chapters ?? 0,
            }
          : null,
      sideStories: parseUnitLabels(volume.side_story_labels),
      readAfter: volume.read_after
        ? { key: volume.read_after, label: volume.read_after_label ?? volume.read_after }
        : null,
      mistakeCount: volume.mistake_count,
      discussion: unitDiscussion(volume.told_by, volume.comment_count),
    })),
  };
}
