import { batch } from "./db.server";

/** The series in numbers, for the statistics page. One round trip. */
export async function getStatistics(db: D1Database) {
  const [arcs, months, years, mistakes, introductions] = await batch<
    [
      { arc: number; title: string; chapters: number; words: number },
      { month: string; chapters: number },
      { year: string; volumes: number; adapted: number; total: number },
      { label: string; minor: number; meaning_changing: number; plot_relevant: number },
      { arc: number; characters: number },
    ]
  >(db, [
    db.prepare(
      `SELECT a.number AS arc, a.title, COUNT(c.key) AS chapters, COALESCE(SUM(c.word_count), 0) AS words
         FROM arcs a LEFT JOIN chapters c ON c.arc_number = a.number GROUP BY a.number ORDER BY a.number`,
    ),
    db.prepare(`SELECT substr(published_on, 1, 7) AS month, COUNT(*) AS chapters FROM chapters GROUP BY month ORDER BY month`),
    // Volumes per year, and how much of the web novel the light novels had adapted by the end of it.
    db.prepare(
      `WITH per_year AS (SELECT substr(released_jp, 1, 4) AS year, COUNT(*) AS volumes FROM ln_volumes GROUP BY year)
       SELECT p.year, p.volumes,
              (SELECT COUNT(*) FROM chapters c WHERE EXISTS (
                 SELECT 1 FROM ln_volumes v JOIN chapters f ON f.key = v.adapts_from JOIN chapters t ON t.key = v.adapts_to
                  WHERE substr(v.released_jp, 1, 4) <= p.year AND c.position BETWEEN f.position AND t.position)) AS adapted,
              (SELECT COUNT(*) FROM chapters) AS total
         FROM per_year p ORDER BY p.year`,
    ),
    db.prepare(
      `SELECT c.name || ' ' || v.number AS label,
              COUNT(CASE WHEN m.severity = 'minor' THEN 1 END) AS minor,
              COUNT(CASE WHEN m.severity = 'meaning_changing' THEN 1 END) AS meaning_changing,
              COUNT(CASE WHEN m.severity = 'plot_relevant' THEN 1 END) AS plot_relevant
         FROM ln_mistakes m JOIN ln_volumes v ON v.key = m.volume_key
         JOIN ln_collections c ON c.code = v.collection_code
        GROUP BY v.key ORDER BY c.sort_order, v.number`,
    ),
    db.prepare(
      `SELECT c.arc_number AS arc, COUNT(*) AS characters FROM characters ch JOIN chapters c ON c.key = ch.first_web_novel
        GROUP BY c.arc_number ORDER BY c.arc_number`,
    ),
  ]);
  return { arcs, months, years, mistakes, introductions };
}
