/**
 * The local Firebase project, in one place for the local stack, the scripts and every test: its id,
 * where its Auth emulators listen and the name of the session cookie. Pure constants, so tests inside
 * workerd can import it too; `local-auth.test.ts` checks that the config files agree with it.
 */
import { cookieNames } from "../../app/server/cookies.server";

/** wrangler.toml's FIREBASE_PROJECT_ID. A `demo-` id keeps the emulator offline, with no Google account. */
export const FIREBASE_PROJECT_ID = "demo-lanternfall";

export const AUTH_EMULATOR_HOSTNAME = "127.0.0.1";

/** `npm start`'s Auth emulator (firebase.json, .dev.vars.example). */
export const AUTH_EMULATOR_PORT = 9099;

/**
 * The end-to-end tests' own Auth emulator, so `npm test` runs beside a running `npm start`
 * (`E2E_AUTH_EMULATOR_PORT` moves it, with `E2E_PORT`, when two checkouts run their e2e tests at once).
 */
export const E2E_AUTH_EMULATOR_PORT = Number(globalThis.process?.env?.E2E_AUTH_EMULATOR_PORT || 9199);

/** The value of the FIREBASE_AUTH_EMULATOR_HOST binding for an emulator on this port. */
export function authEmulatorHost(port = AUTH_EMULATOR_PORT) {
  return `${AUTH_EMULATOR_HOSTNAME}:${port}`;
}

/** The session cookie's name outside production, where the local stack and the tests run. */
export const SESSION_COOKIE = cookieNames.session(false);
