import type { AppLoadContext } from "react-router";
import { checkComment, limitMessage } from "~/lib/discussion/comment-form";
import type { threadFormFields } from "~/lib/discussion/thread-forms";
import { cleanCommentText, commentTextProblem, writerName } from "~/lib/discussion/comment-text";
import { reportNoteProblem } from "~/lib/discussion/comment-report";
import { EDIT_MINUTES, EDITS_PER_COMMENT, postingLimits, type Standing, stoppedUntil } from "~/lib/discussion/standing";
import { editedHorizonProblem, HORIZON_FROM_THE_LIST, horizonProblem } from "~/lib/discussion/horizon";
import { comesBefore, MAX_REPLIES, placesOf, stampAfterEdit } from "~/lib/discussion/thread";
import { writerTag } from "~/lib/discussion/writer";
import { discussionPath, isUnitKey } from "~/lib/content/units";
import { formatDate } from "~/lib/format";
import { collectErrors, HONEYPOT_FIELD, refuse, SIGNED_OUT_MESSAGE } from "~/lib/forms/form";
import { knowledgeOf } from "~/lib/progress/record";
import { encodeKnowledge } from "~/lib/shield/knowledge";
import { hasConsumed, knows } from "~/lib/shield/knowledge";
import {
  decideOnComment,
  writerBeforeEdit,
  writerBeforePost,
  type ModeratorDecision,
  reportComment,
  reporterAndComment,
} from "~/models/comment-moderation.server";
import { deleteComment, editComment, postComment, threadPageCount } from "~/models/discussions.server";
import { limitedHit } from "~/models/rate-limits.server";
import { type requireUser, requireUserWith } from "./session.server";
import { pageExists } from "~/lib/http/paging";
import { errorPage } from "~/lib/http/status";
import { lengthProblem } from "~/lib/forms/text-length";
import { REASON_MAX_LENGTH } from "~/lib/discussion/thread-forms";
import { notFound } from "./not-found.server";
import { pageAfterChange } from "./paging.server";
import { parsePositiveInt } from "~/lib/http/params";
import { redirectWithToast } from "./toast.server";

/*
 * What a thread's forms do (app/routes/discuss.tsx): post a comment or reply, edit or delete one's own,
 * report another's, and moderators' decisions. Each refusal names its field and gives the text back,
 * with `form` (which of the page's forms was sent) so the page shows it in that form.
 */

type ThreadFormValues = Record<(typeof threadFormFields)[number], string>;

interface ThreadRequest {
  request: Request;
  context: AppLoadContext;
  user: Awaited<ReturnType<typeof requireUser>>;
  unit: string;
  body: FormData;
  raw: ThreadFormValues;
}

/** A submission id as the browser makes it (crypto.randomUUID). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A comment's id from a form: a positive whole number, or null. */
export function commentId(value: FormDataEntryValue | null) {
  const text = typeof value === "string" ? value : "";
  return /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null;
}

/**
 * The page of the thread a form was sent from (its forms say it), read as an address's `?page=` is; the
 * first when it names none a page could be.
 */
const pageSentFrom = (body: FormData) => {
  const page = body.get("page");
  return parsePositiveInt(typeof page === "string" ? page : null) ?? 1;
};

/** Where an action sends the reader back: the page of the thread they acted on. */
const backTo = (unit: string, body: FormData, id?: number | null) => threadPlace(unit, pageSentFrom(body), id);

/** A page of a thread, at a comment of it when `id` names one. */
const threadPlace = (unit: string, page: number, id?: number | null) =>
  `${discussionPath(unit)}${page > 1 ? `?page=${page}` : ""}${id ? `#comment-${id}` : ""}`;

/**
 * Where a change that may take a comment from its thread's pages (a delete, a moderator's decision; on a
 * reply too, when it was all that kept its removed comment listed) sends the reader back: the page they
 * acted on, or, when that page is past the end now, the last page there is (`pageAfterChange`) rather than
 * its 404. Then `gone` says so for the toast: the heading that takes focus there (decision 88) names no page.
 */
async function backAfterChange({ request, context, unit, body }: Omit<ThreadRequest, "user" | "raw">) {
  const to = backTo(unit, body);
  const page = pageSentFrom(body);
  // The first page is always there (empty, it says so): only a later one can go with a comment.
  if (page === 1) return { to, gone: undefined };
  const pageCount = await threadPageCount(context.db, unit);
  if (pageExists({ page, pageCount })) return { to, gone: undefined };
  const here = pageCount > 1 ? `page ${pageCount}, the last` : "the thread's only page";
  return {
    to: pageAfterChange(new URL(to, request.url), pageCount),
    gone: `Page ${page} no longer exists: this is ${here}.`,
  };
}

/** Also for a comment the writer's saved progress does not reveal: the two are answered alike. */
const removedReply =
  "The comment you answer is not there for you: it was removed, or your saved progress does not reach what it touches. This reply cannot be posted; your text is kept.";
const fullComment = `The comment you answer has taken its ${MAX_REPLIES} replies, the most one takes. Your text is kept: post it as a comment of your own to go on.`;

/** Why a writer may not post for now, or null. */
function stoppedMessage(standing: Standing) {
  const until = stoppedUntil(standing);
  return `Posting is paused for your account: moderators moved or hid ${standing.strikes} of your comments in the last month.${until ? ` You can post again from ${formatDate(until.slice(0, 10))}.` : ""} Your text is kept here.`;
}

/**
 * A post: the writer's progress, standing and the comment they answer are read in their session's
 * round trip (`requireUserWith`), then the post is one batch.
 */
export async function postIntent({ request, context, unit, body, raw }: Omit<ThreadRequest, "user">) {
  const parentId = raw.parent === "" ? null : commentId(raw.parent);
  const { user, rows } = await requireUserWith(
    request,
    context,
    writerBeforePost.reads,
    writerBeforePost.values({ parentId, unit, horizon: raw.horizon }),
  );
  const posted = (id: number | null, page = 1) =>
    redirectWithToast(context.env, threadPlace(unit, page, id), {
      title: "Comment posted",
      description: "Readers who have not got as far as it touches will not see it.",
    });
  // A filled honeypot is a bot: answer as a real post, store nothing.
  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") return posted(null);
  const errors = checkComment(raw);
  if (errors) return refuse(errors, raw);
  const sentId = String(body.get("submissionId") ?? "");
  const submissionId = uuidPattern.test(sentId) ? sentId : crypto.randomUUID();
  if (raw.parent !== "" && parentId === null)
    return refuse({ form: "The comment you answer is not on this page." }, raw);

  const { progress, parent, standing, revealersOf } = writerBeforePost.from(rows);
  const writer = knowledgeOf(progress);
  // A comment the writer's progress does not reveal is answered as one that is not there: nothing tells
  // them it stands, nor how many replies it has.
  if (
    parentId !== null &&
    (!parent ||
      parent.unit !== unit ||
      parent.parent_id !== null ||
      parent.status !== "shown" ||
      !knows(writer, parent.revealedBy))
  )
    return refuse({ form: removedReply }, raw, 409);
  const limits = postingLimits(standing);
  if (!limits) return refuse({ form: stoppedMessage(standing) }, raw, 403);
  // In a thread of the story, a key of no unit is not one of the form's choices, whatever the writer has read.
  if (revealersOf(unit) && !revealersOf(raw.horizon)) return refuse({ horizon: HORIZON_FROM_THE_LIST }, raw);
  const problem = horizonProblem(
    { unit, horizon: raw.horizon, parentHorizon: parent?.horizon ?? null },
    writer,
    revealersOf,
  );
  if (problem) return refuse({ horizon: problem }, raw);

  const outcome = await postComment(
    context.db,
    {
      submissionId,
      uid: user.uid,
      writer: await writerTag(user.uid),
      author: writerName(user.name),
      unit,
      parentId,
      text: cleanCommentText(raw.text),
      horizon: raw.horizon,
      writerKnew: encodeKnowledge(writer),
      writerPlaces: placesOf(writer),
    },
    (onlyIf) => limitedHit({ client: user.uid, action: "comment", limits }, new Date(), onlyIf),
  );
  if (outcome.posted) return posted(outcome.id, outcome.page);
  switch (outcome.problem) {
    case "unit":
      throw notFound();
    case "horizon":
      return refuse({ horizon: "Choose what your comment touches from the list." }, raw);
    case "parent":
      return refuse({ form: removedReply }, raw, 409);
    case "full":
      return refuse({ form: fullComment }, raw, 409);
    case "duplicate":
      return refuse({ text: "You have already posted this here." }, raw, 409);
    case "resent":
      return refuse({ form: "This form was already used for another comment. Please post it again." }, raw, 409);
    case "limit":
      return refuse({ form: limitMessage(outcome.limit, limits) }, raw, 429);
    case "signedOut":
      return refuse({ form: SIGNED_OUT_MESSAGE }, raw, 401);
  }
}

/**
 * An edit: the writer's progress and the comment as it stands are read in their session's round trip
 * (`requireUserWith`), then the edit is one conditional batch that holds to the horizon read.
 */
export async function editIntent({ request, context, unit, body, raw }: Omit<ThreadRequest, "user">) {
  const id = commentId(body.get("id"));
  const { user, rows } = await requireUserWith(
    request,
    context,
    writerBeforeEdit.reads,
    writerBeforeEdit.values({ id, unit, horizon: raw.horizon }),
  );
  const textProblem = commentTextProblem(raw.text);
  if (textProblem) return refuse({ text: textProblem }, raw);
  const { progress, comment, revealersOf } = writerBeforeEdit.from(rows);
  if (id === null) return refuse({ form: "That comment is not on this page." }, raw);
  if (!comment || comment.uid !== user.uid || comment.unit !== unit)
    return refuse({ form: editMessages.gone }, raw, 409);
  // Moved since the page showed it, the form's choices were made from another place: by the writer's own
  // edit elsewhere (another tab or device) when the comment was written since, else by a moderator.
  const version = String(body.get("version") ?? "");
  const shownHorizon = String(body.get("horizonWas") ?? "");
  if (shownHorizon && shownHorizon !== comment.horizon)
    return version === comment.version
      ? refuse({ horizon: editMessages.moved }, raw, 409)
      : refuse({ form: editMessages.changed }, raw, 409);
  // A form drawn before the horizon could be edited sends none: the horizon stays.
  const horizon = raw.horizon === "" ? comment.horizon : raw.horizon;
  if (!revealersOf(horizon)) return refuse({ horizon: HORIZON_FROM_THE_LIST }, raw);
  const writer = knowledgeOf(progress);
  const problem = editedHorizonProblem(
    { unit, horizon, parentHorizon: comment.parent_horizon, current: comment.horizon },
    writer,
    revealersOf,
  );
  if (problem) return refuse({ horizon: problem }, raw);
  // The words are the writer's as they are now: strict mode and "Had seen" speak of who wrote them.
  const stamp = stampAfterEdit(comment.writer_knew, writer);
  const outcome = await editComment(context.db, {
    id,
    unit,
    uid: user.uid,
    text: cleanCommentText(raw.text),
    horizon,
    horizonWas: comment.horizon,
    version,
    stamp: stamp && { knew: encodeKnowledge(stamp.knew), places: stamp.places },
  });
  if (outcome.edited) return redirectWithToast(context.env, backTo(unit, body, id), { title: "Comment edited" });
  if (outcome.problem === "same") return refuse({ text: editMessages.same }, raw);
  if (outcome.problem === "horizon") return refuse({ horizon: editMessages.horizon }, raw);
  if (outcome.problem === "moved") return refuse({ horizon: editMessages.moved }, raw, 409);
  return refuse({ form: editMessages[outcome.problem] }, raw, 409);
}

const editMessages = {
  gone: "That comment is not yours, or it was removed.",
  late: `A comment can be edited for ${EDIT_MINUTES} minutes after posting; this one no longer can. Your text is kept here.`,
  often: `A comment can be edited ${EDITS_PER_COMMENT} times; this one has been. Your text is kept here.`,
  changed:
    "This comment was edited elsewhere (another tab or device) while you wrote. Your text is kept here: reload to see the other edit, then edit again.",
  moved:
    "A moderator moved what this comment touches while you wrote. Your text is kept here: reload to see where it is now, then edit again.",
  horizon: "Choose what your comment touches from the list.",
  same: "Nothing to save: the text and what it touches are as they were.",
} as const;

export async function deleteIntent(thread: ThreadRequest) {
  const { context, user, unit, body, raw } = thread;
  const id = commentId(body.get("id"));
  if (id === null || !(await deleteComment(context.db, { id, unit, uid: user.uid })))
    return refuse({ form: "That comment is not yours, or it was already removed." }, raw, 409);
  const { to, gone } = await backAfterChange(thread);
  return redirectWithToast(context.env, to, { title: "Comment deleted", description: gone });
}

const goneReport = "That comment was removed, or it is your own.";

export async function reportIntent({ context, user, unit, body, raw }: ThreadRequest) {
  const id = commentId(body.get("id"));
  if (id === null) return refuse({ form: "That comment is not on this page." }, raw);
  const kind = raw.kind === "spoiler" || raw.kind === "abuse" ? raw.kind : null;
  const needs = raw.needs === "" ? null : raw.needs;
  const { progress, comment } = await reporterAndComment(context.db, user.uid, id);
  const reporter = knowledgeOf(progress);
  const errors = collectErrors<"kind" | "needs" | "note">({
    kind: kind ? null : "Say whether it spoils or is abusive.",
    needs:
      needs !== null && !isUnitKey(needs)
        ? "Choose what it spoils from the list."
        : needs !== null && !hasConsumed(reporter, needs)
          ? "You can only name a part of the story you have seen yourself."
          : null,
    note: reportNoteProblem(raw.note),
  });
  if (errors) return refuse(errors, raw);
  // A comment the reporter's progress does not reveal (its thread, the comment a reply sits in, its own
  // horizon: each a gate the page shows it behind) is answered as one that is not there: nothing tells
  // them it stands (nor, by walking the ids, how many replies a comment has).
  if (!comment || !comment.gates.every((gate) => knows(reporter, gate))) return refuse({ form: goneReport }, raw, 409);
  const outcome = await reportComment(
    context.db,
    {
      commentId: id,
      unit,
      uid: user.uid,
      kind: kind!,
      needs: kind === "spoiler" ? needs : null,
      note: cleanCommentText(raw.note),
    },
    (onlyIf) => limitedHit({ client: user.uid, action: "report" }, new Date(), onlyIf),
  );
  if (outcome.reported)
    return redirectWithToast(context.env, backTo(unit, body, id), {
      title: "Reported",
      description: "Thank you. Moderators will look at it.",
    });
  if (outcome.problem === "signedOut") return refuse({ form: SIGNED_OUT_MESSAGE }, raw, 401);
  if (outcome.problem === "again") return refuse({ form: "You have already reported this comment." }, raw, 409);
  if (outcome.problem === "needs") return refuse({ needs: "Choose what it spoils from the list." }, raw);
  if (outcome.problem === "gone") return refuse({ form: goneReport }, raw, 409);
  if (outcome.problem === "limit")
    return refuse(
      { form: `You have reported a lot in the last ${outcome.limit}. Please wait, then send this again.` },
      raw,
      429,
    );
}

/**
 * A moderator hides, restores or re-stamps a comment, from its thread or from the queue of reported
 * comments; `back` is where the reader goes after it.
 */
export async function moderateIntent(
  thread: ThreadRequest,
  /** From a queue: where the moderator comes back to once decided. Without it, the thread's page (`backAfterChange`). */
  back?: () => Promise<string>,
) {
  const { context, user, unit, body, raw } = thread;
  if (!user.admin) throw errorPage(403, { message: "Only moderators can decide on comments." });
  const intent = String(body.get("intent"));
  const id = commentId(body.get("id"));
  const horizon = raw.horizon.trim();
  if (intent === "restamp" && !isUnitKey(horizon))
    return refuse({ horizon: "Give the horizon as a unit key, such as wn:8-1 or anime:2-3." }, raw);
  if (intent === "restamp" && comesBefore(horizon, unit))
    return refuse({ horizon: "A comment's horizon is at least its thread's own unit." }, raw);
  const reason = cleanCommentText(raw.reason);
  const tooLong = lengthProblem(reason, REASON_MAX_LENGTH);
  if (tooLong) return refuse({ reason: tooLong }, raw);
  const decision: ModeratorDecision =
    intent === "restamp" ? { action: "restamp", horizon } : { action: intent === "hide" ? "hide" : "restore" };
  const decided =
    id === null
      ? "unchanged"
      : await decideOnComment(context.db, { id, unit, by: user.uid, decision, reason: reason || null });
  if (decided === "signedOut") return refuse({ form: SIGNED_OUT_MESSAGE }, raw, 401);
  if (decided === "no-such-unit") return refuse({ horizon: "No part of the story has that key." }, raw);
  if (decided === "unchanged")
    return refuse({ form: "Nothing changed: the comment was removed, or already so." }, raw, 409);
  const said = { hide: "Comment hidden", restore: "Comment restored", restamp: "Horizon moved" }[decision.action];
  const told = "Its writer sees your decision and reason on their discussion page.";
  const { to, gone } = back ? { to: await back(), gone: undefined } : await backAfterChange(thread);
  return redirectWithToast(context.env, to, { title: said, description: gone ? `${told} ${gone}` : told });
}
