import { type Env } from "./env.server";
import { isEmulatorMode } from "./firebase-token.server";

/** What Firebase says of the account behind a token, now (not when the token was issued). */
export type AccountState = { kind: "active"; admin: boolean } | { kind: "gone" } | { kind: "unknown" };

const LOOKUP_TIMEOUT_MS = 3_000;

/** Identity Toolkit's lookup: the emulator's outside production, Google's with the web API key otherwise. */
function lookupUrl(env: Env) {
  if (isEmulatorMode(env)) {
    return `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${encodeURIComponent(env.FIREBASE_API_KEY ?? "emulator")}`;
  }
  if (!env.FIREBASE_API_KEY) return null;
  return `https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=${encodeURIComponent(env.FIREBASE_API_KEY)}`;
}

function adminClaim(customAttributes: unknown) {
  if (typeof customAttributes !== "string") return false;
  try {
    const claims: unknown = JSON.parse(customAttributes);
    return typeof claims === "object" && claims !== null && (claims as { admin?: unknown }).admin === true;
  } catch {
    return false;
  }
}

/**
 * Looks the account up with its own ID token (no admin credentials needed): deleted or disabled means
 * gone; otherwise whether its custom claims make it a moderator now. Anything else (no API key, the
 * host unreachable or slow, an answer we do not understand) is unknown, and the caller keeps what it knew.
 */
export async function lookUpAccount(idToken: string, env: Env): Promise<AccountState> {
  const url = lookupUrl(env);
  if (!url) return { kind: "unknown" };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ idToken }),
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as {
      users?: Array<{ disabled?: boolean; customAttributes?: string }>;
      error?: { message?: string };
    } | null;
    const problem = answer?.error?.message ?? "";
    if (/^(USER_NOT_FOUND|USER_DISABLED)\b/.test(problem)) return { kind: "gone" };
    const account = response.ok ? answer?.users?.[0] : undefined;
    if (!account) {
      console.error("Account lookup gave no answer", response.status, problem);
      return { kind: "unknown" };
    }
    return account.disabled ? { kind: "gone" } : { kind: "active", admin: adminClaim(account.customAttributes) };
  } catch (error) {
    console.error("Account lookup failed; keeping the session as it was", error);
    return { kind: "unknown" };
  }
}
