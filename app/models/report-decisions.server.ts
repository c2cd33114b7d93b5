import { expressionBuilder, sql } from "kysely";
import type { MistakeCategory, MistakeSeverity } from "~/lib/mistakes/rules";
import type { ReportStatus } from "~/lib/vocabulary";
import type { Database } from "./database";
import { batch, query } from "./query.server";
import { entryFollowingReport, reportPublicationProblem } from "./reported-mistakes.server";
import { parseFields, reports } from "./reports.server";

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
  /** The report named as the one this duplicates is this one, or none. */
  | { decided: false; reason: "no-original" }
  /**
   * The report named is a duplicate itself: a report is marked a duplicate of one that is not, so a
   * chain of duplicates ends at an original and never turns in a circle that leaves none open.
   */
  | { decided: false; reason: "original-is-duplicate" }
  | { decided: false; reason: "changed"; status: ReportStatus }
  | { decided: false; reason: "unpublishable"; problem: ReportPublicationProblem };

export type ReportPublicationProblem = NonNullable<Awaited<ReturnType<typeof reportPublicationProblem>>>;

/** Only when the statement before it changed a row. */
const afterChange = expressionBuilder<Database>()(sql<number>`changes()`, ">", 0);

/**
 * Sets a report's status with a note the reporter sees, in one batch that D1 runs as one transaction.
 * The change is a compare-and-set on the status the moderator saw: a decision made on a stale view, or
 * losing a race to another moderator's, changes nothing and is answered as such. The same decision made
 * twice (a double click, two moderators agreeing at once) is stored once, with one history row.
 *
 * After the change, the same batch keeps what the public pages show equal to the status: an accepted
 * light novel or anime mistranslation report is published as an entry, and a report that leaves
 * "accepted" takes its entry down (./reported-mistakes.server). A stored volume or episode that is not
 * one publishes nothing instead of failing. A report that accepting would publish is first held to the
 * story's secrets and its location's pattern (./reported-mistakes.server): one that fails is not
 * decided, and the moderator is told why.
 */
export async function decideReport(
  db: D1Database,
  decision: TriageDecision,
  now = new Date(),
): Promise<DecisionOutcome> {
  const duplicateOf = decision.status === "duplicate" ? decision.duplicateOf : null;
  const original = query
    .selectFrom("reports")
    .select("status")
    .where("id", "=", duplicateOf ?? "");
  const [rows, originals] = await batch(db, [reports.where("id", "=", decision.reportId), original]);
  const report = rows[0];
  if (!report) return { decided: false, reason: "unknown" };
  if (duplicateOf !== null && (duplicateOf === report.id || !originals.length))
    return { decided: false, reason: "no-original" };
  if (duplicateOf !== null && originals[0]?.status === "duplicate")
    return { decided: false, reason: "original-is-duplicate" };
  const kind = report.kind;
  const mistake =
    kind === "ln_mistl" || kind === "anime_mistl"
      ? { reportId: report.id, kind, fields: parseFields(report.fields) }
      : null;
  // Accepting publishes the report unless its entry is already there (a stale view is answered below).
  if (mistake && decision.status === "accepted" && report.published_entry === null && report.status === decision.from) {
    const problem = await reportPublicationProblem(db, mistake);
    if (problem) return { decided: false, reason: "unpublishable", problem };
  }
  const at = now.toISOString();
  const note = decision.note || null;
  // Compare-and-set: only from the status the moderator saw, and only when something changes.
  const change = query
    .updateTable("reports")
    .set({ status: decision.status, moderator_note: note, duplicate_of: duplicateOf, updated_at: at })
    .where("id", "=", report.id)
    .where("status", "=", decision.from)
    // The report it duplicates is still there (no account deletion took it meanwhile), and has not been
    // made a duplicate meanwhile (of this very report, say, by another moderator at the same moment).
    .$if(duplicateOf !== null, (change) =>
      change.where((row) => row.exists(original.where("status", "!=", "duplicate"))),
    )
    .where((row) =>
      row.or([
        row("status", "is not", decision.status),
        row("moderator_note", "is not", note),
        row("duplicate_of", "is not", duplicateOf),
      ]),
    );
  const history = query
    .insertInto("report_history")
    .columns(["report_id", "at", "status", "note", "by_moderator"])
    .expression(
      query
        .selectNoFrom((row) => [
          row.val(report.id).as("report_id"),
          row.val(at).as("at"),
          row.val(decision.status).as("status"),
          row.val(note).as("note"),
          row.lit(1).as("by_moderator"),
        ])
        .where(afterChange),
    );
  const storedNow = query
    .selectFrom("reports")
    .select(["status", "moderator_note", "duplicate_of", "published_entry"])
    .where("id", "=", report.id);
  const [[stored], [originalNow]] = mistake
    ? await batch(db, [change, history, ...entryFollowingReport(mistake, decision, now), storedNow, original]).then(
        (answers) => [answers[5], answers[6]] as const,
      )
    : await batch(db, [change, history, storedNow, original]).then((answers) => [answers[2], answers[3]] as const);
  if (!stored) return { decided: false, reason: "unknown" };
  // Ours or an identical one made at the same time: either way, what the moderator asked for is what is stored.
  if (stored.status === decision.status && stored.moderator_note === note && stored.duplicate_of === duplicateOf) {
    return { decided: true, published: stored.published_entry };
  }
  // Still as the moderator saw it: the report it was to duplicate went (its account was deleted), or
  // became a duplicate, meanwhile.
  if (duplicateOf !== null && stored.status === decision.from)
    return { decided: false, reason: originalNow ? "original-is-duplicate" : "no-original" };
  return { decided: false, reason: "changed", status: stored.status };
}
