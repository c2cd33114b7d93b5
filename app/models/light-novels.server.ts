import type { LnCollectionRow, LnVolumeRow } from "~/lib/content/rows";
import { batch, parseJsonList } from "./db.server";

type CollectionRow = Pick<LnCollectionRow, "code" | "name" | "kind" | "description"> & {
  volume_count: number;
  first_release: string | null;
  last_release: string | null;
};

/** A volume with the labels of the units it adapts and follows, and its counts. */
type VolumeRow = Omit<LnVolumeRow, "collection_code"> & {
  adapts_from_label: string | null;
  adapts_to_label: string | null;
  adapted_chapters: number | null;
  read_after_label: string | null;
  mistake_count: number;
};

export type LightNovelVolume = Awaited<ReturnType<typeof getLightNovels>>["volumes"][number];

/** Every collection, and the volumes of one of them with their web novel coverage. One round trip. */
export async function getLightNovels(db: D1Database, collectionCode: string | null) {
  const selected = `COALESCE(?1, (SELECT code FROM ln_collections ORDER BY sort_order LIMIT 1))`;
  const [collections, volumes, totals] = await batch<[CollectionRow, VolumeRow, { chapters: number }]>(db, [
    db.prepare(
      `SELECT c.code, c.name, c.kind, c.description, COUNT(v.key) AS volume_count,
              MIN(v.released_jp) AS first_release, MAX(v.released_jp) AS last_release
         FROM ln_collections c LEFT JOIN ln_volumes v ON v.collection_code = c.code
        GROUP BY c.code ORDER BY c.sort_order`,
    ),
    db
      .prepare(
        `SELECT v.key, v.number, v.title, v.original_title, v.released_jp, v.released_en, v.isbn, v.page_count,
                v.cover, v.chapter_titles, v.position,
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
          WHERE v.collection_code = ${selected}
          ORDER BY v.number`,
      )
      .bind(collectionCode),
    db.prepare(`SELECT COUNT(*) AS chapters FROM chapters`),
  ]);

  const selectedCode = collectionCode ?? collections[0]?.code ?? null;
  const webNovelChapters = totals[0]?.chapters ?? 0;
  return {
    collections: collections.map((collection) => ({
      code: collection.code,
      name: collection.name,
      kind: collection.kind,
      description: collection.description,
      volumeCount: collection.volume_count,
      firstRelease: collection.first_release,
      lastRelease: collection.last_release,
    })),
    selectedCollection: collections.some((collection) => collection.code === selectedCode) ? selectedCode : null,
    webNovelChapters,
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
      chapterTitles: parseJsonList(volume.chapter_titles),
      position: volume.position,
      adapts:
        volume.adapts_from && volume.adapts_to
          ? {
              from: { key: volume.adapts_from, label: volume.adapts_from_label ?? volume.adapts_from },
              to: { key: volume.adapts_to, label: volume.adapts_to_label ?? volume.adapts_to },
              chapters: volume.adapted_chapters ?? 0,
            }
          : null,
      readAfter: volume.read_after ? { key: volume.read_after, label: volume.read_after_label ?? volume.read_after } : null,
      mistakeCount: volume.mistake_count,
    })),
  };
}
