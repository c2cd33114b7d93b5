import type { MistakeCategory, MistakeSeverity } from "~/lib/mistakes";
import type { ReportKind, ReportStatus } from "~/lib/report-forms";
import { batch } from "./db.server";
import { publishReportedMistake } from "./mistakes.server";

interface ReportRow {
  id: string;
  uid: string;
  kind: ReportKind;
  title: string;
  fields: string;
  status: ReportStatus;
  duplicate_of: string | null;
  moderator_note: string | null;
  published_entry: string | null;
  created_at: string;
  updated_at: string;
}

interface HistoryRow {
  report_id: string;
  at: string;
  status: ReportStatus;
  note: string | null;
  by_moderator: number;
}

function parseFields(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function toReport(row: ReportRow, history: HistoryRow[]) {
  return {
    id: row.id,
    uid: row.uid,
    kind: row.kind,
    title: row.title,
    fields: parseFields(row.fields),
    status: row.status,
    duplicateOf: row.duplicate_of,
    moderatorNote: row.moderator_note,
    publishedEntry: row.published_entry,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    history: history
      .filter((entry) => entry.report_id === row.id)
      .map((entry) => ({ at: entry.at, status: entry.status, note: entry.note, byModerator: entry.by_moderator === 1 })),
  };
}

export type Report = ReturnType<typeof toReport>;

/** A reader's own reports with their history, newest first. One round trip. */
export async function getReaderReports(db: D1Database, uid: string) {
  const [rows, history] = await batch<[ReportRow, HistoryRow]>(db, [
    db.prepare(`SELECT * FROM reports WHERE uid = ?1 ORDER BY created_at DESC, id LIMIT 200`).bind(uid),
    db
      .prepare(
        `SELECT h.report_id, h.at, h.status, h.note, h.by_moderator FROM report_history h
           JOIN reports r ON r.id = h.report_id WHERE r.uid = ?1 ORDER BY h.id`,
      )
      .bind(uid),
  ]);
  return rows.map((row) => toReport(row, history));
}

/** The choices the light novel and anime forms offer, from the real lists. */
export async function getReportChoices(db: D1Database) {
  const [volumes, episodes] = await batch<[{ key: string; label: string; title: string }, { key: string; label: string; title: string }]>(db, [
    db.prepare(
      `SELECT v.key, u.label, v.title FROM ln_volumes v JOIN story_units u ON u.key = v.key
         JOIN ln_collections c ON c.code = v.collection_code ORDER BY c.sort_order, v.number`,
    ),
    db.prepare(`SELECT e.key, u.label, e.title FROM anime_episodes e JOIN story_units u ON u.key = e.key ORDER BY e.season_number, e.number`),
  ]);
  // Titles that already start with the unit's name ("Lanternfall 2: …") are not prefixed twice.
  const choice = (unit: { key: string; label: string; title: string }) => ({
    value: unit.key,
    label: unit.title.startsWith(unit.label) ? unit.title : `${unit.label}: ${unit.title}`,
  });
  return { volumes: volumes.map(choice), episodes: episodes.map(choice) };
}

/** Whether this reader already sent the report with this id (the form's submission id). */
export async function hasReport(db: D1Database, report: { id: string; uid: string }) {
  const [rows] = await batch<[{ id: string }]>(db, [db.prepare(`SELECT id FROM reports WHERE id = ?1 AND uid = ?2`).bind(report.id, report.uid)]);
  return rows.length > 0;
}

/**
 * Stores a report with its first history entry. The id comes from the form, so sending the same
 * form twice stores one report. The caller checks the reader's rate limit first.
 */
export async function submitReport(
  db: D1Database,
  report: { id: string; uid: string; kind: ReportKind; title: string; fields: Record<string, string> },
  now = new Date(),
) {
  const at = now.toISOString();
  await batch(db, [
    db
      .prepare(`INSERT OR IGNORE INTO reports (id, uid, kind, title, fields, status, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 'open', ?6, ?6)`)
      .bind(report.id, report.uid, report.kind, report.title, JSON.stringify(report.fields), at),
    db
      .prepare(`INSERT INTO report_history (report_id, at, status, note, by_moderator) SELECT ?1, ?2, 'open', NULL, 0 WHERE changes() > 0`)
      .bind(report.id, at),
  ]);
}

/** Every report for triage, filtered, newest first, with its history. One round trip. */
export async function getTriageReports(db: D1Database, filters: { kind: ReportKind | null; status: ReportStatus | null }) {
  const [rows, history, counts] = await batch<[ReportRow, HistoryRow, { status: ReportStatus; count: number }]>(db, [
    db
      .prepare(
        `SELECT * FROM reports WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR status = ?2)
          ORDER BY created_at DESC, id LIMIT 200`,
      )
      .bind(filters.kind, filters.status),
    db
      .prepare(
        `SELECT h.report_id, h.at, h.status, h.note, h.by_moderator FROM report_history h
           JOIN reports r ON r.id = h.report_id
          WHERE (?1 IS NULL OR r.kind = ?1) AND (?2 IS NULL OR r.status = ?2) ORDER BY h.id`,
      )
      .bind(filters.kind, filters.status),
    db.prepare(`SELECT status, COUNT(*) AS count FROM reports GROUP BY status`),
  ]);
  return { reports: rows.map((row) => toReport(row, history)), counts };
}

export interface TriageDecision {
  reportId: string;
  status: ReportStatus;
  note: string;
  duplicateOf: string | null;
  /** For accepted mistranslation reports: how the published entry is filed. */
  category: MistakeCategory;
  severity: MistakeSeverity;
  moderatorName: string;
}

/**
 * Sets a report's status with a note the reporter sees. Accepting a light novel or anime
 * mistranslation report publishes it as an entry on the mistake pages, in the same batch, so the
 * entry and the status are stored together or not at all. Returns null for an unknown report.
 */
export async function decideReport(db: D1Database, decision: TriageDecision, now = new Date()) {
  const [rows] = await batch<[ReportRow]>(db, [db.prepare(`SELECT * FROM reports WHERE id = ?1`).bind(decision.reportId)]);
  const report = rows[0];
  if (!report) return null;
  const at = now.toISOString();
  const fields = parseFields(report.fields);
  const statements: D1PreparedStatement[] = [];
  let published: string | null = report.published_entry;

  if (decision.status === "accepted" && !published && (report.kind === "ln_mistl" || report.kind === "anime_mistl")) {
    const publication = publishReportedMistake(db, { reportId: report.id, kind: report.kind, fields }, decision, now);
    published = publication.entryId;
    statements.push(publication.statement);
  }

  statements.push(
    db
      .prepare(
        `UPDATE reports SET status = ?2, moderator_note = ?3, duplicate_of = ?4, published_entry = ?5, updated_at = ?6 WHERE id = ?1`,
      )
      .bind(report.id, decision.status, decision.note || null, decision.status === "duplicate" ? decision.duplicateOf : null, published, at),
    db
      .prepare(`INSERT INTO report_history (report_id, at, status, note, by_moderator) VALUES (?1, ?2, ?3, ?4, 1)`)
      .bind(report.id, at, decision.status, decision.note || null),
  );
  await batch(db, statements);
  return { published };
}

/** Whether a volume or episode chosen in a form exists. */
export async function unitExists(db: D1Database, key: string) {
  const [rows] = await batch<[{ key: string }]>(db, [db.prepare(`SELECT key FROM story_units WHERE key = ?1`).bind(key)]);
  return rows.length > 0;
}
