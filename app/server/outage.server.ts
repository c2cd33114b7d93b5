import { refuse } from "~/lib/forms/form";
import { thrownErrorPage } from "./refusal.server";

/**
 * Runs a form's action so that an outage of D1 or of the token keys answers the form itself, with its
 * message and the person's text given back (503), instead of the error page that would replace it.
 * Redirects (signed out) and every other error pass through.
 */
export async function keepingInputThroughOutage<Result>(
  values: Partial<Record<string, string>>,
  handle: () => Promise<Result>,
) {
  try {
    return await handle();
  } catch (error) {
    const page = thrownErrorPage(error);
    if (page?.status !== 503) throw error;
    return refuse({ form: page.message }, values, 503);
  }
}
