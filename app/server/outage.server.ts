import { refuse } from "~/lib/forms/form";

/** The message of a 503 thrown by a dependency's guard (D1's `batch`, the token keys' check), else null. */
function outageMessage(error: unknown) {
  if (typeof error !== "object" || error === null || !("init" in error) || !("data" in error)) return null;
  const { init, data } = error as { init?: { status?: number } | null; data?: { message?: unknown } | null };
  return init?.status === 503 && typeof data?.message === "string" ? data.message : null;
}

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
    const message = outageMessage(error);
    if (message === null) throw error;
    return refuse({ form: message }, values, 503);
  }
}
