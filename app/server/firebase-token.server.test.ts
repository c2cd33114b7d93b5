import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { base64url, exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { InvalidTokenError, isEmulatorMode, KeysUnavailableError, verifyIdToken } from "./firebase-token.server";

const PROJECT = "demo-test";
const KID = "test-key-1";
const NOW = 1_700_000_000;

let server: Server;
let baseUrl: string;
let privateKey: CryptoKey;
let publicPem: string;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  publicPem = await exportSPKI(pair.publicKey);
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  server = createServer((request, response) => {
    if (request.url === "/broken") {
      response.writeHead(500).end("unavailable");
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

const env = (vars: Record<string, string> = {}) =>
  parseEnv({ ENVIRONMENT: "test", FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: `${baseUrl}/jwks`, ...vars });

const emulatorEnv = () => env({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" });

/** Valid Firebase ID token claims at NOW; `undefined` removes a claim. */
const claims = (overrides: Record<string, unknown> = {}, now = NOW): JWTPayload => {
  const all: Record<string, unknown> = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: "user-1",
    iat: now - 60,
    auth_time: now - 120,
    exp: now + 3600,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
};

const sign = (overrides: Record<string, unknown> = {}, header: Record<string, unknown> = { alg: "RS256", kid: KID }) =>
  new SignJWT(claims(overrides)).setProtectedHeader({ alg: "RS256", ...header }).sign(privateKey);

const encode = (value: unknown) => base64url.encode(JSON.stringify(value));

/** What the Auth emulator issues: no signature at all. */
const unsigned = (overrides: Record<string, unknown> = {}) =>
  `${encode({ alg: "none", typ: "JWT" })}.${encode(claims(overrides))}.`;

const verify = (token: string, vars: Record<string, string> = {}) => verifyIdToken(token, env(vars), { now: NOW });

/** Resolves to the rejection's reason, failing when the token is accepted or the error is another kind. */
async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("token was accepted"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return (error as InvalidTokenError).reason;
}

describe("verifyIdToken accepts", () => {
  it("a valid token, reporting the user's claims", async () => {
    const token = await sign({
      email: "reader@example.com",
      email_verified: true,
      name: "Ada Reader",
      picture: "https://example.com/ada.png",
      firebase: { sign_in_provider: "google.com", identities: {} },
    });
    expect(await verify(token)).toEqual({
      uid: "user-1",
      email: "reader@example.com",
      emailVerified: true,
      name: "Ada Reader",
      picture: "https://example.com/ada.png",
      provider: "google.com",
      admin: false,
      expiresAt: NOW + 3600,
    });
  });

  it("a token without optional claims, as nulls", async () => {
    const user = await verify(await sign());
    expect(user).toMatchObject({
      email: null,
      emailVerified: false,
      name: null,
      picture: null,
      provider: null,
      admin: false,
    });
  });

  it("admins by custom claim or by ADMIN_UIDS", async () => {
    expect((await verify(await sign({ admin: true }))).admin).toBe(true);
    expect((await verify(await sign({ admin: "true" }))).admin).toBe(false);
    expect(await verify(await sign(), { ADMIN_UIDS: "someone, user-1" })).toMatchObject({ uid: "user-1", admin: true });
  });

  it("iat and auth_time up to 5 seconds in the future (clock skew)", async () => {
    expect((await verify(await sign({ iat: NOW + 5, auth_time: NOW + 5 }))).uid).toBe("user-1");
  });

  it("a current token using the real clock when no time is given", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT(claims({}, now)).setProtectedHeader({ alg: "RS256", kid: KID }).sign(privateKey);
    expect((await verifyIdToken(token, env())).uid).toBe("user-1");
  });
});

describe("verifyIdToken rejects", () => {
  it("alg none outside emulator mode", async () => {
    expect(await reason(verify(unsigned()))).toBe("algorithm not allowed");
  });

  it("HS256 signed with the public key as the HMAC secret", async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS256", kid: KID })
      .sign(new TextEncoder().encode(publicPem));
    expect(await reason(verify(token))).toBe("algorithm not allowed");
  });

  it("an unknown kid", async () => {
    expect(await reason(verify(await sign({}, { kid: "other-key" })))).toBe("unknown key");
  });

  it("a missing kid", async () => {
    expect(await reason(verify(await sign({}, {})))).toBe("missing kid");
  });

  it("a wrong issuer", async () => {
    expect(await reason(verify(await sign({ iss: "https://securetoken.google.com/other-project" })))).toBe(
      "wrong issuer",
    );
  });

  it("a wrong audience", async () => {
    expect(await reason(verify(await sign({ aud: "other-project" })))).toBe("wrong audience");
  });

  it("an expired token", async () => {
    expect(await reason(verify(await sign({ exp: NOW })))).toBe("expired");
  });

  it("iat in the future", async () => {
    expect(await reason(verify(await sign({ iat: NOW + 6 })))).toBe("issued in the future");
  });

  it("auth_time in the future", async () => {
    expect(await reason(verify(await sign({ auth_time: NOW + 6 })))).toBe("authenticated in the future");
  });

  it("an empty sub", async () => {
    expect(await reason(verify(await sign({ sub: "" })))).toBe("missing sub");
  });

  it("a sub longer than 128 characters", async () => {
    expect((await verify(await sign({ sub: "u".repeat(128) }))).uid).toHaveLength(128);
    expect(await reason(verify(await sign({ sub: "u".repeat(129) })))).toBe("sub too long");
  });

  it("a tampered payload", async () => {
    const [header, , signature] = (await sign()).split(".");
    const tampered = `${header}.${encode(claims({ sub: "someone-else", admin: true }))}.${signature}`;
    expect(await reason(verify(tampered))).toBe("bad signature");
  });

  it.each(["", "abc", "a.b.c", "a.b", "a.b.c.d.e", `${base64url.encode("not json")}.${encode(claims())}.sig`])(
    "the malformed token %j",
    async (token) => {
      expect(await reason(verify(token))).toBe("malformed");
    },
  );

  it.each(["exp", "iat", "auth_time", "sub", "iss", "aud"])("a token without %s", async (claim) => {
    expect(await reason(verify(await sign({ [claim]: undefined })))).toBe(`missing ${claim}`);
  });
});

describe("emulator mode", () => {
  it("is on only with an emulator host outside production", () => {
    expect(isEmulatorMode(emulatorEnv())).toBe(true);
    expect(isEmulatorMode(env())).toBe(false);
    expect(
      isEmulatorMode(
        env({
          ENVIRONMENT: "production",
          SESSION_SECRET: "s".repeat(32),
          SITE_URL: "https://companion.example",
          FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        }),
      ),
    ).toBe(false);
  });

  it("accepts an unsigned emulator token with valid claims", async () => {
    const token = unsigned({ email: "e@example.com", firebase: { sign_in_provider: "password" } });
    expect(await verifyIdToken(token, emulatorEnv(), { now: NOW })).toMatchObject({
      uid: "user-1",
      email: "e@example.com",
      provider: "password",
    });
  });

  it("still checks the claims", async () => {
    expect(await reason(verifyIdToken(unsigned({ aud: "other-project" }), emulatorEnv(), { now: NOW }))).toBe(
      "wrong audience",
    );
    expect(await reason(verifyIdToken(unsigned({ exp: NOW - 1 }), emulatorEnv(), { now: NOW }))).toBe("expired");
  });

  it("rejects an unsigned token whose payload is not JSON", async () => {
    const token = `${encode({ alg: "none", typ: "JWT" })}.${base64url.encode("not json")}.`;
    expect(await reason(verifyIdToken(token, emulatorEnv(), { now: NOW }))).toBe("malformed");
  });

  it("accepts only alg none with an empty signature", async () => {
    expect(await reason(verifyIdToken(await sign(), emulatorEnv(), { now: NOW }))).toBe("not an emulator token");
    expect(await reason(verifyIdToken(`${unsigned()}sig`, emulatorEnv(), { now: NOW }))).toBe("not an emulator token");
  });

  it("is off in production, so the unsigned token is rejected", async () => {
    const production = env({
      ENVIRONMENT: "production",
      SESSION_SECRET: "s".repeat(32),
      SITE_URL: "https://companion.example",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    });
    expect(await reason(verifyIdToken(unsigned(), production, { now: NOW }))).toBe("algorithm not allowed");
  });
});

describe("keys unavailable", () => {
  it("when the key server answers 500", async () => {
    await expect(verify(await sign(), { FIREBASE_JWKS_URL: `${baseUrl}/broken` })).rejects.toBeInstanceOf(
      KeysUnavailableError,
    );
  });

  it("when nothing listens on the key URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(verify(await sign(), { FIREBASE_JWKS_URL: `http://127.0.0.1:${port}/jwks` })).rejects.toBeInstanceOf(
      KeysUnavailableError,
    );
  });
});
