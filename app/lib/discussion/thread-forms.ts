/*
 * What every form on a thread page shares: the fields a refusal gives back, and how a form finds the
 * answer meant for it. Small, as the thread's first load carries it (the forms themselves do not).
 */

/** Every field the thread's forms send that a refusal gives back (`form` says which form was sent). */
export const threadFormFields = ["form", "text", "horizon", "parent", "kind", "needs", "note", "reason"] as const;

/** The action's answer to one of the thread's forms, as a form reads it: the values it gives back. */
export type FormAnswer = { values?: Record<string, string | undefined> } | undefined;

/** The action's answer when it answered the form `key` ("edit:12", "post:new" …), else undefined. */
export function answerTo(actionData: unknown, key: string): FormAnswer {
  const answer = actionData as FormAnswer;
  return answer?.values?.form === key ? answer : undefined;
}
