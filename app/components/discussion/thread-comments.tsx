import { useLocation } from "react-router";
import { type FormEventHandler, useEffect, useMemo, useState } from "react";
import { ShieldedList } from "~/components/shielded-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import {
  type CommentBody,
  type ListedReply,
  MAX_REPLIES,
  type ThreadComment,
  type ReaderPlace,
  type UnitLabel,
} from "~/lib/discussion/thread";
import { horizonsOfRun, knewNoMore, listedReply } from "~/lib/discussion/thread";
import { mediumOf } from "~/lib/content/units";
import { countOf, listOf, type Noun, nouns } from "~/lib/words";
import { useShield } from "~/browser/spoiler-shield";
import { isRevealed } from "~/lib/shield/shield";
import type { Revealers } from "~/lib/shield/knowledge";
import { useOptionalUser } from "~/browser/user";
import { answerTo } from "~/lib/discussion/thread-forms";
import { CommentForm } from "./comment-form";
import type { ShownBehind } from "./comment-actions";
import { CommentToolsSlot, ModeratorActionsSlot, TextOnly } from "./lazy-writer-tools";

/** How many parts of the story a fold names before it counts the rest. */
const NAMED_IN_A_FOLD = 3;

/**
 * What a run of hidden comments needs: the parts of the story they touch, the nearest first ("2 comments
 * touching Arc 1 · Chapter 11 and Arc 3 · Chapter 9"); past three, the first two and how many more. The
 * labels are public (a comment's horizon is its place, and a reply's `answered` beside it); "Show them"
 * shows the run and nothing past it.
 */
function describeRun(run: readonly { horizon: UnitLabel; answered?: UnitLabel }[], noun: Noun = nouns.comment) {
  const needed = run.flatMap((item) => (item.answered ? [item.answered, item.horizon] : [item.horizon]));
  const places = horizonsOfRun(needed).map((place) => place.label);
  const named =
    places.length <= NAMED_IN_A_FOLD
      ? places
      : [...places.slice(0, NAMED_IN_A_FOLD - 1), `${places.length - NAMED_IN_A_FOLD + 1} more parts of the story`];
  return `${countOf(run.length, noun)} touching ${listOf(named)}:`;
}

/** A comment or a reply as the list judges it. */
type Listed = ThreadComment | ListedReply;

/** A comment's replies as its list shows them (`listedReply`): none where the comment's text is not there. */
const repliesOf = (comment: ThreadComment) => comment.content?.replies.map(listedReply) ?? [];

/**
 * A page of a thread's comments behind the shield: the reader's known comments, and each run of the
 * others side by side, whatever each touches, one line that names what they need. In strict mode,
 * comments by writers who had seen more than the reader are left out too, and counted.
 */
export function ThreadComments({
  unit,
  joinableBy,
  readerPlaces,
  comments,
  strict,
  actionData,
  onSubmit,
}: {
  unit: UnitLabel;
  /** Who may write in the thread (CommentForm's `joinableBy`). */
  joinableBy: Revealers;
  /** The reader's places, named for a reply's horizon (`Thread.readerPlaces`). */
  readerPlaces: readonly ReaderPlace[];
  comments: ThreadComment[];
  strict: boolean;
  /** The thread's action's answer: each form shows the one meant for it (`answerTo`). */
  actionData: unknown;
  /** Hears every form sent from the list (a moderator's decision: where focus goes after it). */
  onSubmit?: FormEventHandler<HTMLOListElement>;
}) {
  const shield = useShield();
  // What every comment is shown behind besides its horizon: the thread's unit.
  const within = useMemo(() => [{ place: unit, revealedBy: joinableBy }], [unit, joinableBy]);
  // What the reader is shown without asking (not what they asked to see with "Show it" on its fold): a
  // reply past each of its gates.
  const shownUnasked = (item: Listed): item is Listed & { content: CommentBody } =>
    shield !== null &&
    item.content !== null &&
    !item.content.removed &&
    ("gates" in item ? item.gates : [item.revealedBy]).every((gate) => isRevealed(shield, gate));
  // Strict mode leaves out, of that, what writers who had seen more than the reader wrote: a comment or
  // reply the reader asked to see is theirs to read, whoever wrote it.
  const tooKnowing = (item: Listed) =>
    strict && shield !== null && shownUnasked(item) && !knewNoMore(item.content.writerKnew, shield.knowledge);
  const shown = comments.filter((comment) => !tooKnowing(comment));
  // Left out: comments, and replies under the comments still shown; with a comment go the replies under it
  // the reader would have been shown, whoever wrote them, counted apart.
  const goneComments = comments.filter(tooKnowing);
  const repliesUnder = (list: readonly ThreadComment[], which: (reply: ListedReply) => boolean) =>
    list.reduce((count, comment) => count + repliesOf(comment).filter(which).length, 0);
  const leftOut = goneComments.length + repliesUnder(shown, tooKnowing);
  const goneWithThem = repliesUnder(goneComments, shownUnasked);
  if (!comments.length) return <NoComments />;
  return (
    <>
      {leftOut ? (
        <p className="mb-3 text-sm text-muted-foreground">
          Strict mode leaves out {countOf(leftOut, nouns.commentOrReply)} by readers who had seen more than you
          {goneWithThem
            ? `, and ${countOf(goneWithThem, nouns.reply)} under ${goneComments.length === 1 ? "that comment" : "those comments"}`
            : ""}
          .
        </p>
      ) : null}
      <ol className="space-y-4" onSubmit={onSubmit}>
        <ShieldedList
          items={shown}
          itemKey={(comment) => String(comment.id)}
          runAs="li"
          describe={(run) => describeRun(run)}
          renderItem={(comment, isShown) => (
            <li
              key={comment.id}
              id={`comment-${comment.id}`}
              hidden={!isShown}
              aria-labelledby={isShown && comment.content ? lineOf(comment.id) : undefined}
              className="rounded-lg border border-border bg-card p-4 target:border-primary"
            >
              {isShown && comment.content ? (
                <>
                  <CommentView
                    unit={unit}
                    readerPlaces={readerPlaces}
                    place={comment}
                    within={within}
                    body={comment.content}
                    actionData={actionData}
                  />
                  <Replies
                    unit={unit}
                    joinableBy={joinableBy}
                    within={within}
                    readerPlaces={readerPlaces}
                    parent={comment}
                    replies={repliesOf(comment).filter((reply) => !tooKnowing(reply))}
                    actionData={actionData}
                    canReply={!comment.content.removed}
                    full={comment.content.replies.length >= MAX_REPLIES}
                  />
                </>
              ) : null}
            </li>
          )}
        />
      </ol>
    </>
  );
}

function Replies({
  unit,
  joinableBy,
  within,
  readerPlaces,
  parent,
  replies,
  actionData,
  canReply,
  full,
}: {
  unit: UnitLabel;
  joinableBy: Revealers;
  /** What the comment is shown behind besides its horizon (its thread's unit). */
  within: readonly ShownBehind[];
  readerPlaces: readonly ReaderPlace[];
  parent: ThreadComment;
  replies: ListedReply[];
  actionData: unknown;
  canReply: boolean;
  /** The comment took its MAX_REPLIES: a reply would be refused. */
  full: boolean;
}) {
  const answer = answerTo(actionData, `post:${parent.id}`);
  const [replying, setReplying] = useState(answer !== undefined);
  // After each navigation: open on a refused reply, closed once one was posted.
  const { key } = useLocation();
  useEffect(() => setReplying(answer !== undefined), [key]); // eslint-disable-line react-hooks/exhaustive-deps -- per navigation
  const shield = useShield();
  const location = useLocation();
  // A reply is shown behind its comment's horizon too.
  const replyWithin = useMemo(
    () => [...within, { place: parent.horizon, revealedBy: parent.revealedBy }],
    [within, parent.horizon, parent.revealedBy],
  );
  return (
    <div className="mt-3 space-y-3 border-l-2 border-border pl-3 sm:pl-4">
      {replies.length ? (
        <ol className="space-y-3" aria-label={`Replies (${replies.length})`}>
          <ShieldedList
            items={replies}
            itemKey={(reply) => String(reply.id)}
            runAs="li"
            describe={(run) => describeRun(run, nouns.reply)}
            gatesOf={(reply) => reply.gates}
            renderItem={(reply, isShown) => (
              <li
                key={reply.id}
                id={`comment-${reply.id}`}
                hidden={!isShown}
                aria-labelledby={isShown && reply.content ? lineOf(reply.id) : undefined}
                className="target:rounded-md target:outline target:outline-primary"
              >
                {isShown && reply.content ? (
                  <CommentView
                    unit={unit}
                    parentHorizon={parent.horizon}
                    readerPlaces={readerPlaces}
                    place={reply}
                    within={
                      reply.answered
                        ? [...replyWithin, { place: reply.answered, revealedBy: reply.answered.readBy }]
                        : replyWithin
                    }
                    body={reply.content}
                    actionData={actionData}
                  />
                ) : null}
              </li>
            )}
          />
        </ol>
      ) : null}
      {canReply && full ? (
        <p className="text-sm text-muted-foreground">
          {`This comment has taken its ${MAX_REPLIES} replies, the most one takes: to go on, write a comment of your own.`}
        </p>
      ) : canReply ? (
        replying ? (
          <CommentForm
            key={location.key}
            unit={unit}
            joinableBy={joinableBy}
            readerPlaces={readerPlaces}
            parent={parent}
            answer={answer}
            onCancel={() => setReplying(false)}
          />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setReplying(true)} disabled={!shield}>
            Reply
          </Button>
        )
      ) : null}
    </div>
  );
}

/**
 * The id of a comment's first line, which names it (its writer and date, or that it was hidden or
 * deleted): its item is labelled by it, and focus goes to it after a moderator's decision on it.
 */
const lineOf = (id: number) => `comment-${id}-line`;

/** One comment or reply: who, when, what they had seen, what it touches, its text, and what the reader may do with it. */
function CommentView({
  unit,
  parentHorizon = null,
  readerPlaces,
  place,
  within,
  body,
  actionData,
}: {
  unit: UnitLabel;
  /** For a reply, the horizon of the comment it answers. */
  parentHorizon?: UnitLabel | null;
  readerPlaces: readonly ReaderPlace[];
  place: { id: number; horizon: UnitLabel; revealedBy: Revealers };
  /** What it is shown behind besides its horizon (`CommentTools`' `within`). */
  within: readonly ShownBehind[];
  body: CommentBody;
  actionData: unknown;
}) {
  const user = useOptionalUser();
  if (body.removed) {
    return (
      <div className="text-sm italic text-muted-foreground">
        <p id={lineOf(place.id)}>{body.removed === "deleted" ? "Deleted by its writer." : "Hidden by a moderator."}</p>
        {user?.admin && body.removed === "hidden" ? (
          <ModeratorActionsSlot id={place.id} hidden answer={answerTo(actionData, `moderate:${place.id}`)} />
        ) : null}
      </div>
    );
  }
  return (
    <article aria-label={`Comment by ${body.author}`}>
      <header id={lineOf(place.id)} className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{body.author}</span>
        <time dateTime={body.postedAt} className="text-muted-foreground">
          {formatDate(body.postedAt.slice(0, 10))}
        </time>
        {body.editedAt ? <span className="text-muted-foreground">(edited)</span> : null}
      </header>
      {body.stamp.length ? (
        // Places are joined by commas: a place's own label has "·" in it ("Season 1 · Episode 12").
        <p className="text-xs text-muted-foreground">Had seen: {body.stamp.map(stampPlace).join(", ")}</p>
      ) : null}
      {place.horizon.key !== unit.key ? (
        <p className="mt-1">
          <Badge tone="outline" wrap>
            Touches {place.horizon.label}
          </Badge>
        </p>
      ) : null}
      {user ? (
        <CommentToolsSlot
          unit={unit}
          parentHorizon={parentHorizon}
          place={place}
          within={within}
          readerPlaces={readerPlaces}
          body={body}
          moderator={Boolean(user.admin)}
          actionData={actionData}
        />
      ) : (
        <TextOnly body={body} />
      )}
    </article>
  );
}

/** A thread with no comment yet: said to everyone (how many comments a thread has is public), also to those who cannot post yet. */
export function NoComments() {
  return <p className="text-muted-foreground">No comments yet.</p>;
}

/**
 * A place in what a writer had seen, as the stamp says it: its label, which names its medium ("Season 1 ·
 * Episode 12", "Arc 3 · Chapter 4", "Side story · …"), but for a light novel volume's, which is only its
 * collection's name and number: "Lanternfall 2 (light novel)".
 */
function stampPlace(place: UnitLabel) {
  return mediumOf(place.key) === "light_novels" ? `${place.label} (light novel)` : place.label;
}
