import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type ProtectedHeaderParameters,
} from "jose";
import { type Env } from "./env.server";

/** The signed-in user, as far as a verified Firebase ID token tells us. */
export interface VerifiedUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** `firebase.sign_in_provider`, e.g. "password" or "google.com". */
  provider: string | null;
  /** The `admin` custom claim is `true`, or the uid is listed in ADMIN_UIDS. */
  admin: boolean;
  /** The token's `exp`, in seconds since the epoch. */
  expiresAt: number;
}

/** The token is not one we accept; the request is treated as signed out. */
export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
  constructor(
    /** A short, log-friendly reason such as "expired" or "wrong audience". */
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`Invalid Firebase ID token: ${reason}`, options);
  }
}

/** The signing keys could not be fetched, so no token can be checked right now. */
export class KeysUnavailableError extends Error {
  override name = "KeysUnavailableError";
  constructor(options?: ErrorOptions) {
    super("Firebase token signing keys are unavailable", options);
  }
}

/**
 * iat and auth_time may lie this many seconds in the future, because the clocks of
 * Google's token service and of the Worker can differ slightly. exp gets no tolerance.
 */
const CLOCK_SKEW_SECONDS = 5;
const MAX_UID_LENGTH = 128;

/** The unsigned tokens of the Auth emulator are trusted only outside production. */
export function isEmulatorMode(env: Env): boolean {
  return Boolean(env.FIREBASE_AUTH_EMULATOR_HOST) && env.ENVIRONMENT !== "production";
}

/** Verifies a Firebase Auth ID token; throws InvalidTokenError or KeysUnavailableError. */
export async function verifyIdToken(token: string, env: Env, options: { now?: number } = {}): Promise<VerifiedUser> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const payload = isEmulatorMode(env) ? readEmulatorToken(token) : await verifySignedToken(token, env, now);
  return toVerifiedUser(checkClaims(payload, env, now), env);
}

/** The header of a compact JWS (exactly three segments); anything else is malformed. */
function readHeader(token: string): ProtectedHeaderParameters {
  if (typeof token !== "string" || token.split(".").length !== 3) throw new InvalidTokenError("malformed");
  try {
    return decodeProtectedHeader(token);
  } catch (cause) {
    throw new InvalidTokenError("malformed", { cause });
  }
}

function readPayload(token: string): JWTPayload {
  try {
    return decodeJwt(token);
  } catch (cause) {
    throw new InvalidTokenError("malformed", { cause });
  }
}

/** The emulator signs nothing: it sends `{"alg":"none"}` and an empty signature, and only that is accepted. */
function readEmulatorToken(token: string): JWTPayload {
  const header = readHeader(token);
  if (header.alg !== "none" || !token.endsWith(".")) throw new InvalidTokenError("not an emulator token");
  return readPayload(token);
}

/**
 * One remote key set per URL and isolate, so keys are fetched once rather than per request;
 * jose caches the set and refetches it when a token names a key it has not seen (rotation).
 */
const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(url: string): JWTVerifyGetKey {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url));
    keySets.set(url, keys);
  }
  return keys;
}

/** Resolves the token's key, telling "no such key" (the token's fault) from "no keys at all" (ours). */
function keyResolver(url: string): JWTVerifyGetKey {
  const keys = keySet(url);
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (cause) {
      if (cause instanceof errors.JWKSNoMatchingKey) throw new InvalidTokenError("unknown key", { cause });
      if (cause instanceof errors.JWKSMultipleMatchingKeys) throw new InvalidTokenError("ambiguous key", { cause });
      // Timeouts, network failures, non-200 answers and malformed key sets.
      throw new KeysUnavailableError({ cause });
    }
  };
}

async function verifySignedToken(token: string, env: Env, now: number): Promise<JWTPayload> {
  const header = readHeader(token);
  // Checked before any key is fetched: this rejects alg "none" and HS256 signed with the public key.
  if (header.alg !== "RS256") throw new InvalidTokenError("algorithm not allowed");
  // Without a kid, jose would pick any key of the right type; Firebase always names its key.
  if (typeof header.kid !== "string" || !header.kid) throw new InvalidTokenError("missing kid");
  try {
    const { payload } = await jwtVerify(token, keyResolver(env.FIREBASE_JWKS_URL), {
      algorithms: ["RS256"],
      currentDate: new Date(now * 1000),
    });
    return payload;
  } catch (error) {
    throw toTokenError(error);
  }
}

function toTokenError(error: unknown): Error {
  if (error instanceof InvalidTokenError || error instanceof KeysUnavailableError) return error;
  if (error instanceof errors.JWTExpired) return new InvalidTokenError("expired", { cause: error });
  if (error instanceof errors.JWTClaimValidationFailed)
    return new InvalidTokenError(`invalid ${error.claim}`, { cause: error });
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new InvalidTokenError("bad signature", { cause: error });
  if (error instanceof errors.JOSEError) return new InvalidTokenError("malformed", { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

interface FirebaseClaims extends JWTPayload {
  sub: string;
  exp: number;
}

/** The checks Firebase documents for ID tokens, applied the same way to signed and emulator tokens. */
function checkClaims(payload: JWTPayload, env: Env, now: number): FirebaseClaims {
  const { iss, aud, exp, iat, sub, auth_time: authTime } = payload;
  if (iss === undefined) throw new InvalidTokenError("missing iss");
  if (iss !== `https://securetoken.google.com/${env.FIREBASE_PROJECT_ID}`) throw new InvalidTokenError("wrong issuer");
  if (aud === undefined) throw new InvalidTokenError("missing aud");
  if (aud !== env.FIREBASE_PROJECT_ID) throw new InvalidTokenError("wrong audience");
  if (!isTime(exp)) throw new InvalidTokenError("missing exp");
  if (exp <= now) throw new InvalidTokenError("expired");
  if (!isTime(iat)) throw new InvalidTokenError("missing iat");
  if (iat > now + CLOCK_SKEW_SECONDS) throw new InvalidTokenError("issued in the future");
  if (!isTime(authTime)) throw new InvalidTokenError("missing auth_time");
  if (authTime > now + CLOCK_SKEW_SECONDS) throw new InvalidTokenError("authenticated in the future");
  if (typeof sub !== "string" || !sub) throw new InvalidTokenError("missing sub");
  if (sub.length > MAX_UID_LENGTH) throw new InvalidTokenError("sub too long");
  return { ...payload, sub, exp };
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function toVerifiedUser(claims: FirebaseClaims, env: Env): VerifiedUser {
  const firebase = claims.firebase as { sign_in_provider?: unknown } | undefined;
  return {
    uid: claims.sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
    picture: text(claims.picture),
    provider: text(firebase?.sign_in_provider),
    admin: claims.admin === true || env.ADMIN_UIDS.includes(claims.sub),
    expiresAt: claims.exp,
  };
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
