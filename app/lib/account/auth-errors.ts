/** What a person reads when Firebase Auth says no, by error code. */
const messages: Record<string, string> = {
  "auth/wrong-password": "That password is not right. Try again, or choose “Reset password” above.",
  "auth/invalid-email": "That does not look like an email address.",
  "auth/user-not-found": "There is no account with that email address. You can create one.",
  "auth/email-already-in-use": "An account with that email address already exists. Sign in instead.",
  "auth/too-many-requests": "Too many attempts. Please wait a few minutes and try again.",
  "auth/expired-action-code": "This link has expired. Ask for a new one.",
  "auth/invalid-action-code": "This link is not valid any more. It may have been used already.",
  "auth/requires-recent-login": "For your security, please sign in again and then repeat this.",
  "auth/invalid-credential": "The email address or password is not right.",
  "auth/invalid-login-credentials": "The email address or password is not right.",
  "auth/user-disabled": "This account has been disabled. Contact the site's moderators if you think this is a mistake.",
  "auth/user-token-expired": "Your sign-in has expired. Please sign in again.",
  "auth/network-request-failed": "We could not reach the sign-in service. Check your connection and try again.",
  "auth/weak-password": "Choose a password of at least 6 characters.",
  "auth/missing-password": "Enter your password.",
  "auth/popup-closed-by-user": "The Google sign-in window was closed before signing in finished.",
  "auth/popup-blocked": "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
};

export const genericAuthError = "Something went wrong while signing in. Please try again.";

/**
 * What the site's server answered a sign-in that Firebase Auth accepted (`POST /auth/session`): the
 * session, or its refusal with the status and its message in the site's words (the one error body),
 * which the login page shows as it is.
 */
export type SessionAnswer = { accepted: true } | { accepted: false; status: number; message: string };

/** Firebase Auth's error code, if the error has one. */
function codeOf(error: unknown) {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

/** What a person reads when Firebase Auth refuses: its code in plain words. */
export function authErrorMessage(error: unknown) {
  return messages[codeOf(error)] ?? genericAuthError;
}

/** The field a message belongs next to. */
export function authErrorField(error: unknown): "email" | "password" | null {
  const code = codeOf(error);
  if (["auth/invalid-email", "auth/user-not-found", "auth/email-already-in-use"].includes(code)) return "email";
  if (["auth/wrong-password", "auth/weak-password", "auth/missing-password"].includes(code)) return "password";
  return null;
}
