import { describe, expect, it } from "vitest";
import { applyDocumentHeaders, contentSecurityPolicy } from "./document-headers.server";
import { getPublicConfig, parseEnv } from "./env.server";

const config = (vars: Record<string, string> = {}) =>
  getPublicConfig(parseEnv({ ENVIRONMENT: "development", ...vars }));

describe("contentSecurityPolicy", () => {
  it("allows only this site, the nonce and Firebase Auth by default", () => {
    const csp = contentSecurityPolicy(config(), "abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    expect(csp).not.toContain("posthog");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds exactly the configured analytics host", () => {
    const csp = contentSecurityPolicy(config({ POSTHOG_KEY: "phc_x", POSTHOG_HOST: "https://eu.i.posthog.com" }), "n");
    expect(csp).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com https://eu.i.posthog.com https://eu-assets.i.posthog.com",
    );
  });

  it("allows the Auth emulator outside production only", () => {
    expect(contentSecurityPolicy(config({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }), "n")).toContain(
      "http://127.0.0.1:9099",
    );
    const production = getPublicConfig(
      parseEnv({
        ENVIRONMENT: "production",
        SESSION_SECRET: "s".repeat(32),
        SITE_URL: "https://companion.example",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      }),
    );
    expect(contentSecurityPolicy(production, "n")).not.toContain("9099");
  });
});

describe("applyDocumentHeaders", () => {
  const apply = (options: { personal?: boolean; status?: number; setCookie?: boolean }) => {
    const headers = new Headers(options.setCookie ? { "Set-Cookie": "toast=; Max-Age=0" } : {});
    applyDocumentHeaders(headers, {
      config: config(),
      nonce: "n",
      status: options.status ?? 200,
      personal: options.personal ?? false,
      development: false,
    });
    return headers;
  };

  it("sets the security headers", () => {
    const headers = apply({});
    expect(headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("lets shared caches keep public pages, never personal or failed ones", () => {
    expect(apply({}).get("Cache-Control")).toContain("s-maxage=");
    expect(apply({ personal: true }).get("Cache-Control")).toBe("private, no-store");
    expect(apply({ setCookie: true }).get("Cache-Control")).toBe("private, no-store");
    expect(apply({ status: 500 }).get("Cache-Control")).toBe("private, no-store");
  });
});

describe("parseEnv", () => {
  it("refuses production without a session secret, naming the setting", () => {
    expect(() => parseEnv({ ENVIRONMENT: "production" })).toThrow(/SESSION_SECRET must be set in production/);
  });
  it("reads an unset analytics configuration as off", () => {
    expect(config({ POSTHOG_KEY: "", POSTHOG_HOST: "" }).analytics).toBeNull();
  });
});
