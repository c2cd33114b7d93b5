import { data, isRouteErrorResponse } from "react-router";
import { type FormErrors, readFields, type Refusal } from "~/lib/forms/form";
import { errorBody, summaryOf } from "~/lib/http/error-body";

/*
 * A form's answer when the site could not be reached, could not answer (a 5xx that is not the
 * form's own refusal) or would not read so large a body (a 413): the form's refusal in the action's own shape, with everything the reader typed,
 * so the page stays and the form shows what failed beside their text. Used by a route's clientAction
 * around its server action.
 */

/** What the form says, with its text kept (`typed`) or with nothing typed to keep (a confirmation). */
export const outageMessages = {
  offline: {
    typed: "You are offline, so nothing was sent. Your text is kept here: try again when you are back online.",
    none: "You are offline, so nothing was done. Try again when you are back online.",
  },
  // Online, but the request did not arrive (a dropped connection, a blocked request): it may well go the next time.
  unreachable: {
    typed: "The site could not be reached, so nothing was sent. Your text is kept here: try again in a moment.",
    none: "The site could not be reached, so nothing was done. Try again in a moment.",
  },
  // More than the route reads (characters that show nothing, which the count leaves out, still travel).
  tooLarge: {
    typed:
      "This is more than the site takes in one go, so nothing was sent. Your text is kept here: shorten it and try again.",
    none: "This is more than the site takes in one go, so nothing was done.",
  },
  failed: {
    typed: "The site could not take this just now. Your text is kept here: try again in a moment.",
    none: "The site could not take this just now, so nothing was done. Try again in a moment.",
  },
};

/**
 * `tooLong`, where a route gives it, checks the fields' lengths as the server would (lengthProblem,
 * app/lib/forms/text-length.ts) before anything is sent: a text past its field's limit is refused here,
 * beside its field, with the whole text kept and its true length told, and never travels (a long
 * enough paste would be refused unread by the route's body limit, its words lost).
 */
export async function keepingTheForm<Answer>(
  request: Request,
  serverAction: () => Promise<Answer>,
  fields: readonly string[],
  tooLong?: (values: Record<string, string>) => FormErrors | null,
  /** Whether the form holds words the reader typed, kept for them ("Your text is kept here"); a confirmation does not. */
  typed: (values: Record<string, string>) => boolean = () => fields.length > 0,
): Promise<Answer | ReturnType<typeof data<Refusal>>> {
  const values = readFields(await request.clone().formData(), fields);
  const refused = tooLong?.(values);
  if (refused) return data<Refusal>({ ...errorBody(summaryOf(refused), refused), values }, { status: 400 });
  try {
    return await serverAction();
  } catch (error) {
    const unreachable = error instanceof TypeError;
    const status = isRouteErrorResponse(error) ? error.status : null;
    if (!unreachable && status !== 413 && !(status !== null && status >= 500)) throw error;
    const why = unreachable
      ? navigator.onLine === false
        ? "offline"
        : "unreachable"
      : status === 413
        ? "tooLarge"
        : "failed";
    const message = outageMessages[why][typed(values) ? "typed" : "none"];
    // As a refusal with its status: the router then asks no loader again, a request that would fail too.
    return data<Refusal>(
      { ...errorBody(message, { form: message }), values },
      { status: unreachable ? 503 : status === 413 ? 413 : 502 },
    );
  }
}
