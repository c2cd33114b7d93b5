import { sql } from "kysely";
import { pageCountOf, pageInfo, pageOffset } from "~/lib/http/paging";
import { STRIKE_DAYS, type Standing } from "~/lib/discussion/standing";
import { HIDDEN_LISTED, REPORTED_PER_PAGE } from "~/lib/discussion/comment-report";
import type { ThreadPlace, UnitLabel } from "~/lib/discussion/thread";
import { gated, type Gated } from "~/lib/shield/gated";
import { revealersOfUnit } from "./comment-counts.server";
import { afterChange, answeredComment, anywhere, historyEntry, threadPageOf } from "./discussions.server";
import { savedProgressFrom, savedProgressOfReader } from "./progress.server";
import { batch, type BatchRows, query, slot } from "./query.server";
import type { LimitedHitFor } from "./report-filing.server";
import { signedInSomewhere } from "./sessions.server";

/*
 * Moderating discussion (migrations 0021, 0022): readers' reports of comments, moderators' decisions
 * (hide, restore, move the horizon) with their reason to the writer, the queue of reported comments,
 * what a writer is told, and a writer's standing (strikes). Each write is one conditional batch.
 */

/** Decisions that count against a writer: a moderator (anyone but the writer) hid or moved their comment. */
const strikeActions = ["hidden", "restamped"] as const;

/**
 * A writer's comments that count as strikes (app/lib/discussion/standing.ts) since the slot `since`: a
 * comment moved, or hidden and not restored, counts once. Built once; slot `uid` is the writer's.
 */
const strikesOfWriter = query
  .selectFrom("comment_history as h")
  .innerJoin("comments as c", "c.id", "h.comment_id")
  .select((row) => [row.fn.count<number>("c.id").distinct().as("strikes"), row.fn.min<string>("h.at").as("oldest")])
  .where("c.uid", "=", slot<string>("uid"))
  .where("h.by_uid", "!=", slot<string>("uid"))
  .where("h.at", ">=", slot<string>("since"))
  .where((row) =>
    row.or([
      row("h.action", "=", "restamped"),
      // A hide counts until a moderator restores the comment (its writer deleting it changes nothing).
      row.and([
        row("h.action", "=", "hidden"),
        row.not(
          row.exists(
            row
              .selectFrom("comment_history as r")
              .select(row.lit(1).as("one"))
              .whereRef("r.comment_id", "=", "h.comment_id")
              .where("r.action", "=", "restored")
              .whereRef("r.id", ">", "h.id"),
          ),
        ),
      ]),
    ]),
  );

/** Any comment of the writer's posted before the slot `dayAgo`: they are no longer new to discussion. */
const seasonedWriter = query
  .selectFrom("comments")
  .select(anywhere.lit(1).as("one"))
  .where("uid", "=", slot<string>("uid"))
  .where("created_at", "<=", slot<string>("dayAgo"))
  .limit(1);

/** Who may read the thread's unit and the horizon chosen (slots `unit` and `horizon`: `told_by`). */
const revealersOfThreadAndHorizon = query
  .selectFrom("story_units")
  .select(["key", "told_by"])
  .where("key", "in", [slot<string>("unit"), slot<string>("horizon")]);

/** The reads of `writerBeforePost`, in the order its rows are read. */
const writerReads = [
  savedProgressOfReader,
  strikesOfWriter,
  seasonedWriter,
  answeredComment,
  revealersOfThreadAndHorizon,
] as const;

/**
 * What a post is checked against before its batch, read in the session's round trip (`requireUserWith`):
 * the writer's saved progress (the horizon they chose must be within it), their standing (which limits
 * hold them: whether they are new to discussion, their strikes within STRIKE_DAYS) and, for a reply,
 * the comment it answers, and what reveals the thread's unit and the horizon chosen. The queries' slot
 * `uid` is the writer's.
 */
export const writerBeforePost = {
  reads: writerReads,
  values: (
    { parentId, unit, horizon }: { parentId: number | null; unit: string; horizon: string },
    now = new Date(),
  ) => ({
    since: new Date(now.getTime() - STRIKE_DAYS * 86_400_000).toISOString(),
    dayAgo: new Date(now.getTime() - 86_400_000).toISOString(),
    parentId,
    unit,
    horizon,
  }),
  from([progress, strikes, seasoned, parents, revealers]: BatchRows<typeof writerReads>) {
    const standing: Standing = {
      strikes: strikes[0]?.strikes ?? 0,
      oldestStrikeAt: strikes[0]?.oldest ?? null,
      newWriter: seasoned.length === 0,
    };
    const revealersOf = new Map(revealers.map((row) => [row.key, revealersOfUnit(row.told_by)]));
    return {
      progress: savedProgressFrom(progress),
      standing,
      // A writer answers only what they can see.
      parent: withReaders(parents[0]),
      revealersOf: (key: string) => revealersOf.get(key),
    };
  },
};

/**
 * The comment a writer edits, with the horizon of the comment it answers (a reply's) and its version (when
 * it was last written: its edit time, or its posting time); slot `id`. Its thread and writer are checked
 * by the edit's own conditions.
 */
const editedComment = query
  .selectFrom("comments as c")
  .leftJoin("comments as p", "p.id", "c.parent_id")
  .leftJoin("story_units as h", "h.key", "c.horizon")
  .select((row) => [
    "c.unit",
    "c.uid",
    "c.horizon",
    "h.told_by as horizon_told_by",
    "p.horizon as parent_horizon",
    row.fn.coalesce("c.edited_at", "c.created_at").as("version"),
    "c.writer_knew",
  ])
  .where("c.id", "=", slot<number | null>("id"));

/** The reads of `writerBeforeEdit`, in the order its rows are read. */
const editReads = [savedProgressOfReader, editedComment, revealersOfThreadAndHorizon] as const;

/**
 * What an edit's horizon is checked against before its batch, read in the session's round trip
 * (`requireUserWith`): the writer's saved progress, the comment as it stands (its horizon, and the
 * horizon of the comment it answers) and what reveals the thread's unit, its horizon and the horizon sent.
 */
export const writerBeforeEdit = {
  reads: editReads,
  values: ({ id, unit, horizon }: { id: number | null; unit: string; horizon: string }) => ({ id, unit, horizon }),
  from([progress, comments, revealers]: BatchRows<typeof editReads>) {
    const revealersOf = new Map(revealers.map((row) => [row.key, revealersOfUnit(row.told_by)]));
    const comment = comments[0] ?? null;
    // What reveals its horizon now, which a new one may not show to anyone it does not reveal.
    if (comment?.horizon_told_by != null) revealersOf.set(comment.horizon, revealersOfUnit(comment.horizon_told_by));
    return {
      progress: savedProgressFrom(progress),
      comment,
      revealersOf: (key: string) => revealersOf.get(key),
    };
  },
};

/** A comment as `answeredComment` reads it, with who may read it (its horizon's revealers); null for none. */
function withReaders<Row extends { horizon_told_by: string }>(row: Row | undefined) {
  return row ? { ...row, revealedBy: revealersOfUnit(row.horizon_told_by) } : null;
}

/**
 * The comment or reply a reader reports (slot `id`), with the gates a reader passes to be shown it: its
 * thread's unit, for a reply the horizon of the comment it sits in, and its own horizon (each a `told_by`).
 * A reply's horizon on another line than its comment's does not hold that comment's.
 */
const reportedComment = query
  .selectFrom("comments as c")
  .innerJoin("story_units as h", "h.key", "c.horizon")
  .innerJoin("story_units as u", "u.key", "c.unit")
  .leftJoin("comments as p", "p.id", "c.parent_id")
  .leftJoin("story_units as ph", "ph.key", "p.horizon")
  .leftJoin("story_units as ah", "ah.key", "c.answered_horizon")
  .select([
    "c.id",
    "c.status",
    "h.told_by as horizon_told_by",
    "u.told_by as unit_told_by",
    "ph.told_by as parent_horizon_told_by",
    "ah.told_by as answered_told_by",
  ])
  .where("c.id", "=", slot<number | null>("id"));

/**
 * What a report of a comment is checked against, in one round trip: the reporter's saved progress (they
 * report only what it reveals, and name only what they have seen) and the comment, with every gate a
 * reader passes to be shown it (`gates`: its thread's unit, its comment's horizon for a reply, its own).
 */
export async function reporterAndComment(db: D1Database, uid: string, commentId: number) {
  const [progress, comments] = await batch(db, [savedProgressOfReader, reportedComment], {
    uid,
    id: commentId,
  });
  const row = comments[0];
  return {
    progress: savedProgressFrom(progress),
    comment: row
      ? {
          ...row,
          gates: [row.unit_told_by, row.parent_horizon_told_by, row.answered_told_by, row.horizon_told_by]
            .filter((toldBy) => toldBy !== null)
            .map(revealersOfUnit),
        }
      : null,
  };
}

export type ModeratorDecision = { action: "hide" } | { action: "restore" } | { action: "restamp"; horizon: string };

/**
 * A moderator's decision on a comment: hide it, restore it, or move its horizon (it is then hidden at
 * once from everyone short of the new one), with a reason its writer is shown. Conditional writes:
 * hiding what is hidden, or re-stamping a comment deleted, changes nothing ("unchanged"); re-stamping
 * to a unit that does not exist changes nothing either ("no-such-unit"), nor does a decision arriving after
 * the moderator's account was deleted or signed out everywhere ("signedOut"). The decision, its history
 * entry and the closing of the comment's open reports are one batch.
 */
export async function decideOnComment(
  db: D1Database,
  {
    id,
    unit,
    by,
    decision,
    reason = null,
  }: { id: number; unit: string; by: string; decision: ModeratorDecision; reason?: string | null },
  now = new Date(),
) {
  const at = now.toISOString();
  // The moderator's account deleted meanwhile: nothing is decided, so no entry keeps their uid.
  const signedIn = signedInSomewhere(by);
  const change =
    decision.action === "restamp"
      ? query
          .updateTable("comments")
          // A reply re-stamped is behind what the moderator says it touches, whatever its comment touched.
          .set({
            horizon: decision.horizon,
            answered_horizon: sql<string | null>`CASE WHEN parent_id IS NULL THEN NULL ELSE ${decision.horizon} END`,
          })
          .where("id", "=", id)
          .where("unit", "=", unit)
          .where("status", "!=", "deleted")
          .where("horizon", "!=", decision.horizon)
          .where(
            anywhere.exists(
              query.selectFrom("story_units").select(anywhere.lit(1).as("one")).where("key", "=", decision.horizon),
            ),
          )
          .where(signedIn)
      : query
          .updateTable("comments")
          .set({ status: decision.action === "hide" ? "hidden" : "shown" })
          .where("id", "=", id)
          .where("unit", "=", unit)
          .where("status", "=", decision.action === "hide" ? "shown" : "hidden")
          .where(signedIn);
  const action = ({ hide: "hidden", restore: "restored", restamp: "restamped" } as const)[decision.action];
  const horizonExists =
    decision.action === "restamp"
      ? anywhere.exists(
          query.selectFrom("story_units").select(anywhere.lit(1).as("one")).where("key", "=", decision.horizon),
        )
      : anywhere.lit(true);
  const [, changed] = await batch(db, [
    change,
    query.selectNoFrom([sql<number>`changes()`.as("changed"), horizonExists.as("horizon"), signedIn.as("signedIn")]),
    historyEntry({
      comment: id,
      at,
      action,
      by,
      horizon: decision.action === "restamp" ? decision.horizon : null,
      reason,
    }),
    // Only after the history entry went in, that is after the decision changed the comment.
    closeReports(id).where(afterChange),
  ]);
  if ((changed[0]?.changed ?? 0) > 0) return "decided";
  if (!changed[0]?.signedIn) return "signedOut";
  return changed[0]?.horizon ? "unchanged" : "no-such-unit";
}

const closeReports = (commentId: number) =>
  query
    .updateTable("comment_reports")
    .set({ status: "closed" })
    .where("comment_id", "=", commentId)
    .where("status", "=", "open");

/** A moderator leaves a reported comment as it is: its open reports close. False when none was open. */
export async function dismissCommentReports(db: D1Database, commentId: number) {
  const [, changed] = await batch(db, [
    closeReports(commentId),
    query.selectNoFrom(sql<number>`changes()`.as("changed")),
  ]);
  return (changed[0]?.changed ?? 0) > 0;
}

export type CommentReportOutcome =
  | { reported: true }
  /** signedOut: no session of the reader is open any more (the account deleted meanwhile): nothing is kept. */
  | { reported: false; problem: "gone" | "again" | "needs" | "signedOut" }
  | { reported: false; problem: "limit"; limit: "minute" | "day" };

/**
 * A reader reports a comment as a spoiler (with the unit they think it needs) or as abuse, in one round
 * trip and under the report forms' limits. One report a reader and comment: a second is refused. Only a
 * comment that stands in this thread, not the reader's own, can be reported.
 */
export async function reportComment(
  db: D1Database,
  report: {
    commentId: number;
    unit: string;
    uid: string;
    kind: "spoiler" | "abuse";
    needs: string | null;
    note: string;
  },
  limitedHit: LimitedHitFor,
  now = new Date(),
): Promise<CommentReportOutcome> {
  const stands = anywhere.exists(
    query
      .selectFrom("comments")
      .select(anywhere.lit(1).as("one"))
      .where("id", "=", report.commentId)
      .where("unit", "=", report.unit)
      .where("status", "=", "shown")
      .where("uid", "!=", report.uid),
  );
  const again = anywhere.exists(
    query
      .selectFrom("comment_reports")
      .select(anywhere.lit(1).as("one"))
      .where("comment_id", "=", report.commentId)
      .where("uid", "=", report.uid),
  );
  const needsExists =
    report.needs === null
      ? anywhere.lit(true)
      : anywhere.exists(
          query.selectFrom("story_units").select(anywhere.lit(1).as("one")).where("key", "=", report.needs),
        );
  const signedIn = signedInSomewhere(report.uid);
  const limit = limitedHit(anywhere.and([signedIn, stands, anywhere.not(again), needsExists]));
  const [checks, , , , stored, , usage] = await batch(db, [
    query.selectNoFrom([signedIn.as("signedIn"), stands.as("stands"), again.as("again"), needsExists.as("needs")]),
    limit.open,
    limit.take,
    query
      .insertInto("comment_reports")
      .columns(["comment_id", "uid", "kind", "needs", "note", "created_at"])
      .expression(
        query
          .selectNoFrom((row) => [
            row.val(report.commentId).as("comment_id"),
            row.val(report.uid).as("uid"),
            row.val(report.kind).as("kind"),
            row.val(report.needs).as("needs"),
            row.val(report.note).as("note"),
            row.val(now.toISOString()).as("created_at"),
          ])
          .where(afterChange),
      ),
    query.selectNoFrom(sql<number>`changes()`.as("changed")),
    limit.sweep,
    limit.usage,
  ]);
  if ((stored[0]?.changed ?? 0) > 0) return { reported: true };
  const check = checks[0];
  if (!check?.signedIn) return { reported: false, problem: "signedOut" };
  if (!check.stands) return { reported: false, problem: "gone" };
  if (check.again) return { reported: false, problem: "again" };
  if (!check.needs) return { reported: false, problem: "needs" };
  return { reported: false, problem: "limit", limit: limit.reached(usage) };
}

/** A reported comment as the moderators' queue shows it: all of it (moderators see everything). */
export interface ReportedComment {
  id: number;
  thread: UnitLabel;
  horizon: UnitLabel;
  author: string;
  text: string;
  status: "shown" | "hidden" | "deleted";
  postedAt: string;
  reports: { kind: "spoiler" | "abuse"; needs: UnitLabel | null; note: string; at: string }[];
}

/** A comment as moderators see it, with its thread's and horizon's labels. */
const moderatedComments = () =>
  query
    .selectFrom("comments as c")
    .innerJoin("story_units as t", "t.key", "c.unit")
    .innerJoin("story_units as h", "h.key", "c.horizon")
    .select([
      "c.id",
      "c.unit",
      "t.label as unit_label",
      "c.horizon",
      "h.label as horizon_label",
      "c.author",
      "c.body",
      "c.status",
      "c.created_at",
    ]);

type ModeratedRow = {
  id: number;
  unit: string;
  unit_label: string;
  horizon: string;
  horizon_label: string;
  author: string;
  body: string;
  status: ReportedComment["status"];
  created_at: string;
};

interface StoredReport {
  kind: "spoiler" | "abuse";
  needs: string | null;
  needsLabel: string | null;
  note: string;
  at: string;
}

function toModerated(row: ModeratedRow, reports: StoredReport[]): ReportedComment {
  return {
    id: row.id,
    thread: { key: row.unit, label: row.unit_label },
    horizon: { key: row.horizon, label: row.horizon_label },
    author: row.author,
    text: row.body,
    status: row.status,
    postedAt: row.created_at,
    reports: reports.map((report) => ({
      kind: report.kind,
      needs: report.needs ? { key: report.needs, label: report.needsLabel ?? report.needs } : null,
      note: report.note,
      at: report.at,
    })),
  };
}

/** Open reports, and how many comments they are on: the queue's length. */
const openReports = query.selectFrom("comment_reports").where("status", "=", "open");
const reportedCount = openReports.select((row) => row.fn.count<number>("comment_id").distinct().as("comments"));

/** How many pages the moderators' queue fills now: where a decision leaves it. */
export async function moderationQueuePageCount(db: D1Database) {
  const [counts] = await batch(db, [reportedCount]);
  return pageCountOf(counts[0]?.comments ?? 0, REPORTED_PER_PAGE);
}

/**
 * The moderators' queue in one round trip: comments with open reports, the longest waiting first, a
 * page of them; and the most recently hidden comments, so one can be restored (a hidden comment
 * without replies leaves its thread altogether).
 */
export async function getModerationQueue(db: D1Database, page: number) {
  const [counts, reported, hidden] = await batch(db, [
    reportedCount,
    moderatedComments()
      .select((row) =>
        row
          .selectFrom("comment_reports as r")
          .leftJoin("story_units as n", "n.key", "r.needs")
          .select(
            sql<string>`json_group_array(json_object('kind', r.kind, 'needs', r.needs, 'needsLabel', n.label, 'note', r.note, 'at', r.created_at))`.as(
              "reports",
            ),
          )
          .whereRef("r.comment_id", "=", "c.id")
          .where("r.status", "=", "open")
          .as("reports"),
      )
      .where("c.id", "in", openReports.select("comment_id"))
      .orderBy(
        (row) =>
          row
            .selectFrom("comment_reports as r")
            .select((inner) => inner.fn.min("r.id").as("first"))
            .whereRef("r.comment_id", "=", "c.id")
            .where("r.status", "=", "open"),
        "asc",
      )
      .limit(REPORTED_PER_PAGE)
      .offset(pageOffset(page, REPORTED_PER_PAGE)),
    moderatedComments()
      .where("c.status", "=", "hidden")
      .orderBy(
        (row) =>
          row
            .selectFrom("comment_history as d")
            .select((inner) => inner.fn.max("d.id").as("last"))
            .whereRef("d.comment_id", "=", "c.id")
            .where("d.action", "=", "hidden"),
        "desc",
      )
      .limit(HIDDEN_LISTED),
  ]);
  return {
    comments: reported.map((row) => toModerated(row, JSON.parse(row.reports ?? "[]") as StoredReport[])),
    hidden: hidden.map((row) => toModerated(row, [])),
    ...pageInfo(page, REPORTED_PER_PAGE, counts[0]?.comments ?? 0),
  };
}

/** A moderator's decision as the writer is told it: never the comment's text. */
export interface DecisionNotice {
  id: number;
  at: string;
  action: "hidden" | "restored" | "restamped";
  /**
   * The comment's thread, named only to a writer who knows its unit; inside it, where the comment was
   * moved and the moderator's words, behind the new horizon too.
   */
  thread: Gated<ThreadPlace & { commentId: number; details: Gated<DecisionDetails> }>;
}

export interface DecisionDetails {
  horizon: UnitLabel | null;
  reason: string | null;
}

export const DECISION_NOTICES = 30;

/** The newest moderators' decisions on a writer's comments, in one round trip. */
export async function getDecisionsOn(db: D1Database, uid: string): Promise<DecisionNotice[]> {
  const [rows] = await batch(db, [
    query
      .selectFrom("comment_history as d")
      .innerJoin("comments as c", "c.id", "d.comment_id")
      .innerJoin("story_units as t", "t.key", "c.unit")
      .leftJoin("story_units as h", "h.key", "d.horizon")
      // Where the comment stands now, when the decision moved it nowhere.
      .innerJoin("story_units as ch", "ch.key", "c.horizon")
      .select([
        "d.id",
        "d.at",
        "d.action",
        "d.reason",
        "d.horizon",
        "h.label as horizon_label",
        "c.id as comment_id",
        "c.unit",
        "t.label as unit_label",
        "t.told_by as unit_told_by",
        "h.told_by as horizon_told_by",
        "ch.told_by as comment_horizon_told_by",
        threadPageOf(sql`coalesce(c.parent_id, c.id)`, sql.ref("c.unit")).as("page"),
      ])
      .where("c.uid", "=", uid)
      .where("d.by_uid", "!=", uid)
      .where("d.action", "in", [...strikeActions, "restored"])
      .orderBy("d.id", "desc")
      .limit(DECISION_NOTICES),
  ]);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action as DecisionNotice["action"],
    thread: gated(revealersOfUnit(row.unit_told_by), {
      key: row.unit,
      label: row.unit_label,
      commentId: row.comment_id,
      page: row.page,
      // Where it was moved to; else where it stands: the reason may speak of what it touches.
      details: gated(revealersOfUnit(row.horizon_told_by ?? row.comment_horizon_told_by), {
        horizon: row.horizon ? { key: row.horizon, label: row.horizon_label ?? row.horizon } : null,
        reason: row.reason,
      }),
    }),
  }));
}
