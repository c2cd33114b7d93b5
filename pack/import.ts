import {
  entriesNamingSecrets,
  type EntryWithdrawn,
  readReportedEntries,
  type ReportedUnitDropped,
  reportedUnitsDropped,
} from "./reported";
import type { PackRows } from "./rows";
import { applySync, planSync, readContentRows, type TableChange } from "./sync";

/** What an import did: refused (nothing written), or the tables it changed and the entries it took down. */
export type ImportOutcome =
  { refused: ReportedUnitDropped[] } | { refused: null; changes: TableChange[]; withdrawn: EntryWithdrawn[] };

/**
 * Imports a valid pack's rows in place of what D1 holds, keeping readers' reports (./reported.ts): it
 * refuses, writing nothing, when the pack leaves out a volume or episode that reports hang on; else it
 * writes exactly the differences and takes down the published entries that now name a secret too early,
 * all in one batch, which D1 applies as one transaction.
 */
export async function importPack(db: D1Database, rows: PackRows, now = new Date()): Promise<ImportOutcome> {
  const [current, reported] = await Promise.all([readContentRows(db), readReportedEntries(db)]);
  const dropped = reportedUnitsDropped(rows, current, reported);
  if (dropped.length) return { refused: dropped };
  const { statements, changes } = planSync(rows, current);
  const unitsChange = changes.some((change) => change.table === "story_units");
  const { withdrawn, statements: withdrawals } = entriesNamingSecrets(rows, reported, unitsChange, now);
  try {
    await applySync(db, [...withdrawals, ...statements]);
  } catch (error) {
    // A report sent or accepted on a unit the pack leaves out while the import was under way fails the
    // batch (an entry cannot outlive its unit): nothing was written, and it is refused as above.
    const droppedMeanwhile = reportedUnitsDropped(rows, current, await readReportedEntries(db));
    if (droppedMeanwhile.length) return { refused: droppedMeanwhile };
    throw error;
  }
  return { refused: null, changes, withdrawn };
}
