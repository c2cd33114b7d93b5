/*
 * The one error body of the site's actions and resource routes: `{ error: { message, fields? } }`. A
 * form's refusal (./form.ts `refuse`) adds the person's input beside it; the request's edges and the
 * resource routes answer it alone (app/server/refusal.server.ts `refusal`); the public API's body
 * (./api.ts) is the same shape with its status, code and parameter added, as its OpenAPI document says.
 * Whatever reads an error, from an action's data or a fetch, reads it here.
 */

/** A form's messages: at most one per field, plus `form` for the whole form. */
export type FieldMessages<Name extends string = string> = Partial<Record<Name | "form", string>>;

export interface ErrorBody<Name extends string = string> {
  error: {
    /** One line for people: the form's own message, else the first field's. */
    message: string;
    /** Where the request was a form: the message for each field that needs changing, `form` for the whole form. */
    fields?: FieldMessages<Name>;
  };
}

/** The body for a refusal: a message, or a form's messages (whose first stands for them all). */
export function errorBody<Name extends string>(message: string, fields?: FieldMessages<Name>): ErrorBody<Name> {
  return { error: fields ? { message, fields } : { message } };
}

/** A form's messages as one line: the form's own message, else the first field's. */
export function summaryOf(fields: FieldMessages): string {
  return fields.form ?? Object.values(fields).find(Boolean) ?? "The form could not be sent.";
}

/** The error in an action's data, a fetcher's data or a parsed body, if it holds one. */
export function errorOf<Name extends string = string>(value: unknown): ErrorBody<Name>["error"] | null {
  if (typeof value !== "object" || value === null || !("error" in value)) return null;
  const error = value.error;
  if (typeof error !== "object" || error === null || !("message" in error) || typeof error.message !== "string")
    return null;
  return error as ErrorBody<Name>["error"];
}

/** The messages a form shows from an action's answer: next to each field, and the whole form's (none when it was not refused). */
export function formErrorsOf<Name extends string>(value: unknown): FieldMessages<Name> {
  const error = errorOf<Name>(value);
  if (!error) return {};
  return error.fields ?? ({ form: error.message } as FieldMessages<Name>);
}

/** The error of a failed fetch, in the site's words where the answer has them, else `fallback`. */
export async function readError(response: Response, fallback: string): Promise<ErrorBody["error"]> {
  const body: unknown = await response.json().catch(() => null);
  return errorOf(body) ?? { message: fallback };
}
