import { type InferResult, sql } from "kysely";
import type { ReportStatus } from "~/lib/vocabulary";
import { batch, query } from "./query.server";

/*
 * A report as readers and moderators read it: its fields and its history. Filing one is
 * ./report-filing.server, triage's lists ./report-triage.server, a moderator's decision
 * ./report-decisions.server.
 */

/**
 * The label of the volume or episode a report names ("Lanternfall 3", "Season 1 · Episode 3"), from
 * its fields as stored, or null when it names none (or no longer exists).
 */
export function namedUnitLabel(table: "reports" | "r") {
  const fields = sql.ref(`${table}.fields`);
  return sql<string | null>`(SELECT label FROM story_units WHERE key = CASE WHEN json_valid(${fields})
    THEN coalesce(json_extract(${fields}, '$.volume'), json_extract(${fields}, '$.episode')) END)`.as("unit_label");
}

/** Every column of the reports (the submission id too, which no page shows), and the unit each names. */
export const reports = query.selectFrom("reports").selectAll().select(namedUnitLabel("reports"));

/** The history of reports (`h`), oldest first. */
export const reportHistory = query
  .selectFrom("report_history as h")
  .select([
    "h.report_id",
    "h.at",
    (row) => row.ref("h.status").$castTo<ReportStatus>().as("status"),
    "h.note",
    "h.by_moderator",
  ])
  .orderBy("h.id");

type ReportRow = InferResult<typeof reports>[number];
type HistoryRow = InferResult<typeof reportHistory>[number];

/** The fields a reader filled in, as stored. */
export function parseFields(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function toReport(row: ReportRow, history: HistoryRow[]) {
  return {
    id: row.id,
    uid: row.uid,
    kind: row.kind,
    title: row.title,
    fields: parseFields(row.fields),
    /** The volume or episode the report names, by its label. */
    unitLabel: row.unit_label,
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
  const [rows, history] = await batch(db, [
    reports.where("uid", "=", uid).orderBy("created_at", "desc").orderBy("id").limit(200),
    reportHistory.innerJoin("reports as r", "r.id", "h.report_id").where("r.uid", "=", uid),
  ]);
  return rows.map((row) => toReport(row, history));
}
