/** DESIGN §2: refresh the ID token 5 minutes before it expires… */
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
/** …and after a network error retry in 30 s, doubling up to 16 minutes. */
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 16 * 60 * 1000;

export function refreshDelay(expiresAtMs: number, nowMs: number) {
  return Math.max(0, expiresAtMs - REFRESH_BEFORE_EXPIRY_MS - nowMs);
}

/** The wait before retry number `attempt` (0-based). */
export function retryDelay(attempt: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt), MAX_RETRY_MS);
}

/** Errors after which the reader is signed out everywhere instead of retried. */
export const signOutErrors = new Set(["auth/user-disabled", "auth/user-token-expired"]);
