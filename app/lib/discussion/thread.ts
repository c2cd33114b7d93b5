import { discussionPath, mediumOf } from "../content/units";
import type { Gated } from "../shield/gated";
import { knowledgeOfEither } from "../shield/combined";
import {
  hasConsumed,
  type Knowledge,
  knowledgeOfUnits,
  knowsAllOf,
  parseKnowledge,
  type Revealers,
} from "../shield/knowledge";

/*
 * A discussion thread as pages and the API see it. Every story unit has one. Its comments are behind
 * the shield twice: the thread's list is gated by the unit itself (a thread is for readers who have
 * consumed its unit), and each comment and each reply by its horizon, the unit a reader must have
 * consumed to see it (the thread's unit unless its writer raised it). A reply sits inside its comment,
 * so it also needs the comment's horizon. Who wrote a comment, when, what they had seen and how many
 * replies it has are all inside its gate: nothing a reader cannot see leaves a trace but its place.
 */

/** A story unit as a thread names it: its key, and its label, never a spoiler ("Arc 3 · Chapter 12"). */
export interface UnitLabel {
  key: string;
  label: string;
}

/**
 * How a thread's unit is taken in, for the words that name it: an episode, a special or a Break Time short
 * is watched, a chapter or a volume read ("You can join once you have watched Season 1 · Episode 3").
 */
export function readOrWatched(unitKey: string): "read" | "watched" {
  const medium = mediumOf(unitKey);
  return medium === "anime" || medium === "anime_specials" || medium === "break_time" ? "watched" : "read";
}

/**
 * A part of the story the reader has reached, as a thread names it for them (`Thread.readerPlaces`),
 * with who may read what touches it (its stored `told_by`, as the thread's action reads it) where the
 * page knows: a form's horizon choices are what that action takes (./horizon.ts).
 */
export interface ReaderPlace extends UnitLabel {
  readBy?: Revealers;
}

/** What a comment says, and who said it: all of it behind the comment's horizon. */
export interface CommentBody {
  /** The writer's name as they posted. "" once the comment is removed. */
  author: string;
  /** What pages know the writer by (./writer.ts), so a reader's own comments offer Delete. "" once removed. */
  writer: string;
  /** Plain text with line breaks (./comment-text.ts). "" once removed. */
  text: string;
  /** Why there is no text: its writer deleted it, or a moderator hid it; null while it stands. */
  removed: "deleted" | "hidden" | null;
  postedAt: string;
  editedAt: string | null;
  /** The writer's furthest unit on each line when they posted: "read to Arc 3 · Chapter 12". */
  stamp: UnitLabel[];
  /** What the writer had seen, as the reveal parameter writes it: strict mode compares it. */
  writerKnew: string;
}

/** Where a comment stands, public: its id (for links to it) and its horizon (the fold names what it needs). */
interface CommentPlace {
  id: number;
  horizon: UnitLabel;
}

/**
 * A reply: gated by its horizon and, inside that, by what its comment touched when it was written (null
 * where the comment's gate as it is holds that already); and, inside its comment, by what the comment
 * touches now. A moderator who moves the comment (lowering it to show it to more readers) does not move
 * its replies: their writers answered it knowing what it touched then. Two gates, each judged by the one
 * rule, so a reader who saw the two parts in different media is shown it (decision 92).
 */
export type ThreadReply = Gated<Gated<CommentBody>> &
  CommentPlace & {
    /**
     * What its comment touched when it was written, where a reader needs it besides what the comment
     * touches now and the reply's own horizon, with who may read it (its inner gate): public, as a
     * horizon is, so a fold names it and "Show them" asks for it.
     */
    answered?: UnitLabel & { readBy: Revealers };
  };

/** A reply as a list shows it: its text where the response carries it past both gates, and the gates. */
export type ListedReply = Gated<CommentBody> & Omit<ThreadReply, "content"> & { gates: Revealers[] };

export const listedReply = ({ content, ...reply }: ThreadReply): ListedReply => ({
  ...reply,
  content: content?.content ?? null,
  gates: [reply.revealedBy, reply.answered?.readBy ?? null],
});

/** A comment, gated by its horizon, with its replies inside. */
export type ThreadComment = Gated<CommentBody & { replies: ThreadReply[] }> & CommentPlace;

/**
 * How long a thread's public answer (the page for signed-out readers, the API's) may be kept at the
 * edge: a new comment reaches everyone within seconds, while a thread read by thousands is still mostly
 * served from the cache (docs/discussion.md).
 */
export const THREAD_CACHE_CONTROL = "public, max-age=0, s-maxage=5";

/** Comments on one page of a thread (their replies come with them). */
export const COMMENTS_PER_PAGE = 50;

/**
 * The most replies a comment shows: a thread's page then holds at most COMMENTS_PER_PAGE times this many
 * more, whatever its readers write. A conversation that goes on starts a comment of its own.
 */
export const MAX_REPLIES = 30;

/** One page of a unit's thread. */
export interface Thread {
  unit: UnitLabel & { path: string };
  /** The unit's title, gated as the catalogues gate it; null for a unit without one (its label names it). */
  title: Gated<{ title: string; originalTitle: string | null }> | null;
  /**
   * The comments listed on every page (those that stand, and removed ones whose replies stand): a count
   * everyone gets alike, as the comments' places are. Replies are not counted: how many a comment has is
   * behind its horizon.
   */
  total: number;
  page: number;
  pageCount: number;
  /** This page's comments in the order posted, for readers who have consumed the unit. */
  comments: Gated<ThreadComment[]>;
  /**
   * The requester's furthest place on each line, named as the series names it ("Arc 4 · Chapter 26"),
   * from what their request states they know, with who may read what touches each: the horizons a
   * writer may choose. None on a first load.
   */
  readerPlaces: (ReaderPlace & { readBy: Revealers })[];
}

/**
 * Whether a reader knows at least what a writer knew when posting: every place the writer had reached
 * on each line, every side story and short they had ticked. Strict mode shows only such comments.
 */
export function knewNoMore(writerKnew: string, reader: Knowledge) {
  if (reader.everything) return true;
  const writer = parseKnowledge(writerKnew);
  if (!writer) return writerKnew === "";
  return knowsAllOf(reader, writer);
}

/** What a comment says its writer had seen: what strict mode compares (`writerKnew`), and their places (the stamp's keys). */
export interface WriterStamp {
  knew: Knowledge;
  places: readonly string[];
}

/** A writer's furthest unit on each line, as a comment's stamp keeps them. */
export const placesOf = (writer: Knowledge) => [...writer.reached.values()].map((place) => place.key);

/**
 * What an edited comment says its writer had seen, from what it said (`writerKnew`) and what they have
 * seen as they edit it (`now`): its words are theirs as they are now, and may keep what was first
 * written knowing more. So it says all they knew then or know now (`knowledgeOfEither`): their knowledge
 * now where it holds all the comment said (they read on); null, the comment's kept, where that holds all
 * they know now (set back since); where neither holds the other (back on one line, further on another),
 * both, with the further place on each line. A stamp that cannot be read is kept: strict mode never
 * shows its comment.
 */
export function stampAfterEdit(writerKnew: string, now: Knowledge): WriterStamp | null {
  const before = parseKnowledge(writerKnew);
  if (!before && writerKnew !== "") return null;
  if (!before || knowsAllOf(now, before)) return { knew: now, places: placesOf(now) };
  if (knowsAllOf(before, now)) return null;
  const both = knowledgeOfEither(before, now);
  return { knew: both, places: placesOf(both) };
}

/** Whether `key` comes before `unit` on the same line (consuming `unit` means having passed it). */
export function comesBefore(key: string, unit: string) {
  return key !== unit && hasConsumed(knowledgeOfUnits([unit]), key);
}

/**
 * The parts of the story a run of folded comments touches, each once, nearest first (what a reader needs
 * before any of them shows): a place before another on its line comes before it; places on different
 * lines keep the order the thread has them in.
 */
export function horizonsOfRun(horizons: readonly UnitLabel[]): UnitLabel[] {
  const distinct = [...new Map(horizons.map((horizon) => [horizon.key, horizon])).values()];
  const depth = (horizon: UnitLabel) => distinct.filter((other) => comesBefore(other.key, horizon.key)).length;
  return distinct
    .map((horizon) => ({ horizon, depth: depth(horizon) }))
    .sort((a, b) => a.depth - b.depth)
    .map(({ horizon }) => horizon);
}

/**
 * A reply to one of the reader's own comments, as "Replies to you" lists it: never its text. The
 * thread is named only to a reader who knows its unit; whether they may read the reply is the thread's
 * own rule, applied when they open it.
 */
/** How many replies "Replies to you" lists: the newest. */
export const REPLY_NOTICES = 30;

export interface ReplyNotice {
  id: number;
  postedAt: string;
  /** The thread, and the page of it the reply is on. */
  thread: Gated<ThreadPlace>;
}

/** A thread and one of its pages, as a notice links to a comment on it. */
export interface ThreadPlace extends UnitLabel {
  page: number;
}

/** The address of a comment or reply on its thread's page. */
export function commentPath(thread: { key: string; page: number }, id: number) {
  return `${discussionPath(thread.key)}${thread.page > 1 ? `?page=${thread.page}` : ""}#comment-${id}`;
}
