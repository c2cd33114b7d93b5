import type { MistakeCategory, MistakeSeverity } from "~/lib/mistakes";
import type { ReportKind, ReportStatus } from "~/lib/vocabulary";
import { batch } from "./db.server";
import { type AcceptedMistakeReport, publishReportedMistake } from "./mistakes.server";

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
      .map((entry) => ({
        at: entry.at,
        status: entry.status,
        note: entry.note,
        byModerator: entry.by_moderator === 1,
      })),
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
  const [volumes, episodes] = await batch<
    [{ key: string; label: string; title: string }, { key: string; label: string; title: string }]
  >(db, [
    db.prepare(
      `SELECT v.key, u.label, v.title FROM ln_volumes v JOIN story_units u ON u.key = v.key
         JOIN ln_collections c ON c.code = v.collection_code ORDER BY c.sort_order, v.number`,
    ),
    db.prepare(
      `SELECT e.key, u.label, e.title FROM anime_episodes e JOIN story_units u ON u.key = e.key ORDER BY e.season_number, e.number`,
    ),
  ]);
  // Titles that already start with the unit's name ("Lanternfall 2: …") are not prefixed twice.
  const choice = (unit: { key: string; label: string; title: string }) => ({
    value: unit.key,
    label: unit.title.startsWith(unit.label) ? unit.title : `${unit.label}: ${unit.title}`,
  });
  return { volumes: volumes.map(choice), episodes: episodes.map(choice) };
}

/** A volume or an episode a report names, and the medium it must be of. */
export interface ReportedUnit {
  key: string;
  medium: "light_novels" | "anime";
}

/** How a take of the reader's rate limit is built (app/models/rate-limits.server.ts), around a condition of ours. */
export type LimitedHitFor = (onlyIf: { sql: string; params: unknown[] }) => {
  take: D1PreparedStatement;
  prune: D1PreparedStatement;
  usage: D1PreparedStatement;
  reached(usage: { minute: number | null; day: number } | undefined): "minute" | "day";
};

export type SubmitOutcome =
  | { stored: true; reportId: string }
  | { stored: false; problem: "unit" }
  | { stored: false; problem: "limit"; limit: "minute" | "day" };

/**
 * Stores a report with its first history entry, in one round trip. The submission id comes from the
 * form, so the same form sent twice by the same reader is one report (and one use of the rate limit);
 * the report's own id is chosen here. The hit on the rate limit, the report and its history are one
 * batch: the report is inserted only when the hit was taken, and the hit only when the named volume or
 * episode is of the right medium and the reader has not sent this form before.
 */
export async function submitReport(
  db: D1Database,
  report: {
    submissionId: string;
    uid: string;
    kind: ReportKind;
    title: string;
    fields: Record<string, string>;
    unit: ReportedUnit | null;
  },
  limitedHit: LimitedHitFor,
  now = new Date(),
): Promise<SubmitOutcome> {
  const at = now.toISOString();
  const unit = report.unit ?? { key: null, medium: null };
  // ?1 is the reader's uid; the limiter numbers our parameters from ?6.
  const unitOk = `(?7 IS NULL OR EXISTS (SELECT 1 FROM story_units WHERE key = ?7 AND medium = ?8))`;
  const limit = limitedHit({
    sql: `NOT EXISTS (SELECT 1 FROM reports WHERE uid = ?1 AND submission_id = ?6) AND ${unitOk}`,
    params: [report.submissionId, unit.key, unit.medium],
  });
  const reportId = crypto.randomUUID();
  const [unitChecks, , , , , stored, usage] = await batch<
    [{ ok: number }, never, never, never, never, { id: string }, { minute: number | null; day: number }]
  >(db, [
    db.prepare(`SELECT ${unitOk.replaceAll("?7", "?1").replaceAll("?8", "?2")} AS ok`).bind(unit.key, unit.medium),
    limit.take,
    db
      .prepare(
        `INSERT INTO reports (id, submission_id, uid, kind, title, fields, status, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'open', ?7, ?7 WHERE changes() > 0`,
      )
      .bind(reportId, report.submissionId, report.uid, report.kind, report.title, JSON.stringify(report.fields), at),
    db
      .prepare(
        `INSERT INTO report_history (report_id, at, status, note, by_moderator) SELECT ?1, ?2, 'open', NULL, 0 WHERE changes() > 0`,
      )
      .bind(reportId, at),
    limit.prune,
    db.prepare(`SELECT id FROM reports WHERE uid = ?1 AND submission_id = ?2`).bind(report.uid, report.submissionId),
    limit.usage,
  ]);
  const found = stored[0];
  if (found) return { stored: true, reportId: found.id };
  if (!unitChecks[0]?.ok) return { stored: false, problem: "unit" };
  return { stored: false, problem: "limit", limit: limit.reached(usage[0]) };
}

/** Triage's view: which reports, in which order, which page of them. */
export interface TriageQuery {
  kind: ReportKind | null;
  status: ReportStatus | null;
  order: "newest" | "oldest";
  page: number;
}

export const TRIAGE_PAGE_SIZE = 50;

/**
 * One page of reports for triage, filtered and in either order, with their history, how many match
 * and how many there are per status. One round trip; however many reports spam adds, each one stays
 * reachable by paging.
 */
export async function getTriageReports(db: D1Database, query: TriageQuery) {
  const direction = query.order === "oldest" ? "ASC" : "DESC";
  const offset = (Math.max(1, query.page) - 1) * TRIAGE_PAGE_SIZE;
  const matching = `SELECT id FROM reports WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR status = ?2)
                     ORDER BY created_at ${direction}, id ${direction} LIMIT ?3 OFFSET ?4`;
  const page = [query.kind, query.status, TRIAGE_PAGE_SIZE, offset] as const;
  const [rows, history, total, counts] = await batch<
    [ReportRow, HistoryRow, { total: number }, { status: ReportStatus; count: number }]
  >(db, [
    db
      .prepare(
        `SELECT r.* FROM (${matching}) page JOIN reports r ON r.id = page.id ORDER BY r.created_at ${direction}, r.id ${direction}`,
      )
      .bind(...page),
    db
      .prepare(
        `SELECT report_id, at, status, note, by_moderator FROM report_history WHERE report_id IN (${matching}) ORDER BY id`,
      )
      .bind(...page),
    db
      .prepare(`SELECT COUNT(*) AS total FROM reports WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR status = ?2)`)
      .bind(query.kind, query.status),
    db.prepare(`SELECT status, COUNT(*) AS count FROM reports GROUP BY status`),
  ]);
  const matches = total[0]?.total ?? 0;
  return {
    reports: rows.map((row) => toReport(row, history)),
    counts,
    matches,
    pageCount: Math.max(1, Math.ceil(matches / TRIAGE_PAGE_SIZE)),
  };
}

export interface TriageDecision {
  reportId: string;
  /** The status the moderator saw when deciding: the decision applies only while the report still has it. */
  from: ReportStatus;
  status: ReportStatus;
  note: string;
  duplicateOf: string | null;
  /** For accepted mistranslation reports: how the published entry is filed. */
  category: MistakeCategory;
  severity: MistakeSeverity;
  moderatorName: string;
}

export type DecisionOutcome =
  | { decided: true; published: string | null }
  | { decided: false; reason: "unknown" }
  | { decided: false; reason: "changed"; status: ReportStatus };

/**
 * Sets a report's status with a note the reporter sees, in one batch that D1 runs as one transaction.
 * The change is a compare-and-set on the status the moderator saw: a decision made on a stale view, or
 * losing a race to another moderator's, changes nothing and is answered as such. The same decision made
 * twice (a double click, two moderators agreeing at once) is stored once, with one history row.
 *
 * After the change, the same batch keeps what the public pages show equal to the status: an accepted
 * light novel or anime mistranslation report is published as an entry, and a report that leaves
 * "accepted" takes its entry down. A stored volume or episode that is not one publishes nothing instead
 * of failing. The publish and unpublish statements depend only on the stored status, so whatever the
 * order of decisions, the entry exists exactly while the report is accepted.
 */
export async function decideReport(
  db: D1Database,
  decision: TriageDecision,
  now = new Date(),
): Promise<DecisionOutcome> {
  const [rows] = await batch<[ReportRow]>(db, [
    db.prepare(`SELECT * FROM reports WHERE id = ?1`).bind(decision.reportId),
  ]);
  const report = rows[0];
  if (!report) return { decided: false, reason: "unknown" };
  const at = now.toISOString();
  const duplicateOf = decision.status === "duplicate" ? decision.duplicateOf : null;
  const note = decision.note || null;
  const statements: D1PreparedStatement[] = [
    // Compare-and-set: only from the status the moderator saw, and only when something changes.
    db
      .prepare(
        `UPDATE reports SET status = ?2, moderator_note = ?3, duplicate_of = ?4, updated_at = ?5
          WHERE id = ?1 AND status = ?6 AND (status IS NOT ?2 OR moderator_note IS NOT ?3 OR duplicate_of IS NOT ?4)`,
      )
      .bind(report.id, decision.status, note, duplicateOf, at, decision.from),
    db
      .prepare(
        `INSERT INTO report_history (report_id, at, status, note, by_moderator) SELECT ?1, ?2, ?3, ?4, 1 WHERE changes() > 0`,
      )
      .bind(report.id, at, decision.status, note),
  ];
  if (report.kind === "ln_mistl" || report.kind === "anime_mistl") {
    statements.push(
      ...keepPublicationInStep(
        db,
        { reportId: report.id, kind: report.kind, fields: parseFields(report.fields) },
        decision,
        now,
      ),
    );
  }
  statements.push(
    db
      .prepare(`SELECT status, moderator_note, duplicate_of, published_entry FROM reports WHERE id = ?1`)
      .bind(report.id),
  );
  const results = await batch<Array<Pick<ReportRow, "status" | "moderator_note" | "duplicate_of" | "published_entry">>>(
    db,
    statements,
  );
  const stored = results.at(-1)?.[0];
  if (!stored) return { decided: false, reason: "unknown" };
  // Ours or an identical one made at the same time: either way, what the moderator asked for is what is stored.
  if (stored.status === decision.status && stored.moderator_note === note && stored.duplicate_of === duplicateOf) {
    return { decided: true, published: stored.published_entry };
  }
  return { decided: false, reason: "changed", status: stored.status };
}

/**
 * The statements that make a mistranslation report's entry follow its stored status: published while
 * accepted (once, filed as this decision says), taken down otherwise, and the report naming it only
 * while it exists.
 */
function keepPublicationInStep(
  db: D1Database,
  report: AcceptedMistakeReport,
  filing: { category: MistakeCategory; severity: MistakeSeverity; moderatorName: string },
  now: Date,
) {
  const publication = publishReportedMistake(db, report, filing, now);
  const entryTable = report.kind === "anime_mistl" ? "anime_mistakes" : "ln_mistakes";
  return [
    publication.statement,
    db
      .prepare(
        `DELETE FROM ${entryTable} WHERE id = ?2 AND source = 'report'
            AND EXISTS (SELECT 1 FROM reports WHERE id = ?1 AND status <> 'accepted')`,
      )
      .bind(report.reportId, publication.entryId),
    db
      .prepare(
        `UPDATE reports SET published_entry = CASE WHEN status = 'accepted' THEN (SELECT id FROM ${entryTable} WHERE id = ?2) END
          WHERE id = ?1 AND published_entry IS NOT (CASE WHEN status = 'accepted' THEN (SELECT id FROM ${entryTable} WHERE id = ?2) END)`,
      )
      .bind(report.reportId, publication.entryId),
  ];
}
