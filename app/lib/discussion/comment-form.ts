import { collectErrors, type FormErrors } from "../forms/form";
import { commentTextProblem } from "./comment-text";

/*
 * The comment form, checked in the browser and again by the thread's action (plain code: the thread
 * is a public page, which stays free of zod, decision 8).
 */

/** How often a reader may post: a burst, and a day (the form quotes them). */
export const COMMENT_LIMITS = { perMinute: 3, perDay: 60 } as const;

/** The fields a reader fills in; the others are the form's own (intent, parent, submission id). */
export const commentFields = ["text", "horizon"] as const;
export type CommentField = (typeof commentFields)[number];

/** What the action refuses input with: its messages, by field. */
export function checkComment(values: Record<CommentField, string>): FormErrors<CommentField> | null {
  return collectErrors<CommentField>({
    text: commentTextProblem(values.text),
    horizon: values.horizon === "" ? "Choose what your comment touches." : null,
  });
}

/** The refusal when a limit is reached, in the words of the form. */
export function limitMessage(limit: "minute" | "day", limits: { perMinute: number; perDay: number } = COMMENT_LIMITS) {
  const many = (count: number) => (count === 1 ? "a comment" : `${count} comments`);
  return limit === "minute"
    ? `You have posted ${many(limits.perMinute)} in the last minute. Please wait a minute, then post this one; it is kept here.`
    : `You have posted ${many(limits.perDay)} today, your daily limit. Your text is kept in this browser; please post it tomorrow.`;
}
