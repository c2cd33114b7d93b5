import type { LnCollectionRow, LnVolumeRow, VolumeChangeRow } from "~/lib/content/rows";
import { type Gated, gated } from "~/lib/gated";
import { LN_VOLUMES_PER_PAGE } from "~/lib/content/units";
import { pageInfo } from "~/lib/paging";
import { batch, parseJsonList } from "./db.server";

type CollectionRow = Pick<LnCollectionRow, "code" | "name" | "kind" | "description"> & {
  volume_count: number;
  highest_number: number;
  first_release: string | null;
  last_release: string | null;
};

/** A volume with the labels of the units it adapts and follows, and its counts. */
type VolumeRow = Omit<LnVolumeRow, "collection_code"> & {
  revealed_by: string;
  adapts_from_label: string | null;
  adapts_to_label: string | null;
  adapted_chapters: number | null;
  read_after_label: string | null;
  mistake_count: number;
};

export type LightNovelVolume = Awaited<ReturnType<typeof getLightNovels>>["volumes"][number];

type ChangeRow = Omit<VolumeChangeRow, "revealed_by"> & { from_label: string | null; to_label: string | null };

/** What a volume changed from the web novel, as the page shows it. */
export interface VolumeChange {
  kind: VolumeChangeRow["kind"];
  note: string;
  chapters: { from: { key: string; label: string }; to: { key: string; label: string } } | null;
}

/** What a volume changed from the web novel, gated with the volume (it tells what happens in it); how many is public. */
function changesOf(volume: Pick<VolumeRow, "key" | "revealed_by">, rows: ChangeRow[]) {
  const list = rows
    .filter((change) => change.volume_key === volume.key)
    .map((change): VolumeChange => ({
      kind: change.kind,
      note: change.note,
      chapters:
        change.chapters_from && change.chapters_to
          ? {
              from: { key: change.chapters_from, label: change.from_label ?? change.chapters_from },
              to: { key: change.chapters_to, label: change.to_label ?? change.chapters_to },
            }
          : null,
    }));
  return { count: list.length, ...gated(volume.revealed_by, list) };
}

/** A volume's chapter titles, each gated where it repeats a title the web novel flags (revealed by nothing when the list is stale). */
function chapterTitlesOf(row: Pick<LnVolumeRow, "chapter_titles" | "chapter_titles_revealed_by">): Gated<string>[] {
  const titles = parseJsonList(row.chapter_titles);
  const revealers = JSON.parse(row.chapter_titles_revealed_by) as (string | null)[];
  return titles.map((title, index) =>
    gated(revealers.length === titles.length ? (revealers[index] ?? null) : "", title),
  );
}

/**
 * Every collection, and one page of the volumes of one of them with their web novel coverage. A page
 * holds volumes by number (page 2: volumes 13–24), so a volume's page follows from its key (unitPath).
 * One round trip.
 */
export async function getLightNovels(db: D1Database, collectionCode: string | null, page = 1) {
  const selected = `COALESCE(?1, (SELECT code FROM ln_collections ORDER BY sort_order LIMIT 1))`;
  const [collections, volumes, changes, totals] = await batch<
    [CollectionRow, VolumeRow, ChangeRow, { chapters: number; adapted: number }]
  >(db, [
    db.prepare(
      `SELECT c.code, c.name, c.kind, c.description, COUNT(v.key) AS volume_count, COALESCE(MAX(v.number), 0) AS highest_number,
              MIN(v.released_jp) AS first_release, MAX(v.released_jp) AS last_release
         FROM ln_collections c LEFT JOIN ln_volumes v ON v.collection_code = c.code
        GROUP BY c.code ORDER BY c.sort_order`,
    ),
    db
      .prepare(
        `SELECT v.key, v.number, v.title, v.original_title, v.released_jp, v.released_en, v.isbn, v.page_count,
                v.cover, v.chapter_titles, v.chapter_titles_revealed_by, v.position, vu.revealed_by,
                v.adapts_from, fu.label AS adapts_from_label, v.adapts_to, tu.label AS adapts_to_label,
                (SELECT COUNT(*) FROM chapters c WHERE c.position BETWEEN f.position AND t.position) AS adapted_chapters,
                v.read_after, ru.label AS read_after_label,
                (SELECT COUNT(*) FROM ln_mistakes m WHERE m.volume_key = v.key) AS mistake_count
           FROM ln_volumes v
           LEFT JOIN chapters f ON f.key = v.adapts_from
           LEFT JOIN chapters t ON t.key = v.adapts_to
           LEFT JOIN story_units fu ON fu.key = v.adapts_from
           LEFT JOIN story_units tu ON tu.key = v.adapts_to
           LEFT JOIN story_units ru ON ru.key = v.read_after
           JOIN story_units vu ON vu.key = v.key
          WHERE v.collection_code = ${selected} AND v.number > ?2 AND v.number <= ?3
          ORDER BY v.number`,
      )
      .bind(collectionCode, (page - 1) * LN_VOLUMES_PER_PAGE, page * LN_VOLUMES_PER_PAGE),
    db
      .prepare(
        `SELECT ch.volume_key, ch.sort_order, ch.kind, ch.chapters_from, ch.chapters_to, ch.note, fu.label AS from_label, tu.label AS to_label
           FROM ln_volume_changes ch
           JOIN ln_volumes v ON v.key = ch.volume_key
           LEFT JOIN story_units fu ON fu.key = ch.chapters_from
           LEFT JOIN story_units tu ON tu.key = ch.chapters_to
          WHERE v.collection_code = ${selected} AND v.number > ?2 AND v.number <= ?3
          ORDER BY ch.volume_key, ch.sort_order`,
      )
      .bind(collectionCode, (page - 1) * LN_VOLUMES_PER_PAGE, page * LN_VOLUMES_PER_PAGE),
    // The selected collection's coverage over all its volumes, not only this page's.
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM chapters) AS chapters,
                (SELECT COALESCE(SUM((SELECT COUNT(*) FROM chapters c WHERE c.position BETWEEN f.position AND t.position)), 0)
                   FROM ln_volumes v JOIN chapters f ON f.key = v.adapts_from JOIN chapters t ON t.key = v.adapts_to
                  WHERE v.collection_code = ${selected}) AS adapted`,
      )
      .bind(collectionCode),
  ]);

  const selectedCode = collectionCode ?? collections[0]?.code ?? null;
  const webNovelChapters = totals[0]?.chapters ?? 0;
  const adaptedChapters = totals[0]?.adapted ?? 0;
  // Pages run to the collection's highest volume number (numbers are 1, 2, 3… in a valid pack).
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
    volumes: volumes.map((volume) => ({
      key: volume.key,
      number: volume.number,
      title: volume.title,
      originalTitle: volume.original_title,
      releasedJp: volume.released_jp,
      releasedEn: volume.released_en,
      isbn: volume.isbn,
      pageCount: volume.page_count,
      cover: volume.cover,
      chapterTitles: chapterTitlesOf(volume),
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
      readAfter: volume.read_after
        ? { key: volume.read_after, label: volume.read_after_label ?? volume.read_after }
        : null,
      mistakeCount: volume.mistake_count,
    })),
  };
}
