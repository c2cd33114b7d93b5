import type { ContentStatisticRow } from "~/lib/content/rows";
import { batch } from "./db.server";

type Series = Map<ContentStatisticRow["chart"], Array<{ label: string; value: number }>>;

const valuesOf = (series: Series, chart: ContentStatisticRow["chart"]) => series.get(chart) ?? [];

/**
 * The series in numbers, for the statistics page. One round trip: the content's numbers were computed
 * when the pack was imported (content_statistics); translation notes are counted here, because entries
 * published from accepted reports join them between imports.
 */
export async function getStatistics(db: D1Database) {
  const [stored, mistakes] = await batch<
    [
      Pick<ContentStatisticRow, "chart" | "label" | "value">,
      { label: string; minor: number; meaning_changing: number; plot_relevant: number },
    ]
  >(db, [
    db.prepare(`SELECT chart, label, value FROM content_statistics ORDER BY chart, position`),
    db.prepare(
      `SELECT c.name || ' ' || v.number AS label,
              COUNT(CASE WHEN m.severity = 'minor' THEN 1 END) AS minor,
              COUNT(CASE WHEN m.severity = 'meaning_changing' THEN 1 END) AS meaning_changing,
              COUNT(CASE WHEN m.severity = 'plot_relevant' THEN 1 END) AS plot_relevant
         FROM ln_mistakes m JOIN ln_volumes v ON v.key = m.volume_key
         JOIN ln_collections c ON c.code = v.collection_code
        GROUP BY v.key ORDER BY c.sort_order, v.number`,
    ),
  ]);
  const series: Series = new Map();
  for (const { chart, label, value } of stored) {
    const bars = series.get(chart);
    if (bars) bars.push({ label, value });
    else series.set(chart, [{ label, value }]);
  }

  const words = valuesOf(series, "arc_words");
  const arcs = valuesOf(series, "arc_chapters").map(({ label, value }, index) => ({ arc: Number(label), chapters: value, words: words[index]?.value ?? 0 }));
  const total = arcs.reduce((sum, arc) => sum + arc.chapters, 0);
  const adapted = valuesOf(series, "year_adapted");
  return {
    arcs,
    months: valuesOf(series, "month_chapters").map(({ label, value }) => ({ month: label, chapters: value })),
    years: valuesOf(series, "year_volumes").map(({ label, value }, index) => ({ year: label, volumes: value, adapted: adapted[index]?.value ?? 0, total })),
    mistakes,
    introductions: valuesOf(series, "arc_introductions").map(({ label, value }) => ({ arc: Number(label), characters: value })),
  };
}
