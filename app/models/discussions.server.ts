import { expressionBuilder, type RawBuilder, type Selectable, sql } from "kysely";
import { pageCountOf, pageInfo, pageOffset } from "~/lib/http/paging";
import {
  COMMENTS_PER_PAGE,
  MAX_REPLIES,
  type CommentBody,
  REPLY_NOTICES,
  type ReplyNotice,
  type Thread,
  type ThreadReply,
  type UnitLabel,
} from "~/lib/discussion/thread";
import { passesBoth } from "~/lib/discussion/horizon";
import { EDIT_MINUTES, EDITS_PER_COMMENT } from "~/lib/discussion/standing";
import { revealersOfUnit } from "./comment-counts.server";
import { gated } from "~/lib/shield/gated";
import type { Revealers } from "~/lib/shield/knowledge";
import type { CommentsTable, Database } from "./database";

import { parseUnitLabels } from "./db.server";
import { batch, query, slot } from "./query.server";
import type { LimitedHitFor } from "./report-filing.server";
import { signedInSomewhere } from "./sessions.server";
import { storyUnitOf, storyUnitRow } from "./units.server";

/*
 * Discussion threads (migration 0021): reading one page of a unit's thread, posting, deleting one's
 * own comment and moderators' decisions. Every write is one batch whose statements are conditional,
 * so two requests at once never both pass a check the other changes.
 */

export const anywhere = expressionBuilder<Database>();
/** Only when the statement before it changed a row. */
export const afterChange = anywhere(sql<number>`changes()`, ">", 0);

/**
 * Keys from a request (a writer's or requester's places, one a line) as one value, a JSON array, however
 * many it states: a statement takes at most 100 values, and an address may state places on more lines
 * than the series has.
 */
const anyOf = (keys: readonly string[]) => sql<string>`(SELECT value FROM json_each(${JSON.stringify(keys)}))`;

/** A comment or reply as read, with its horizon's label. */
const commentColumns = [
  "c.id",
  "c.parent_id",
  "c.writer",
  "c.author",
  "c.body",
  "c.horizon",
  "h.label as horizon_label",
  "h.told_by as horizon_told_by",
  "c.writer_knew",
  "c.writer_places",
  "c.status",
  "c.created_at",
  "c.edited_at",
] as const;

/** Comments of a thread, or of one page's comments, that a page shows: those standing, and removed ones that have replies standing. */
const shownComments = (unit: string) =>
  query
    .selectFrom("comments as c")
    .innerJoin("story_units as h", "h.key", "c.horizon")
    .where("c.unit", "=", unit)
    .where((row) =>
      row.or([
        row("c.status", "=", "shown"),
        row.exists(
          row
            .selectFrom("comments as r")
            .select(row.lit(1).as("one"))
            .whereRef("r.parent_id", "=", "c.id")
            .where("r.status", "=", "shown"),
        ),
      ]),
    );

/** How many comments (not replies) a thread lists: what its pages are counted from. */
const listedCount = (unit: string) =>
  shownComments(unit)
    .where("c.parent_id", "is", null)
    .select((row) => row.fn.countAll<number>().as("comments"));

/** The page's comments (not replies), in the order posted. */
const pageComments = (unit: string, page: number) =>
  shownComments(unit)
    .where("c.parent_id", "is", null)
    .orderBy("c.id")
    .limit(COMMENTS_PER_PAGE)
    .offset(pageOffset(page, COMMENTS_PER_PAGE));

type CommentRow = Pick<Selectable<CommentsTable>, "id" | "parent_id" | "writer" | "author" | "body" | "horizon"> & {
  horizon_label: string;
  horizon_told_by: string;
  writer_knew: string;
  writer_places: string;
  status: "shown" | "hidden" | "deleted";
  created_at: string;
  edited_at: string | null;
};

function bodyOf(row: CommentRow): CommentBody {
  const removed = row.status === "shown" ? null : row.status;
  return {
    author: removed ? "" : row.author,
    writer: removed ? "" : row.writer,
    text: removed ? "" : row.body,
    removed,
    postedAt: row.created_at,
    editedAt: removed ? null : row.edited_at,
    // The writer's places with their labels, taken when they posted.
    stamp: removed ? [] : parseUnitLabels(row.writer_places),
    writerKnew: removed ? "" : row.writer_knew,
  };
}

const horizonOf = (row: CommentRow): UnitLabel => ({ key: row.horizon, label: row.horizon_label });
/** Who may read a comment: who has been through all its horizon tells (`revealersOfUnit`). */
const horizonRevealers = (row: CommentRow) => revealersOfUnit(row.horizon_told_by);

/**
 * A reply as a page shows it: behind its horizon and, where its comment's gate no longer holds what the
 * comment touched when the reply was written (a moderator moved it lower, or to another line), behind
 * that too: two gates, each judged by the one rule. A reply's `answered_horizon` unknown to the pack
 * shows to no one.
 */
function replyOf(
  row: CommentRow & { answered_horizon: string | null; answered_label: string | null; answered_told_by: string | null },
  comment: { unit: string; revealedBy: Revealers },
): ThreadReply {
  const place = { id: row.id, horizon: horizonOf(row) };
  const answered = row.answered_horizon;
  const answeredBy = row.answered_told_by === null ? [] : revealersOfUnit(row.answered_told_by);
  // The thread's gate, or the comment's as it is, holds it: what a reader of the comment knows already.
  if (
    answered === null ||
    answered === row.horizon ||
    answered === comment.unit ||
    (row.answered_told_by !== null && passesBoth(comment.revealedBy, answeredBy))
  )
    return { ...place, ...gated(horizonRevealers(row), gated(null, bodyOf(row))) };
  return {
    ...place,
    answered: { key: answered, label: row.answered_label ?? answered, readBy: answeredBy },
    ...gated(horizonRevealers(row), gated(answeredBy, bodyOf(row))),
  };
}

/**
 * One page of a unit's thread in one round trip, or null when no unit has this key. `page` past the
 * end gives an empty page (the route answers 404 for it). `readerAt`: the requester's furthest units,
 * named for their horizon choices. The list is gated by the unit, each comment
 * and reply by its horizon; everything else (how many, how many pages) is the same for everyone.
 */
export async function getThread(
  db: D1Database,
  unit: string,
  page: number,
  readerAt: readonly string[] = [],
): Promise<Thread | null> {
  const [units, titled, counts, comments, replies, places] = await batch(db, [
    query.selectFrom("story_units as u").select(["u.key", "u.label", "u.path", "u.told_by"]).where("u.key", "=", unit),
    storyUnitRow(unit),
    listedCount(unit),
    pageComments(unit, page).select(commentColumns),
    query
      .selectFrom("comments as c")
      .innerJoin("story_units as h", "h.key", "c.horizon")
      .leftJoin("story_units as a", "a.key", "c.answered_horizon")
      .select([...commentColumns, "c.answered_horizon", "a.label as answered_label", "a.told_by as answered_told_by"])
      .where("c.parent_id", "in", pageComments(unit, page).select("c.id"))
      .where("c.status", "=", "shown")
      .orderBy("c.id"),
    query.selectFrom("story_units").select(["key", "label", "told_by"]).where("key", "in", anyOf(readerAt)),
  ]);
  const found = units[0];
  const named = storyUnitOf(titled)?.named;
  if (!found || !named) return null;
  // A unit without a title of its own is named by its label, which the page already shows.
  const title = titled[0]?.title === null ? null : named;
  const gateOfComment = new Map(comments.map((row) => [row.id, horizonRevealers(row)]));
  const repliesOf = new Map<number, ThreadReply[]>();
  for (const row of replies) {
    const list = repliesOf.get(row.parent_id!) ?? [];
    list.push(replyOf(row, { unit, revealedBy: gateOfComment.get(row.parent_id!) ?? [] }));
    repliesOf.set(row.parent_id!, list);
  }
  const paging = pageInfo(page, COMMENTS_PER_PAGE, counts[0]?.comments ?? 0);
  return {
    unit: { key: found.key, label: found.label, path: found.path },
    title,
    total: counts[0]?.comments ?? 0,
    page: paging.page,
    pageCount: paging.pageCount,
    comments: gated(
      revealersOfUnit(found.told_by),
      comments.map((row) => ({
        id: row.id,
        horizon: horizonOf(row),
        ...gated(horizonRevealers(row), { ...bodyOf(row), replies: repliesOf.get(row.id) ?? [] }),
      })),
    ),
    // With who reads what touches each, so the form offers only what the action takes.
    readerPlaces: places.map((place) => ({
      key: place.key,
      label: place.label,
      readBy: revealersOfUnit(place.told_by),
    })),
  };
}

/** How many pages a thread fills now: where a change that took a comment from it (a delete, a decision) leaves it. */
export async function threadPageCount(db: D1Database, unit: string) {
  const [counts] = await batch(db, [listedCount(unit)]);
  return pageCountOf(counts[0]?.comments ?? 0, COMMENTS_PER_PAGE);
}

/**
 * The page of its thread on which the comment with this id stands (for a reply, give its comment's id):
 * one more than how many pages the comments listed before it fill. (The page size is written into the
 * statement: bound, a number is a real to D1, and the division would not be a whole one.)
 */
export const threadPageOf = (commentId: RawBuilder<number>, unit: RawBuilder<string>) =>
  sql<number>`1 + (SELECT count(*) FROM comments AS b WHERE b.unit = ${unit} AND b.parent_id IS NULL AND b.id < ${commentId}
    AND (b.status = 'shown' OR EXISTS (SELECT 1 FROM comments AS br WHERE br.parent_id = b.id AND br.status = 'shown'))) / ${sql.lit(COMMENTS_PER_PAGE)}`;

/**
 * The newest replies others posted under a reader's comments, in one round trip: when, and in which
 * thread (gated by its unit). Never their text.
 */
export async function getRepliesTo(db: D1Database, uid: string): Promise<ReplyNotice[]> {
  const [rows] = await batch(db, [
    query
      .selectFrom("comments as c")
      .innerJoin("comments as r", "r.parent_id", "c.id")
      .innerJoin("story_units as u", "u.key", "r.unit")
      .select([
        "r.id",
        "r.created_at",
        "r.unit",
        "u.label",
        "u.told_by",
        threadPageOf(sql.ref("c.id"), sql.ref("c.unit")).as("page"),
      ])
      .where("c.uid", "=", uid)
      .where("r.uid", "!=", uid)
      .where("r.status", "=", "shown")
      .orderBy("r.id", "desc")
      .limit(REPLY_NOTICES),
  ]);
  return rows.map((row) => ({
    id: row.id,
    postedAt: row.created_at,
    thread: gated(revealersOfUnit(row.told_by), { key: row.unit, label: row.label, page: row.page }),
  }));
}

/**
 * The comment a reply answers, built once: its thread, horizon (with who may read it: its `told_by`) and
 * status; slot `parentId` (null: none).
 */
export const answeredComment = query
  .selectFrom("comments as c")
  .innerJoin("story_units as h", "h.key", "c.horizon")
  .select(["c.id", "c.unit", "c.parent_id", "c.horizon", "h.told_by as horizon_told_by", "c.status"])
  .where("c.id", "=", slot<number | null>("parentId"));

/**
 * The history entry of a change to a comment, written only when the statement before it changed a row
 * (in the same batch). `comment` is the comment's id, or null for the comment just inserted.
 */
export function historyEntry(entry: {
  comment: number | null;
  at: string;
  action: "posted" | "deleted" | "hidden" | "restored" | "restamped";
  by: string;
  horizon?: string | null;
  reason?: string | null;
}) {
  return query
    .insertInto("comment_history")
    .columns(["comment_id", "at", "action", "by_uid", "horizon", "reason"])
    .expression(
      query
        .selectNoFrom((row) => [
          entry.comment === null
            ? sql<number>`last_insert_rowid()`.as("comment_id")
            : row.val(entry.comment).as("comment_id"),
          row.val(entry.at).as("at"),
          row.val(entry.action).as("action"),
          row.val(entry.by).as("by_uid"),
          row.val(entry.horizon ?? null).as("horizon"),
          row.val(entry.reason ?? null).as("reason"),
        ])
        .where(afterChange),
    );
}

export type PostOutcome =
  /** `page`: the page of its thread it stands on (a reply, its comment's). */
  | { posted: true; id: number; page: number }
  | { posted: false; problem: "unit" | "horizon" | "parent" | "full" | "duplicate" | "resent" }
  | { posted: false; problem: "limit"; limit: "minute" | "day" }
  /** No session of the writer is open any more: the account was deleted, or signed out everywhere, meanwhile. */
  | { posted: false; problem: "signedOut" };

export interface NewComment {
  submissionId: string;
  uid: string;
  writer: string;
  author: string;
  unit: string;
  parentId: number | null;
  text: string;
  horizon: string;
  writerKnew: string;
  /** The writer's furthest unit on each line: the stamp's labels are read with them. */
  writerPlaces: readonly string[];
}

/** A comment's stamp (`writer_places`): the writer's furthest units with their labels, as JSON. */
const stampOf = (places: readonly string[]) =>
  query
    .selectFrom("story_units")
    .select(sql<string>`json_group_array(json_object('key', key, 'label', label))`.as("stamp"))
    .where("key", "in", anyOf(places));

/** The horizon of the comment a reply answers, as it is now; null for a comment (no row has a null id). */
const answeredHorizon = (parentId: number | null) =>
  query.selectFrom("comments").select("horizon").where("id", "is", parentId).$asScalar();

/**
 * Posts a comment or a reply in one round trip. The limit's use, the comment and its history are one
 * batch: the comment is stored only when the use was taken, and the use only when the thread's unit and
 * the horizon exist, a reply's comment stands in the same thread and has room (MAX_REPLIES), the writer
 * has not posted the same text in the same place (the thread, or under the same comment) already, and
 * this form was not sent before (then it is the comment already posted).
 */
export async function postComment(
  db: D1Database,
  comment: NewComment,
  limitedHit: LimitedHitFor,
  now = new Date(),
): Promise<PostOutcome> {
  const at = now.toISOString();
  const sent = query
    .selectFrom("comments")
    .where("uid", "=", comment.uid)
    .where("submission_id", "=", comment.submissionId);
  const unitExists = anywhere.exists(
    query.selectFrom("story_units").select(anywhere.lit(1).as("one")).where("key", "=", comment.unit),
  );
  const horizonExists = anywhere.exists(
    query.selectFrom("story_units").select(anywhere.lit(1).as("one")).where("key", "=", comment.horizon),
  );
  const parentStands =
    comment.parentId === null
      ? anywhere.lit(true)
      : anywhere.exists(
          query
            .selectFrom("comments")
            .select(anywhere.lit(1).as("one"))
            .where("id", "=", comment.parentId)
            .where("unit", "=", comment.unit)
            .where("parent_id", "is", null)
            .where("status", "=", "shown"),
        );
  // The replies the thread shows, as its page counts them: what a page holds is bounded. (A writer's
  // deleted replies, and hidden ones, are bounded by the limits on posting.)
  const roomForReply =
    comment.parentId === null
      ? anywhere.lit(true)
      : anywhere(
          query
            .selectFrom("comments")
            .select((row) => row.fn.countAll<number>().as("replies"))
            .where("parent_id", "=", comment.parentId)
            .where("status", "=", "shown")
            .$asScalar(),
          "<",
          MAX_REPLIES,
        );
  const duplicate = anywhere.exists(
    query
      .selectFrom("comments")
      .select(anywhere.lit(1).as("one"))
      .where("uid", "=", comment.uid)
      .where("unit", "=", comment.unit)
      .where((row) =>
        comment.parentId === null ? row("parent_id", "is", null) : row("parent_id", "=", comment.parentId),
      )
      .where("body", "=", comment.text)
      .where("status", "!=", "deleted"),
  );
  const signedIn = signedInSomewhere(comment.uid);
  const limit = limitedHit(
    anywhere.and([
      signedIn,
      anywhere.not(anywhere.exists(sent.select((one) => one.lit(1).as("one")))),
      unitExists,
      horizonExists,
      parentStands,
      roomForReply,
      anywhere.not(duplicate),
    ]),
  );
  const stamp = stampOf(comment.writerPlaces);
  const [checks, , , , , , postedRows, usage] = await batch(db, [
    query.selectNoFrom([
      // This form's id already posted something else: the browser sent an old form's id again.
      anywhere
        .exists(
          sent
            .select(anywhere.lit(1).as("one"))
            .where((row) => row.or([row("unit", "!=", comment.unit), row("body", "!=", comment.text)])),
        )
        .as("resent"),
      unitExists.as("unit"),
      horizonExists.as("horizon"),
      parentStands.as("parent"),
      roomForReply.as("room"),
      duplicate.as("duplicate"),
      signedIn.as("signedIn"),
    ]),
    limit.open,
    limit.take,
    query
      .insertInto("comments")
      .columns([
        "unit",
        "parent_id",
        "uid",
        "writer",
        "author",
        "body",
        "horizon",
        "writer_knew",
        "writer_places",
        "answered_horizon",
        "submission_id",
        "created_at",
      ])
      .expression(
        query
          .selectNoFrom((row) => [
            row.val(comment.unit).as("unit"),
            row.val(comment.parentId).as("parent_id"),
            row.val(comment.uid).as("uid"),
            row.val(comment.writer).as("writer"),
            row.val(comment.author).as("author"),
            row.val(comment.text).as("body"),
            row.val(comment.horizon).as("horizon"),
            row.val(comment.writerKnew).as("writer_knew"),
            stamp.$asScalar().as("writer_places"),
            // What the comment answered touches as the reply is written, which a later move of it leaves.
            answeredHorizon(comment.parentId).as("answered_horizon"),
            row.val(comment.submissionId).as("submission_id"),
            row.val(at).as("created_at"),
          ])
          .where(afterChange),
      ),
    historyEntry({ comment: null, at, action: "posted", by: comment.uid, horizon: comment.horizon }),
    limit.sweep,
    sent
      .select([
        "id",
        // A reply stands on its comment's page.
        threadPageOf(
          sql<number>`coalesce(${sql.ref("comments.parent_id")}, ${sql.ref("comments.id")})`,
          sql.ref("comments.unit"),
        ).as("page"),
      ])
      .where("unit", "=", comment.unit)
      .where("body", "=", comment.text),
    limit.usage,
  ]);
  const posted = postedRows[0];
  if (posted) return { posted: true, id: posted.id, page: posted.page };
  const check = checks[0];
  if (!check?.signedIn) return { posted: false, problem: "signedOut" };
  if (check.resent) return { posted: false, problem: "resent" };
  if (!check.unit) return { posted: false, problem: "unit" };
  if (!check.horizon) return { posted: false, problem: "horizon" };
  if (!check.parent) return { posted: false, problem: "parent" };
  if (!check.room) return { posted: false, problem: "full" };
  if (check.duplicate) return { posted: false, problem: "duplicate" };
  return { posted: false, problem: "limit", limit: limit.reached(usage) };
}

/**
 * A writer deletes their own comment: its text and its earlier versions go, a tombstone stays while
 * replies to it stand.
 * True when it was theirs and still stood.
 */
export async function deleteComment(
  db: D1Database,
  { id, unit, uid }: { id: number; unit: string; uid: string },
  now = new Date(),
) {
  const at = now.toISOString();
  const [, changed] = await batch(db, [
    query
      .updateTable("comments")
      .set({ status: "deleted", body: "" })
      .where("id", "=", id)
      .where("unit", "=", unit)
      .where("uid", "=", uid)
      // A comment a moderator hid is the writer's to delete too: its text goes for good.
      .where("status", "in", ["shown", "hidden"]),
    query.selectNoFrom(sql<number>`changes()`.as("changed")),
    historyEntry({ comment: id, at, action: "deleted", by: uid }),
    // Its earlier versions go with it, and readers' reports of it close (there is nothing left to decide).
    query.updateTable("comment_history").set({ body: null }).where("comment_id", "=", id).where(afterChange),
    query
      .updateTable("comment_reports")
      .set({ status: "closed" })
      .where("comment_id", "=", id)
      .where("status", "=", "open")
      .where(
        anywhere.exists(query.selectFrom("comments").select("id").where("id", "=", id).where("status", "=", "deleted")),
      ),
  ]);
  return (changed[0]?.changed ?? 0) > 0;
}

export type EditOutcome =
  { edited: true } | { edited: false; problem: "gone" | "late" | "often" | "changed" | "moved" | "horizon" | "same" };

/**
 * A writer edits their comment within EDIT_MINUTES of posting it, in one round trip: its text, and its
 * horizon, which the action has checked against their saved progress (`editedHorizonProblem`) from
 * `horizonWas`, the horizon it read with their session. `version` is when the comment was last written
 * as the writer's form showed it (its edit time, or its posting time): when it was edited since (in
 * another tab), this edit is refused and the other kept. When its horizon is no longer `horizonWas` (a
 * moderator moved it meanwhile), the edit is refused: what it was checked against has changed. The
 * checks are the write's own conditions. The text before the edit goes into the history, for
 * moderators, with the horizon the edit set when it moved it.
 */
export async function editComment(
  db: D1Database,
  edit: {
    id: number;
    unit: string;
    uid: string;
    text: string;
    horizon: string;
    horizonWas: string;
    version: string;
    /** What the comment says its writer had seen from now (`stampAfterEdit`, encoded); null keeps what it says. */
    stamp: { knew: string; places: readonly string[] } | null;
  },
  now = new Date(),
): Promise<EditOutcome> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - EDIT_MINUTES * 60_000).toISOString();
  const moved = edit.horizon !== edit.horizonWas;
  const edits = query
    .selectFrom("comment_history")
    .select((row) => row.fn.countAll<number>().as("edits"))
    .where("comment_id", "=", edit.id)
    .where("action", "=", "edited")
    .$asScalar();
  const horizonExists = anywhere.exists(
    query.selectFrom("story_units").select(anywhere.lit(1).as("one")).where("key", "=", edit.horizon),
  );
  const editable = query
    .selectFrom("comments")
    .where("id", "=", edit.id)
    .where("unit", "=", edit.unit)
    .where("uid", "=", edit.uid)
    .where(edits, "<", EDITS_PER_COMMENT)
    .where("status", "=", "shown")
    .where("created_at", ">", since)
    .where((row) => row(row.fn.coalesce("edited_at", "created_at"), "=", edit.version))
    .where("horizon", "=", edit.horizonWas)
    .where(horizonExists)
    .where((row) => row.or([row("body", "!=", edit.text), row("horizon", "!=", edit.horizon)]));
  const [, , changed, rows] = await batch(db, [
    query
      .insertInto("comment_history")
      .columns(["comment_id", "at", "action", "by_uid", "body", "horizon"])
      .expression(
        editable.select((row) => [
          "id",
          row.val(at).as("at"),
          row.val("edited").as("action"),
          "uid",
          "body",
          row.val(moved ? edit.horizon : null).as("horizon"),
        ]),
      ),
    query
      .updateTable("comments")
      .set({
        body: edit.text,
        horizon: edit.horizon,
        edited_at: at,
        ...(edit.stamp ? { writer_knew: edit.stamp.knew, writer_places: stampOf(edit.stamp.places).$asScalar() } : {}),
      })
      // Only when the history entry went in: the checks were made there (the entry itself now counts as an edit).
      .where("id", "=", edit.id)
      .where(afterChange),
    query.selectNoFrom([sql<number>`changes()`.as("changed"), horizonExists.as("horizon")]),
    query
      .selectFrom("comments")
      .select(["unit", "uid", "status", "horizon", "created_at", "edited_at", edits.as("edits")])
      .where("id", "=", edit.id),
  ]);
  if ((changed[0]?.changed ?? 0) > 0) return { edited: true };
  const row = rows[0];
  if (!row || row.unit !== edit.unit || row.uid !== edit.uid || row.status !== "shown")
    return { edited: false, problem: "gone" };
  if (row.created_at <= since) return { edited: false, problem: "late" };
  if ((row.edits ?? 0) >= EDITS_PER_COMMENT) return { edited: false, problem: "often" };
  if ((row.edited_at ?? row.created_at) !== edit.version) return { edited: false, problem: "changed" };
  if (row.horizon !== edit.horizonWas) return { edited: false, problem: "moved" };
  if (!changed[0]?.horizon) return { edited: false, problem: "horizon" };
  return { edited: false, problem: "same" };
}
