import { cutText } from "../format";
import { data } from "react-router";
// Types only: this module is also loaded by the public sign-in page, whose first load stays free of zod.
import type { output, ZodType } from "zod";
import { type ErrorBody, errorBody, type FieldMessages, summaryOf } from "../http/error-body";

/**
 * The one form pattern (docs/decisions/0010-one-form-pattern.md). A form names its fields once; its
 * checks, a zod schema shared by browser and server or plain code where zod must stay off a public page,
 * produce `FormErrors`; an action that refuses input answers a `Refusal` (the site's one error body,
 * ./error-body.ts, with the input beside it), so the page shows each message next to its field
 * (`formErrorsOf`) and keeps what the person typed.
 */

/** The key of a message about the whole form rather than one field. */
const FORM_ERROR = "form";

/** At most one message per field, the first found, plus one for the whole form. */
export type FormErrors<Name extends string = string> = FieldMessages<Name>;

/** What an action answers when it refuses input: the one error body with the messages, and the input, given back. */
export interface Refusal<Name extends string = string> extends ErrorBody<Name> {
  values: Partial<Record<Name, string>>;
}

/** The outcome of a check: the clean values, or the messages. */
export type Checked<Values, Name extends string = string> =
  { values: Values; errors: null } | { values: null; errors: FormErrors<Name> };

/** The shape of a schema library's issue (zod's among them), so this module depends on none. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first message for each field. An issue about no field, or (when `fields` is given) about a field
 * the page does not show, belongs to the whole form.
 */
export function errorsFromIssues<Name extends string>(
  issues: readonly Issue[],
  fields?: readonly Name[],
): FormErrors<Name> {
  const errors: FormErrors<Name> = {};
  for (const issue of issues) {
    const name = issue.path.length ? String(issue.path[0]) : FORM_ERROR;
    const key =
      (fields && !(fields as readonly string[]).includes(name)) || name === FORM_ERROR ? FORM_ERROR : (name as Name);
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Plain checks: a message (or nothing) per field; only the failures are kept, and none means null. */
export function collectErrors<Name extends string>(
  checks: Partial<Record<Name | typeof FORM_ERROR, string | false | null | undefined>>,
) {
  const errors: FormErrors<Name> = {};
  for (const [name, message] of Object.entries(checks) as Array<
    [Name | typeof FORM_ERROR, string | false | null | undefined]
  >) {
    if (message) errors[name] = message;
  }
  return Object.keys(errors).length ? errors : null;
}

/** Checks input against a schema; zod comes from the caller, so this module does not load it. */
export function checkWith<Schema extends ZodType, Name extends string = string>(
  schema: Schema,
  input: unknown,
  fields?: readonly Name[],
): Checked<output<Schema>, Name> {
  const result = schema.safeParse(input);
  if (result.success) return { values: result.data, errors: null };
  return { values: null, errors: errorsFromIssues(result.error.issues, fields) };
}

/** The named text fields of a submission, each a string ("" when missing or a file). */
export function readFields<Name extends string>(form: FormData, names: readonly Name[]) {
  const values = {} as Record<Name, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The first field, in the page's order, that has a message: where focus goes after a refused submit. */
export function firstInvalid<Name extends string>(names: readonly Name[], errors: FormErrors<Name> | null | undefined) {
  return names.find((name) => errors?.[name]) ?? null;
}

/**
 * The most of one field a refusal gives back: as much as the largest body a form's route reads (256 KB,
 * app/server/body-limits.server.ts) can hold, so a reader without scripts, whose form is drawn again
 * from the refusal, gets back all they sent. What no route reads is refused before it is read (413).
 */
export const MAX_ECHOED_LENGTH = 256 * 1024;

/**
 * The errors shown once the reader has changed field `name`: its own message as the form's check now
 * finds it (gone once it is right), the others' as they were, so fixing one field clears its error at
 * once and an untouched field is not told off before the form is sent.
 */
export function errorsAfterEdit<Name extends string>(
  shown: FormErrors<Name>,
  name: string,
  found: FormErrors<Name> | null,
): FormErrors<Name> {
  if (!(name in shown) || !shown[name as Name]) return shown;
  const { [name as Name]: _fixed, ...others } = shown;
  const now = found?.[name as Name];
  return (now ? { ...others, [name]: now } : others) as FormErrors<Name>;
}

/** Refuses input: the messages and the input go back to the page (400 unless a status says more). */
export function refuse<Name extends string>(
  errors: FormErrors<Name>,
  values: Partial<Record<Name, string>>,
  status = 400,
) {
  const echoed: Partial<Record<Name, string>> = {};
  for (const [name, value] of Object.entries(values) as Array<[Name, string | undefined]>) {
    if (value !== undefined) echoed[name] = cutText(value, MAX_ECHOED_LENGTH);
  }
  return data<Refusal<Name>>({ ...errorBody(summaryOf(errors), errors), values: echoed }, { status });
}

/**
 * Why a reader's form was not stored though their session was open when it arrived: it closed as the
 * form went in (the account deleted, or signed out everywhere).
 */
export const SIGNED_OUT_MESSAGE =
  "You are no longer signed in, so this was not sent. Your text is kept here: sign in again, then send it.";

/**
 * The honeypot every form of readers' text carries: a field hidden from people and screen readers that
 * only bots fill in (`Honeypot`, app/components/ui/field.tsx). A filled one is answered as if the form
 * had been sent, and nothing is stored.
 */
export const HONEYPOT_FIELD = "website";
