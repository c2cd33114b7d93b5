import type { PackRows } from "./rows";
import type { TableRows } from "./sync";

/*
 * Readers' mistranslation reports, which an import keeps. A report names its volume or episode, and an
 * accepted one is an entry on that unit's page (`source = 'report'`), the reader's words shown to its
 * readers. An import refuses to take away a unit that reports hang on.
 */

/** A published entry from a reader's report, and its volume or episode. */
interface PublishedEntry {
  id: string;
  unit: string;
}

/** A report awaiting a decision, and the unit it names. */
interface AwaitingReport {
  id: string;
  unit: string | null;
}

export interface ReportedEntries {
  published: PublishedEntry[];
  awaiting: AwaitingReport[];
}

/** Reads the published entries from readers' reports and the mistranslation reports awaiting a decision. */
export async function readReportedEntries(db: D1Database): Promise<ReportedEntries> {
  const entries = (table: string, unit: string) => `SELECT id, ${unit} AS unit FROM ${table} WHERE source = 'report'`;
  const [published, awaiting] = await Promise.all([
    db
      .prepare(
        `${entries("ln_mistakes", "volume_key")} UNION ALL ${entries("anime_mistakes", "episode_key")} ORDER BY unit, id`,
      )
      .all<PublishedEntry>(),
    db
      .prepare(
        `SELECT id, CASE WHEN json_valid(fields) THEN coalesce(json_extract(fields, '$.volume'), json_extract(fields, '$.episode')) END AS unit
         FROM reports WHERE kind IN ('ln_mistl', 'anime_mistl') AND status IN ('open', 'under_review') ORDER BY created_at, id`,
      )
      .all<AwaitingReport>(),
  ]);
  return { published: published.results, awaiting: awaiting.results };
}

/** A volume or episode the pack no longer has, and what readers' reports hang on it. */
export interface ReportedUnitDropped {
  unit: string;
  label: string;
  published: number;
  awaiting: number;
}

/**
 * The volumes and episodes D1 holds that the pack leaves out while readers' reports hang on them: an
 * entry published from a report (which cannot outlive its unit) or a report still awaiting a decision
 * (which could then publish nowhere). Reports already decided otherwise keep the key the reader chose.
 */
export function reportedUnitsDropped(desired: PackRows, current: TableRows, reported: ReportedEntries) {
  const kept = new Set([...desired.ln_volumes, ...desired.anime_episodes].map((row) => row.key));
  const held = new Set(
    [...(current.ln_volumes ?? []), ...(current.anime_episodes ?? [])].map((row) => String(row.key)),
  );
  const labels = new Map((current.story_units ?? []).map((row) => [String(row.key), String(row.label)]));
  const dropped = new Map<string, ReportedUnitDropped>();
  const on = (unit: string | null) => {
    if (unit === null || kept.has(unit) || !held.has(unit)) return null;
    const found = dropped.get(unit) ?? { unit, label: labels.get(unit) ?? unit, published: 0, awaiting: 0 };
    dropped.set(unit, found);
    return found;
  };
  for (const entry of reported.published) {
    const found = on(entry.unit);
    if (found) found.published++;
  }
  for (const report of reported.awaiting) {
    const found = on(report.unit);
    if (found) found.awaiting++;
  }
  return [...dropped.values()];
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line per unit: "ln:main-2 (Tiny Tale 2): 1 published entry and 2 reports awaiting a decision". */
export function formatReportedUnitDropped({ unit, label, published, awaiting }: ReportedUnitDropped) {
  const hanging = [
    published
      ? counted(published, "entry published from a reader's report", "entries published from readers' reports")
      : "",
    awaiting ? counted(awaiting, "report awaiting a decision", "reports awaiting a decision") : "",
  ].filter(Boolean);
  return `${unit}${label === unit ? "" : ` (${label})`}: ${hanging.join(" and ")}`;
}
