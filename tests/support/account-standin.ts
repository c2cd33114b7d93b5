/**
 * Firebase's account lookup as the whole-site tests in workerd see it. The emulator is not running
 * during those tests (and a developer's `npm start` emulator must not answer for them), so the lookup
 * the server makes for protected requests is answered here: every account exists with the claims its
 * token carries, unless a test deletes or disables it, removes its claim, or makes the host unreachable.
 */
import { decodeJwt } from "jose";

interface AccountChange {
  gone?: "USER_NOT_FOUND" | "USER_DISABLED";
  admin?: boolean;
}

const changes = new Map<string, AccountChange>();
let unreachable = false;
let lookups = 0;

export const accounts = {
  delete: (uid: string) => changes.set(uid, { gone: "USER_NOT_FOUND" }),
  disable: (uid: string) => changes.set(uid, { gone: "USER_DISABLED" }),
  setAdmin: (uid: string, admin: boolean) => changes.set(uid, { admin }),
  /** The lookup host refuses connections until set back. */
  setUnreachable: (value: boolean) => void (unreachable = value),
  /** How many lookups the server has made so far. */
  lookups: () => lookups,
  reset() {
    changes.clear();
    unreachable = false;
  },
};

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function lookUp(idToken: unknown) {
  lookups++;
  if (unreachable) throw new TypeError("Network connection lost.");
  if (typeof idToken !== "string") return answer({ error: { message: "INVALID_ID_TOKEN" } }, 400);
  const claims = decodeJwt(idToken);
  const change = changes.get(claims.sub ?? "") ?? {};
  if (change.gone) return answer({ error: { message: change.gone } }, 400);
  const admin = change.admin ?? claims.admin === true;
  return answer({ users: [{ localId: claims.sub, customAttributes: JSON.stringify(admin ? { admin: true } : {}) }] });
}

/** Puts the stand-in in front of the isolate's fetch (a plain wrapper, so tests may still spy on fetch). */
export function installAccountStandIn() {
  const passThrough = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.endsWith("/accounts:lookup")) return passThrough(input, init);
    const body = (await request.json().catch(() => null)) as { idToken?: unknown } | null;
    return lookUp(body?.idToken);
  };
}
