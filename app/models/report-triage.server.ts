import { pageCountOf } from "~/lib/http/paging";
import type { ReportKind, ReportStatus } from "~/lib/vocabulary";
import { batch, query } from "./query.server";
import { namedUnitLabel, reportHistory, toReport } from "./reports.server";

/** Triage's view: which reports, in which order, which page of them. */
export interface TriageQuery {
  kind: ReportKind | null;
  status: ReportStatus | null;
  order: "newest" | "oldest";
  page: number;
}

export const TRIAGE_PAGE_SIZE = 50;

/** How many reports there are of each status. */
const countsByStatus = query
  .selectFrom("reports")
  .select((row) => ["status", row.fn.countAll<number>().as("count")])
  .groupBy("status");

/** The reports of a kind and status (either or both null: any). */
function reportsOf(triage: Pick<TriageQuery, "kind" | "status">) {
  return query
    .selectFrom("reports")
    .$if(triage.kind !== null, (some) => some.where("kind", "=", triage.kind!))
    .$if(triage.status !== null, (some) => some.where("status", "=", triage.status!));
}

/**
 * One page of reports for triage, filtered and in either order, with their history, how many match
 * and how many there are per status. One round trip; however many reports spam adds, each one stays
 * reachable by paging.
 */
export async function getTriageReports(db: D1Database, triage: TriageQuery) {
  const direction = triage.order === "oldest" ? "asc" : "desc";
  const offset = (Math.max(1, triage.page) - 1) * TRIAGE_PAGE_SIZE;
  const onPage = reportsOf(triage)
    .select("id")
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(TRIAGE_PAGE_SIZE)
    .offset(offset);
  const [rows, history, total, counts] = await batch(db, [
    query
      .selectFrom(onPage.as("page"))
      .innerJoin("reports as r", "r.id", "page.id")
      .selectAll("r")
      .select(namedUnitLabel("r"))
      .orderBy("r.created_at", direction)
      .orderBy("r.id", direction),
    reportHistory.where("h.report_id", "in", onPage),
    reportsOf(triage).select((count) => count.fn.countAll<number>().as("total")),
    countsByStatus,
  ]);
  const matches = total[0]?.total ?? 0;
  return {
    reports: rows.map((row) => toReport(row, history)),
    counts,
    matches,
    pageCount: pageCountOf(matches, TRIAGE_PAGE_SIZE),
  };
}

/** How many pages of reports a kind and status (either or both null: any) fill now: where a decision leaves triage. */
export async function triagePageCount(db: D1Database, triage: Pick<TriageQuery, "kind" | "status">) {
  const [total] = await batch(db, [reportsOf(triage).select((count) => count.fn.countAll<number>().as("total"))]);
  return pageCountOf(total[0]?.total ?? 0, TRIAGE_PAGE_SIZE);
}
