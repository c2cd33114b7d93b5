import { lengthProblem } from "../forms/text-length";
import { cleanCommentText } from "./comment-text";

/*
 * A reader's report of a comment (app/server/thread-actions.server.ts): a spoiler, with the part of the
 * story a reader should have seen first, or abuse; with an optional note to the moderators.
 */

export const commentReportKinds = {
  spoiler: "It spoils something",
  abuse: "Abuse, hate or spam",
} as const;

export type CommentReportKind = keyof typeof commentReportKinds;

/** The longest note a report may carry, in characters. */
export const REPORT_NOTE_MAX_LENGTH = 500;

/** What is wrong with a report's note, or null. */
export function reportNoteProblem(note: string) {
  // Counted as kept: a line break sent as CRLF (a page without scripts) is one character.
  return lengthProblem(cleanCommentText(note), REPORT_NOTE_MAX_LENGTH);
}

/** Reported comments on one page of the moderators' queue. */
export const REPORTED_PER_PAGE = 20;

/** How many hidden comments the queue lists, the most recently hidden first. */
export const HIDDEN_LISTED = 20;
