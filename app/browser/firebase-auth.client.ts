import type * as FirebaseAuth from "firebase/auth";
import type { Auth, User } from "firebase/auth";
import type * as Analytics from "./analytics.client";
import type { SessionAnswer } from "~/lib/account/auth-errors";
import { readError } from "~/lib/http/error-body";
import { refreshDelay, retryDelay, signOutErrors } from "~/lib/runtime/session-refresh";
import { importWithRecovery } from "./lazy-import";
import { forgetDrafts } from "./report-draft";
import { closeSiteSession } from "./site-session";

/**
 * Analytics follows sign-in and sign-out, loaded only then so the login page does not carry it; if it
 * cannot load, signing in and out go on without it.
 */
const withAnalytics = (use: (analytics: typeof Analytics) => void) =>
  import("./analytics.client").then(use).catch(() => {});

export interface FirebaseWebConfig {
  projectId: string;
  apiKey: string | null;
  authDomain: string | null;
  emulatorHost: string | null;
}

type AuthModule = typeof FirebaseAuth;
let loaded: Promise<{ auth: Auth; sdk: AuthModule }> | null = null;

/**
 * The Firebase Auth SDK, loaded on first use only (the login page, or when a session exists), with
 * just the persistence it needs and, locally, the emulator.
 */
export function loadAuth(config: FirebaseWebConfig) {
  loaded ??= importWithRecovery(async () => {
    const [{ initializeApp }, sdk] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
    const app = initializeApp({
      // The emulator accepts any key; a real deployment sets FIREBASE_API_KEY.
      apiKey: config.apiKey ?? "emulator-api-key",
      authDomain: config.authDomain ?? undefined,
      projectId: config.projectId,
    });
    const auth = sdk.initializeAuth(app, { persistence: sdk.browserLocalPersistence });
    if (config.emulatorHost) sdk.connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
    return { auth, sdk };
  });
  return loaded;
}

/** Hands the server a fresh ID token; it verifies it and keeps it in an HttpOnly cookie, or says why not. */
export async function postSession(idToken: string): Promise<SessionAnswer> {
  const body = new FormData();
  body.set("idToken", idToken);
  const response = await fetch("/auth/session", { method: "POST", body, credentials: "same-origin" });
  if (response.ok) return { accepted: true };
  const { message } = await readError(response, "The server did not accept the sign-in.");
  return { accepted: false, status: response.status, message };
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshingUid: string | null = null;

/**
 * The SDK does not refresh tokens proactively in an Auth-only app, so the site does: 5 minutes before
 * expiry it gets a new token and posts it; a network failure is retried after 30 s, doubling up to
 * 16 minutes; a disabled account or a revoked session signs the reader out everywhere.
 */
export async function keepSessionFresh(user: User) {
  if (refreshingUid === user.uid) return;
  refreshingUid = user.uid;
  clearTimeout(refreshTimer);
  const schedule = (delay: number, attempt: number) => {
    refreshTimer = setTimeout(() => void refresh(attempt), delay);
  };
  const refresh = async (attempt: number) => {
    try {
      const token = await user.getIdToken(true);
      if (!(await postSession(token)).accepted) {
        schedule(retryDelay(attempt), attempt + 1);
        return;
      }
      const result = await user.getIdTokenResult();
      schedule(refreshDelay(Date.parse(result.expirationTime), Date.now()), 0);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (signOutErrors.has(code)) {
        await signOutEverywhere({ serverToo: true });
        window.location.assign("/login");
        return;
      }
      schedule(retryDelay(attempt), attempt + 1);
    }
  };
  const result = await user.getIdTokenResult();
  schedule(refreshDelay(Date.parse(result.expirationTime), Date.now()), 0);
}

/** After a successful sign-in on the login page: the server's session, or why it refused one. */
export async function establishSession(user: User): Promise<SessionAnswer> {
  // A fresh token, so a display name set just now is in it.
  const answer = await postSession(await user.getIdToken(true));
  if (!answer.accepted) return answer;
  void withAnalytics(({ identifyReader }) => identifyReader(user.uid));
  await keepSessionFresh(user);
  return answer;
}

/**
 * Ends the Firebase session in this browser, and with serverToo the cookie as well. Every unsent draft
 * goes with it, whatever ended the session: a draft is its writer's, not the next reader's.
 */
export async function signOutEverywhere({ serverToo }: { serverToo: boolean }) {
  forgetDrafts();
  clearTimeout(refreshTimer);
  refreshingUid = null;
  await withAnalytics(({ resetAnalytics }) => resetAnalytics());
  if (loaded) {
    const { auth, sdk } = await loaded;
    await sdk.signOut(auth).catch(() => {});
  }
  if (serverToo) await closeSiteSession();
}

/**
 * For pages of a signed-in reader: keeps the token fresh while Firebase still knows the reader, and
 * ends the server session when it no longer does (signed out in another tab, storage cleared).
 */
export async function watchSession(config: FirebaseWebConfig, serverUid: string, onSignedOut: () => void) {
  const { auth, sdk } = await loadAuth(config);
  return sdk.onAuthStateChanged(auth, (user) => {
    if (user && user.uid === serverUid) void keepSessionFresh(user);
    else if (!user) void signOutEverywhere({ serverToo: true }).then(onSignedOut);
  });
}

export type SignInDeletion = "deleted" | "signed-out" | "recent-login" | "failed";

/**
 * Deletes the reader's sign-in account at Firebase from this browser, then signs it out. Firebase
 * refuses when the reader signed in too long ago ("recent-login": they sign in again and repeat).
 */
export async function deleteSignInAccount(config: FirebaseWebConfig): Promise<SignInDeletion> {
  const { auth, sdk } = await loadAuth(config);
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return "signed-out";
  try {
    await sdk.deleteUser(user);
  } catch (error) {
    return (error as { code?: string }).code === "auth/requires-recent-login" ? "recent-login" : "failed";
  }
  await signOutEverywhere({ serverToo: false });
  return "deleted";
}
