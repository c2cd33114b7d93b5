import { formByKind } from "../app/lib/forms/report-forms";
import { type MistakeReportKind, namesAnySecret, secretPublished } from "../app/lib/mistakes/publishing";
import { type CrossedReader, crossedReaders, type SecretNamedAfterCrossing } from "../app/lib/progress/crossed-readers";
import { readRevealers } from "../app/lib/shield/knowledge";
import type { SecretNamedEarly, StorySecret } from "../app/lib/shield/secrets";
import { trackerUnitsOfRows } from "./crossings";
import type { PackRows } from "./rows";
import type { Statement, TableRows } from "./sync";

/*
 * Readers' mistranslation reports, which an import keeps. A report names its volume, or its episode, OVA,
 * special or film (decision 84) or recut episode (decision 85), and an
 * accepted one is an entry on that unit's page (`source = 'report'`), the reader's words shown to its
 * readers. An import refuses to take away a unit that reports hang on, and takes down a published entry
 * whose words now name a secret some of its readers may not know, sending its report back to review,
 * as accepting it would now be refused (decision 34).
 */

/** A published entry from a reader's report, with the texts it shows by the report field each comes from. */
interface PublishedEntry {
  id: string;
  /** The report it was published from (null when the report is gone). */
  report_id: string | null;
  kind: MistakeReportKind;
  table: "ln_mistakes" | "anime_mistakes";
  unit: string;
  revealed_by: string;
  official: string;
  suggested: string;
  japanese: string | null;
  why: string;
  location: string | null;
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
  const entries = (table: PublishedEntry["table"], kind: MistakeReportKind, unit: string, location: string) =>
    `SELECT m.id AS id, r.id AS report_id, '${kind}' AS kind, '${table}' AS "table", m.${unit} AS unit, m.revealed_by,
       m.official, m.suggested, m.japanese, m.explanation AS why, ${location} AS location
     FROM ${table} m LEFT JOIN reports r ON r.published_entry = m.id WHERE m.source = 'report'`;
  const [published, awaiting] = await Promise.all([
    db
      .prepare(
        `${entries("ln_mistakes", "ln_mistl", "volume_key", "m.ebook_position")} UNION ALL ` +
          `${entries("anime_mistakes", "anime_mistl", "episode_key", "NULL")} ORDER BY "table", id`,
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

/**
 * A volume, episode, recut episode or OVA, special or film the pack no longer has, and what readers'
 * reports hang on it.
 */
export interface ReportedUnitDropped {
  unit: string;
  label: string;
  published: number;
  awaiting: number;
}

/**
 * The volumes, episodes, recut episodes and OVAs, specials and films D1 holds that the pack leaves out
 * while readers' reports hang on them: an
 * entry published from a report (which cannot outlive its unit) or a report still awaiting a decision
 * (which could then publish nowhere). Reports already decided otherwise keep the key the reader chose.
 */
export function reportedUnitsDropped(desired: PackRows, current: TableRows, reported: ReportedEntries) {
  const kept = new Set(
    [...desired.ln_volumes, ...desired.anime_episodes, ...desired.anime_recut_episodes, ...desired.anime_specials].map(
      (row) => row.key,
    ),
  );
  const held = new Set(
    [
      ...(current.ln_volumes ?? []),
      ...(current.anime_episodes ?? []),
      ...(current.anime_recut_episodes ?? []),
      ...(current.anime_specials ?? []),
    ].map((row) => String(row.key)),
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

/** One line per unit: "ln:main-2 (Tiny Tale 2): 1 entry published from a reader's report and 2 reports awaiting a decision". */
export function formatReportedUnitDropped({ unit, label, published, awaiting }: ReportedUnitDropped) {
  const hanging = [
    published
      ? counted(published, "entry published from a reader's report", "entries published from readers' reports")
      : "",
    awaiting ? counted(awaiting, "report awaiting a decision", "reports awaiting a decision") : "",
  ].filter(Boolean);
  return `${unit}${label === unit ? "" : ` (${label})`}: ${hanging.join(" and ")}`;
}

/** A published entry the import takes down, and why, for the operator. */
export interface EntryWithdrawn {
  entry: string;
  report: string | null;
  unit: string;
  label: string;
  /** The report field whose words name the secret, as the form labels it. */
  field: string;
  secret: string;
  words: string;
  /** Who may not know the secret: "every reader", "readers of Tiny Tale 1" and how they came there. */
  readers: string;
}

/** What the reader is told beside their report: nothing of the secret, which their own words name. */
export const WITHDRAWN_NOTE =
  "Taken down when the site's story content was updated: its words may now give part of the story away to some readers of its volume or episode. A moderator will look at it again.";

/** A secret's words as the import stores them (a JSON list). */
function parsedWords(json: string): string[] {
  const words: unknown = JSON.parse(json);
  return Array.isArray(words) ? words.filter((word): word is string => typeof word === "string") : [];
}

/**
 * The gate an entry is left with by the import (pack/sync.ts narrows it where the units change): the keys
 * both its own gate and its unit's hold, else its unit alone.
 */
function gateAfterImport(
  entry: PublishedEntry,
  units: ReadonlyMap<string, PackRows["story_units"][number]>,
  unitsChange: boolean,
) {
  const own = readRevealers(entry.revealed_by);
  const unit = units.get(entry.unit);
  if (!unitsChange || !unit) return own;
  const unitGate = new Set(readRevealers(entry.kind === "ln_mistl" ? unit.told_by : unit.revealed_by));
  const both = own.filter((key) => unitGate.has(key));
  return both.length ? both : [entry.unit];
}

/**
 * The published entries whose words name one of the pack's secrets where a reader the entry reaches after
 * the import may not know it (the judgement triage makes before publishing, app/lib/mistakes/publishing.ts),
 * and the statements that take each down in the import's batch: its report goes back under review with
 * a note, its words kept, so a moderator decides it again (accepting it is then refused, and declining it
 * asks the reader for other words). Only a report still accepted is moved, and only its entry removed.
 */
export function entriesNamingSecrets(desired: PackRows, reported: ReportedEntries, unitsChange: boolean, now: Date) {
  const secrets: StorySecret[] = desired.story_secrets.map((secret) => ({
    id: secret.id,
    words: parsedWords(secret.words),
    revealedBy: readRevealers(secret.revealed_by),
  }));
  const units = new Map(desired.story_units.map((unit) => [unit.key, unit]));
  let crossed: CrossedReader[] | undefined;
  const withdrawn: EntryWithdrawn[] = [];
  const statements: Statement[] = [];
  const at = now.toISOString();
  for (const entry of reported.published) {
    const report = {
      kind: entry.kind,
      fields: {
        official: entry.official,
        suggested: entry.suggested,
        japanese: entry.japanese ?? "",
        why: entry.why,
        location: entry.location ?? "",
      },
    };
    if (!namesAnySecret(report, secrets)) continue;
    crossed ??= crossedReaders(trackerUnitsOfRows(desired));
    const named = secretPublished(report, gateAfterImport(entry, units, unitsChange), secrets, crossed);
    if (!named) continue;
    const field = formByKind(entry.kind).fields.find((candidate) => candidate.name === named.field);
    withdrawn.push({
      entry: entry.id,
      report: entry.report_id,
      unit: entry.unit,
      label: units.get(entry.unit)?.label ?? entry.unit,
      field: field?.label ?? named.field,
      secret: named.secret,
      words: named.words,
      readers: readersOf(named, (key) => units.get(key)?.label ?? key),
    });
    if (entry.report_id !== null)
      statements.push(
        {
          sql: `UPDATE reports SET status = 'under_review', moderator_note = ?, published_entry = NULL, updated_at = ? WHERE id = ? AND status = 'accepted'`,
          params: [WITHDRAWN_NOTE, at, entry.report_id],
        },
        {
          sql: `INSERT INTO report_history (report_id, at, status, note, by_moderator) SELECT ?, ?, 'under_review', ?, 1 WHERE changes() > 0`,
          params: [entry.report_id, at, WITHDRAWN_NOTE],
        },
      );
    statements.push({
      sql: `DELETE FROM ${entry.table} WHERE id = ? AND source = 'report' AND NOT EXISTS (SELECT 1 FROM reports WHERE id = ? AND status = 'accepted')`,
      params: [entry.id, entry.report_id],
    });
  }
  return { withdrawn, statements };
}

/** Who the entry would spoil, as triage says it to a moderator. */
function readersOf(named: SecretNamedEarly | SecretNamedAfterCrossing, labelOf: (unit: string) => string) {
  if (named.before === "") return "every reader";
  const readers = `readers of ${labelOf(named.before)}`;
  if (!("crossed" in named)) return readers;
  const { from, into, skipped } = named.crossed;
  return `${readers} who came from ${from} into ${into} and skipped ${skipped.join(", ")}`;
}

/** One line per entry taken down, for the operator, who may know the story's secrets. */
export function formatEntryWithdrawn(withdrawn: EntryWithdrawn) {
  const report = withdrawn.report === null ? withdrawn.entry : `report ${withdrawn.report}`;
  return `${report} on ${withdrawn.label}: its “${withdrawn.field}” names the secret “${withdrawn.secret}” (“${withdrawn.words}”), which ${withdrawn.readers} may not know yet`;
}
