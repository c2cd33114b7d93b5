import { COMMENT_LIMITS } from "./comment-form";

/*
 * A writer's standing in discussion: how often they may post. Every writer has the burst and daily
 * limits of COMMENT_LIMITS. A writer new to discussion (their first comment less than a day ago) has
 * stricter ones, so a freshly made account cannot flood a thread; and moderators' decisions on a
 * writer's comments count as strikes that slow them, then stop them for a while (docs/discussion.md).
 */

/** How long after posting a writer may still edit their comment. */
export const EDIT_MINUTES = 15;

/** How many times a comment may be edited: enough to fix a slip or two, not a way to write without limit. */
export const EDITS_PER_COMMENT = 5;

/** Whether a comment posted at `postedAt` may still be edited at `now`. */
export function stillEditable(postedAt: string, now = Date.now()) {
  const posted = Date.parse(postedAt);
  return Number.isFinite(posted) && now - posted < EDIT_MINUTES * 60_000;
}

/** How long a strike counts: a moderator's decision older than this no longer weighs on the writer. */
export const STRIKE_DAYS = 30;

/** Strikes that slow a writer to the new writer's limits, and strikes that stop them posting. */
export const STRIKES_TO_SLOW = 2;
export const STRIKES_TO_STOP = 4;

/** How often a writer new to discussion may post, for their first day. */
export const NEW_WRITER_LIMITS = { perMinute: 1, perDay: 10 } as const;

/** What the thread's action knows of a writer before they post (app/models/comment-moderation.server.ts). */
export interface Standing {
  /** Comments of theirs that moderators moved or hid within STRIKE_DAYS (a hide undone is none). */
  strikes: number;
  /** When the oldest of those strikes was given, so a stopped writer is told when they may post again. */
  oldestStrikeAt: string | null;
  /** Whether they posted their first comment less than a day ago, or have never posted. */
  newWriter: boolean;
}

export type PostingLimits = { perMinute: number; perDay: number };

/** How often a writer in this standing may post, or null when they may not post for now. */
export function postingLimits(standing: Standing): PostingLimits | null {
  if (standing.strikes >= STRIKES_TO_STOP) return null;
  if (standing.strikes >= STRIKES_TO_SLOW || standing.newWriter) return NEW_WRITER_LIMITS;
  return COMMENT_LIMITS;
}

/** The day a stopped writer may post again: when their oldest strike stops counting. */
export function stoppedUntil(standing: Standing) {
  const oldest = standing.oldestStrikeAt ? Date.parse(standing.oldestStrikeAt) : Number.NaN;
  return Number.isFinite(oldest) ? new Date(oldest + STRIKE_DAYS * 86_400_000).toISOString() : null;
}
