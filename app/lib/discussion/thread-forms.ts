import { collectErrors } from "../forms/form";
import { lengthProblem } from "../forms/text-length";
import { reportNoteProblem } from "./comment-report";
import { cleanCommentText, COMMENT_MAX_LENGTH } from "./comment-text";

/*
 * What every form on a thread page shares: the fields a refusal gives back, how a form finds the
 * answer meant for it, and the lengths checked before one is sent. Small, as the thread's first load
 * carries it (the forms themselves do not).
 */

/** Every field the thread's forms send that a refusal gives back (`form` says which form was sent). */
export const threadFormFields = ["form", "text", "horizon", "parent", "kind", "needs", "note", "reason"] as const;

/** A moderator's words to a comment's writer: optional, at most this long. */
export const REASON_MAX_LENGTH = 500;

/**
 * The fields of a thread's form (a comment or an edit's text, a report's note, a moderator's reason) longer than they take,
 * by the rule the action checks: what the route's clientAction refuses before anything is sent.
 */
export function threadLengthErrors(values: Readonly<Record<string, string>>) {
  return collectErrors({
    text: lengthProblem(cleanCommentText(values.text ?? ""), COMMENT_MAX_LENGTH),
    note: reportNoteProblem(values.note ?? ""),
    reason: lengthProblem(cleanCommentText(values.reason ?? ""), REASON_MAX_LENGTH),
  });
}

/** The action's answer to one of the thread's forms, as a form reads it: the values it gives back. */
export type FormAnswer = { values?: Record<string, string | undefined> } | undefined;

/** The action's answer when it answered the form `key` ("edit:12", "post:new" …), else undefined. */
export function answerTo(actionData: unknown, key: string): FormAnswer {
  const answer = actionData as FormAnswer;
  return answer?.values?.form === key ? answer : undefined;
}
