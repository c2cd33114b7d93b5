/**
 * What readers see when a dependency fails, through the whole site in workerd: KV throwing, D1
 * failing, the token keys unreachable, the analytics host down. Each binding is the real one with
 * the failing part replaced (tests/support/workers-context.ts `failing`, `brokenDatabase` below).
 */
import { createCookie } from "react-router";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearRedirectMemo } from "~/server/redirects.server";
import { SESSION_COOKIE } from "../../scripts/lib/local-auth";
import { signIn } from "../support/readers";
import { fetchDeployed, siteOrigin } from "../support/site";
import { failing } from "../support/workers-context";

/** A D1 binding whose every query fails the way D1 does when it is unreachable. */
function brokenDatabase(): D1Database {
  const failure = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  const statement: D1PreparedStatement = Object.create(env.DB.prepare("SELECT 1"), {
    bind: { value: () => statement },
    first: { value: failure },
    all: { value: failure },
    run: { value: failure },
    raw: { value: failure },
  });
  return Object.create(env.DB, {
    prepare: { value: () => statement },
    batch: { value: failure },
    exec: { value: failure },
  });
}

/** An RS256 token with a key id, so verifying it needs the signing keys. */
const keyedToken = "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJzdWIiOiJ4In0.c2ln";
const unreachableKeys = { FIREBASE_AUTH_EMULATOR_HOST: "", FIREBASE_JWKS_URL: "http://127.0.0.1:9/keys" };

// Many whole-site requests per test: allow for a busy 2-core machine (the run counts bound the work).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearRedirectMemo();
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

describe("faults: KV throwing", () => {
  it("renders pages, including one with a stored redirect, without redirecting", async () => {
    await env.REDIRECTS.put("/faults-old", JSON.stringify({ to: "/privacy_policy", status: 301 }));
    const REDIRECTS = failing(env.REDIRECTS, "get", new Error("KV is down"));
    for (const path of ["/", "/web_novel", "/_root.data"]) {
      const response = await fetchDeployed(path, { bindings: { REDIRECTS } });
      expect(response.status, path).toBe(200);
    }
    const redirected = await fetchDeployed("/faults-old", { bindings: { REDIRECTS } });
    expect(redirected.status).toBe(404);
    expect(redirected.headers.get("Location")).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Redirect lookup failed"), expect.any(Error));
  });
});

describe("faults: D1 failing", () => {
  it("answers a page with a clear 503, not a stack trace, and not cached", async () => {
    for (const path of ["/web_novel", "/characters", "/translation_meta/ln_mistls"]) {
      const response = await fetchDeployed(path, { bindings: { DB: brokenDatabase() } });
      expect(response.status, path).toBe(503);
      const html = await response.text();
      expect(html).toContain("The story database is not answering right now");
      expect(html).not.toContain("D1_ERROR");
      expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    }
  });

  it("answers a resource route with a 503 in the site's words, not the framework's \"Unexpected Server Error\"", async () => {
    const reader = await signIn("faults-d1-resource");
    const save = { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } };
    const answers = [
      await fetchDeployed("/resources/timeline", { bindings: { DB: brokenDatabase() } }),
      await fetchDeployed("/resources/similar-mistakes?kind=ln&q=door", { bindings: { DB: brokenDatabase() } }),
      await fetchDeployed("/translation_meta/feed.xml", { bindings: { DB: brokenDatabase() } }),
      await reader.fetch("/resources/progress", { ...save, bindings: { DB: brokenDatabase() } }),
    ];
    for (const response of answers) {
      expect(response.status, response.url).toBe(503);
      expect(await response.json(), response.url).toEqual({
        error: { message: "The story database is not answering right now. Please try again in a moment." },
      });
      expect(response.headers.get("Cache-Control"), response.url).toBe("private, no-store");
    }
  });

  it("answers a report with 503 and stores nothing, the reader's text still in the answer", async () => {
    const reader = await signIn("faults-d1-reader");
    const body = new FormData();
    body.set("submissionId", crypto.randomUUID());
    body.set("title", "Kept through an outage");
    body.set("idea", "Idea text");
    body.set("problem", "Problem text");
    // The browser sends the form as a data request: the action answers the form itself, with the
    // outage's message and what the reader wrote, so the page keeps the form instead of an error page.
    const response = await reader.fetch("/feedback_hub/suggest_feature.data", {
      method: "POST",
      body,
      bindings: { DB: brokenDatabase() },
    });
    expect(response.status).toBe(503);
    const answer = await response.text();
    expect(answer).not.toContain("D1_ERROR");
    expect(answer).toContain("The story database is not answering right now");
    expect(answer).toContain("Kept through an outage");
    expect(answer).toContain("Problem text");
    const stored = await env.DB.prepare(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`)
      .bind(reader.uid)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});

describe("faults: token keys unreachable", () => {
  /**
   * A signed-in reader's session cookie whose token is signed (RS256, with a key id), so checking it
   * needs the keys: the session is opened through the emulator, then its token swapped.
   */
  async function keyedCookie() {
    const reader = await signIn(`faults-keys-${crypto.randomUUID()}`);
    const session = createCookie(SESSION_COOKIE);
    const pair = reader.cookie.split("; ").find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    const value: unknown = await session.parse(pair);
    const swapped = typeof value === "object" && value !== null ? { ...value, token: keyedToken } : keyedToken;
    return (await session.serialize(swapped)).split(";")[0]!;
  }

  it("renders public pages signed out", async () => {
    const cookie = await keyedCookie();
    for (const path of ["/", "/web_novel", "/reading_tracker"]) {
      const response = await fetchDeployed(path, { headers: { Cookie: cookie }, bindings: unreachableKeys });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain("Sign in");
      expect(html).not.toContain("Feedback hub and my reports");
    }
  });

  it("answers an action with a clear 503, the reader's text given back, and stores nothing", async () => {
    const cookie = await keyedCookie();
    const body = new FormData();
    body.set("submissionId", crypto.randomUUID());
    body.set("title", "Kept while keys are away");
    body.set("idea", "i");
    body.set("problem", "p");
    const response = await fetchDeployed("/feedback_hub/suggest_feature.data", {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: siteOrigin },
      bindings: unreachableKeys,
    });
    expect(response.status).toBe(503);
    const answer = await response.text();
    expect(answer).toContain("Sign-in cannot be checked right now");
    expect(answer).toContain("Kept while keys are away");
    const stored = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM reports WHERE title = 'Kept while keys are away'`,
    ).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("answers a progress save with 503, not a sign-in redirect", async () => {
    const cookie = await keyedCookie();
    const response = await fetchDeployed("/resources/progress", {
      method: "POST",
      body: "{}",
      headers: { Cookie: cookie, Origin: siteOrigin, "Content-Type": "application/json" },
      bindings: unreachableKeys,
    });
    expect(response.status).toBe(503);
  });
});

describe("faults: analytics host down or slow", () => {
  it("renders pages without ever waiting on the analytics host", async () => {
    const outbound = vi.spyOn(globalThis, "fetch");
    const analytics = { POSTHOG_KEY: "phc_test", POSTHOG_HOST: "http://127.0.0.1:9" };
    for (const path of ["/", "/privacy_policy", "/_root.data"]) {
      const response = await fetchDeployed(path, { bindings: analytics });
      expect(response.status, path).toBe(200);
    }
    // The browser sends analytics after hydration; the server never calls the host.
    expect(
      outbound.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes("127.0.0.1:9"),
      ),
    ).toEqual([]);
    outbound.mockRestore();
  });
});
