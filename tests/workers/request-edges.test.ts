import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  isDeeperThanEveryPage,
  MAX_PAGE_DEPTH,
  MAX_PATH_LENGTH,
  MAX_QUERY_LENGTH,
  pathDepth,
} from "~/lib/http/addresses";
import { loader as rootLoader } from "~/root";
import { loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/auth.logout";
import { action as formAction } from "~/routes/feedback-hub.form";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { type Bindings, parseEnv } from "~/server/env.server";
import { formBySlug, reportForms } from "~/lib/forms/report-forms";
import { bodyLimitFor } from "~/server/body-limits.server";
import { guardRequest } from "~/server/request-guard.server";
import { refuseForm } from "~/server/stray-forms.server";
import { secureResponse } from "~/server/response-headers.server";
import { getLoadContext } from "../../load-context";
import { serveSite } from "../../serve-site";
import { callAsReader as call, emulatorBindings as emulator, form, readerCookie as signIn } from "../support/readers";
import { cacheKeepingNothing, fetchDeployed, fetchSite, reactRouter } from "../support/site";
import { bindingsWith, respond, settle } from "../support/workers-context";

const site = "https://companion.test";
describe("redirects to a user-supplied path", () => {
  // Each normalises to //evil.example in a browser: another site.
  const escapes = ["/..//evil.example", "/%2e%2e//evil.example", "/.//evil.example/x"];

  it.each(escapes)("sign-in sends a signed-in reader with redirectTo=%s home, not away", async (target) => {
    const cookie = await signIn("edge-login");
    const result = await call(loginLoader, `/login?${new URLSearchParams({ redirectTo: target })}`, { cookie });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/");
  });

  it.each(escapes)("sign-out with redirectTo=%s lands on the site", async (target) => {
    const result = await call(logoutAction, "/auth/logout", { method: "POST", body: form({ redirectTo: target }) });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/");
  });

  it("still returns a reader to the page they came from", async () => {
    const cookie = await signIn("edge-login-back");
    const result = await call(loginLoader, "/login?redirectTo=%2Ffeedback_hub%2Freport_bug%3Fvolume%3Dln%3Amain-1", {
      cookie,
    });
    expect(result.headers.get("Location")).toBe("/feedback_hub/report_bug?volume=ln:main-1");
  });
});

describe("the request guard (before React Router)", () => {
  // A session cookie (checked later by the action): without one, a report form's body is never read.
  const post = (init: RequestInit & { headers?: Record<string, string> } = {}) =>
    new Request(`${site}/feedback_hub/suggest_feature`, {
      method: "POST",
      ...init,
      headers: { Origin: site, Cookie: "session=unchecked", ...init.headers },
    });

  async function refusal(request: Request) {
    const outcome = await guardRequest(request);
    if (!("refusal" in outcome)) return null;
    const response = outcome.refusal;
    return {
      status: response.status,
      message: ((await response.json()) as { error: { message: string } }).error.message,
      allow: response.headers.get("Allow"),
    };
  }

  /** The request the guard hands on; fails the test when it refused. */
  async function handedOn(request: Request) {
    const outcome = await guardRequest(request);
    if (!("request" in outcome)) throw new Error(`Refused with ${outcome.refusal.status}`);
    return outcome.request;
  }

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"])(
    "answers %s with 405 and the methods the address takes",
    async (method) => {
      expect(
        await refusal(new Request(`${site}/feedback_hub/report_bug`, { method, headers: { Origin: site } })),
      ).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
      for (const path of ["/web_novel", "/resources/timeline", "/translation_meta/feed.xml"]) {
        expect(await refusal(new Request(`${site}${path}`, { method, headers: { Origin: site } })), path).toMatchObject(
          {
            status: 405,
            allow: "GET, HEAD",
            message: `${method} is not used here. This address takes no form: it answers GET and HEAD only.`,
          },
        );
      }
    },
  );

  it.each(["https://evil.example", "null", "http://companion.test", "https://companion.test.evil.example"])(
    "answers a POST from Origin %s with 403",
    async (origin) => {
      expect(
        await refusal(post({ headers: { Origin: origin }, body: new URLSearchParams({ title: "x" }) })),
      ).toMatchObject({ status: 403, message: "This form can only be sent from this site." });
    },
  );

  it("answers a cross-site POST without Origin (Sec-Fetch-Site says so) with 403", async () => {
    const request = new Request(`${site}/auth/logout`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(await refusal(request)).toMatchObject({ status: 403 });
  });

  it("answers a POST without Origin or Sec-Fetch-Site whose Referer is another site with 403", async () => {
    for (const referer of ["https://evil.example/", "not an address"]) {
      const request = new Request(`${site}/auth/logout`, { method: "POST", headers: { Referer: referer } });
      expect(await refusal(request), referer).toMatchObject({ status: 403 });
    }
    // This site's own page as the Referer, or none at all (a privacy setting may leave it out), goes on.
    for (const headers of [{ Referer: `${site}/web_novel` }, {}] as Record<string, string>[]) {
      const outcome = await guardRequest(new Request(`${site}/auth/logout`, { method: "POST", headers }));
      expect("request" in outcome).toBe(true);
    }
  });

  it.each([
    ["application/json", '{"title":"x"}'],
    ["text/plain", "title=x"],
    ["application/xml", "<title>x</title>"],
  ])("answers a %s body with 415", async (type, body) => {
    expect(await refusal(post({ headers: { "Content-Type": type }, body }))).toMatchObject({ status: 415 });
  });

  it("answers a body without a Content-Type with 415", async () => {
    expect(await refusal(post({ body: new TextEncoder().encode("title=x") }))).toMatchObject({ status: 415 });
  });

  it.each([
    [
      "a multipart body cut short",
      "multipart/form-data; boundary=zz",
      '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
    ],
    ["a multipart type without a boundary", "multipart/form-data", "--zz\r\n"],
  ])("answers %s with 400", async (_, type, body) => {
    expect(await refusal(post({ headers: { "Content-Type": type }, body }))).toMatchObject({
      status: 400,
      message: "The form could not be read. Please send it again.",
    });
  });

  it("lets forms and reads through, and reads an empty POST as an empty form", async () => {
    expect((await (await handedOn(post({ body: new URLSearchParams({ title: "x" }) }))).formData()).get("title")).toBe(
      "x",
    );
    expect((await (await handedOn(post({ body: form({ title: "x" }) }))).formData()).get("title")).toBe("x");
    expect(await refusal(new Request(`${site}/web_novel`))).toBeNull();
    expect(await refusal(new Request(`${site}/web_novel`, { method: "HEAD" }))).toBeNull();
    expect([...(await (await handedOn(post())).formData()).keys()]).toEqual([]);
  });

  it("refuses an oversized Cookie header before any cookie is parsed", async () => {
    const request = new Request(`${site}/`, { headers: { Cookie: `session=${"a".repeat(9000)}` } });
    expect(await refusal(request)).toMatchObject({ status: 431 });
  });
});

describe("headers on every kind of response", () => {
  const signedOut = new Request(`${site}/statistics/readership.data`);
  const signedIn = new Request(`${site}/statistics/readership.data`, { headers: { Cookie: "session=abc" } });

  it("never lets a shared cache keep what a signed-in reader was sent, whatever the route asked", () => {
    const routeAsked = () =>
      new Response("[]", {
        headers: { "Cache-Control": "public, max-age=60, s-maxage=600", "Content-Type": "text/x-script" },
      });
    expect(secureResponse(signedIn, routeAsked()).headers.get("Cache-Control")).toBe("private, no-store");
    const open = secureResponse(signedOut, routeAsked()).headers;
    expect(open.get("Cache-Control")).toBe("public, max-age=60, s-maxage=600");
    expect(open.get("Vary")).toBe("Cookie");
  });

  it("keeps a response that sets a cookie, a failure, a redirect or a refusal out of shared caches", () => {
    expect(
      secureResponse(
        signedOut,
        new Response("{}", { headers: { "Set-Cookie": "toast=; Max-Age=0", "Cache-Control": "public, s-maxage=60" } }),
      ).headers.get("Cache-Control"),
    ).toBe("private, no-store");
    expect(secureResponse(signedOut, new Response("x", { status: 503 })).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
    expect(secureResponse(signedOut, Response.redirect(`${site}/login`, 302)).headers.get("Cache-Control")).toBe(
      "no-store",
    );
    expect(
      secureResponse(signedOut, Response.json({ message: "no" }, { status: 415 })).headers.get("Cache-Control"),
    ).toBe("no-store");
    expect(secureResponse(signedOut, new Response("[]")).headers.get("Cache-Control")).toContain("s-maxage=");
  });

  it("says on every answer whether its request came with a session, for the service worker to file its copy", () => {
    for (const response of [new Response("<p>"), new Response("[]"), Response.redirect(`${site}/`, 302)]) {
      expect(secureResponse(signedIn, response.clone()).headers.get("X-Signed-In")).toBe("yes");
      expect(secureResponse(signedOut, response).headers.get("X-Signed-In")).toBe("no");
    }
    // A toast's cookie alone is not a session.
    const toastOnly = new Request(`${site}/`, { headers: { Cookie: "toast=abc" } });
    expect(secureResponse(toastOnly, new Response("<p>")).headers.get("X-Signed-In")).toBe("no");
  });

  it("gives JSON, .data, the feed and redirects the security headers pages get", () => {
    for (const response of [
      Response.json({}),
      new Response("[]", { headers: { "Content-Type": "text/x-script" } }),
      Response.redirect(`${site}/`, 302),
    ]) {
      const headers = secureResponse(signedOut, response).headers;
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(headers.get("X-Frame-Options")).toBe("DENY");
      expect(headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    }
  });
});

describe("through the whole site (React Router's handler over the real routes)", () => {
  /** What the Pages Function does: the edges around React Router. */
  const serve = (request: Request) => fetchDeployed(request, { bindings: emulator });

  it("makes a signed-in reader's .data private even where the route asks shared caches to keep it", async () => {
    const cookie = await signIn("edge-data");
    const response = await fetchSite(
      new Request(`${site}/statistics/readership.data`, { headers: { Cookie: cookie } }),
      { bindings: emulator },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("edge-data");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const open = await fetchSite("/statistics/readership.data");
    expect(open.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=600");
  });

  it.each([
    ["a JSON body", { "Content-Type": "application/json" }, '{"title":"x"}', 415],
    ["a text body", { "Content-Type": "text/plain" }, "title=x", 415],
    [
      "a broken multipart body",
      { "Content-Type": "multipart/form-data; boundary=zz" },
      '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
      400,
    ],
    ["Origin: null", { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" }, "title=x", 403],
  ])("answers %s to a page action with a 4xx, not the framework's 400 or a 500", async (_, headers, body, status) => {
    const cookie = await signIn("edge-bodies");
    const request = () =>
      new Request(`${site}/feedback_hub/suggest_feature`, {
        method: "POST",
        headers: { Origin: site, Cookie: cookie, ...headers },
        body,
      });
    const response = await serve(request());
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^.{10,160}$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("sends a page asked for with a trailing slash or an empty segment to its one address, its query kept", async () => {
    for (const [path, location] of [
      ["/web_novel/", "/web_novel"],
      ["/web_novel//?arc=2", "/web_novel?arc=2"],
      ["//web_novel", "/web_novel"],
      ["//evil.example/", "/evil.example"],
      ["/characters//nix/", "/characters/nix"],
    ]) {
      const response = await serve(new Request(`${site}${path}`));
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location"), path).toBe(location);
    }
    expect((await serve(new Request(`${site}/`))).status).toBe(200);
    // The API answers by its own edges, with CORS, as another site's page asks it.
    const api = await serve(new Request(`${site}/api/v1/units/`, { headers: { Origin: "https://fan.example" } }));
    expect(api.status).not.toBe(301);
    expect(api.headers.get("Access-Control-Allow-Origin")).toBe("*");
    // A form sent there is served where it went: a redirect would lose its body.
    const refused = await serve(
      new Request(`${site}/feedback_hub/suggest_feature/`, { method: "POST", headers: { Origin: site }, body: "" }),
    );
    expect(refused.status).not.toBe(301);
  });

  it("signs out with an empty POST (no Content-Type), as the browser's fetch sends it", async () => {
    const cookie = await signIn("edge-sign-out");
    const response = await serve(
      new Request(`${site}/auth/logout`, { method: "POST", headers: { Origin: site, Cookie: cookie } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });
});

describe("small edges", () => {
  it("builds the feed's links from the configured site origin, never the Host header", async () => {
    const response = await settle(feedLoader, "/translation_meta/feed.xml", {
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
    });
    if (!(response instanceof Response)) throw new Error("The feed answers a Response");
    const xml = await response.text();
    expect(env.SITE_URL).toMatch(/^https:\/\//);
    expect(xml).toContain(`<id>${env.SITE_URL}/translation_meta/feed.xml</id>`);
    expect(xml).not.toContain("companion.test");
    expect(xml).not.toContain("evil.example");
  });

  it("builds the feed's links from the request's origin where no site origin is set (a local run)", async () => {
    const response = await settle(feedLoader, "/translation_meta/feed.xml", { bindings: { SITE_URL: "" } });
    if (!(response instanceof Response)) throw new Error("The feed answers a Response");
    const xml = await response.text();
    expect(xml).toContain("<id>https://companion.test/translation_meta/feed.xml</id>");
    expect(xml).not.toContain(env.SITE_URL);
  });

  it("accepts signing keys only over https (plain http only from this machine)", () => {
    const keys =
      (url: string, environment = "test") =>
      () =>
        parseEnv({
          ENVIRONMENT: environment,
          SESSION_SECRET: "s",
          SITE_URL: "https://x.example",
          FIREBASE_JWKS_URL: url,
        });
    expect(keys("http://keys.example/jwks")).toThrow(/FIREBASE_JWKS_URL must be an https:\/\/ URL/);
    expect(keys("http://keys.example/jwks", "production")).toThrow(/FIREBASE_JWKS_URL must be an https:\/\/ URL/);
    expect(keys("http://127.0.0.1:9/jwks")).not.toThrow();
    expect(keys("https://keys.example/jwks", "production")).not.toThrow();
    expect(() => parseEnv({ ENVIRONMENT: "production", SESSION_SECRET: "s", SITE_URL: "http://x.example" })).toThrow(
      /SITE_URL must be an https:\/\/ origin/,
    );
  });

  it("checks the configuration once per set of bindings, and refuses bad bindings on every request", () => {
    const contextFor = (bindings: Bindings) =>
      getLoadContext({ request: new Request("https://x.example/"), context: { cloudflare: { env: bindings } } });
    const bindings = { ...env } as Bindings;
    const first = contextFor(bindings);
    expect(contextFor(bindings).env).toBe(first.env);
    // Shared by every request of the isolate, so none can change it for the next (a moderator list above all).
    expect(Object.isFrozen(first.env) && Object.isFrozen(first.env.ADMIN_UIDS)).toBe(true);
    expect(contextFor({ ...bindings, SITE_NAME: "Another Companion" }).env.SITE_NAME).toBe("Another Companion");
    const wrong = { ...bindings, ENVIRONMENT: "production", SESSION_SECRET: undefined } as unknown as Bindings;
    for (let request = 0; request < 2; request++)
      expect(() => contextFor(wrong)).toThrow(/SESSION_SECRET must be set in production/);
  });

  it("answers what fails before React Router (a refused configuration) with a plain 500 that still has the edges' headers", async () => {
    const wrong = { ENVIRONMENT: "production", SESSION_SECRET: undefined } as unknown as Partial<Bindings>;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const path of ["/web_novel", "/web_novel.data", "/api/v1/series", "/releases/feed.xml"]) {
        const response = await fetchDeployed(path, { bindings: wrong });
        expect(response.status, path).toBe(500);
        expect(response.headers.get("Cache-Control"), path).toMatch(/no-store/);
        expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
        expect(response.headers.get("Strict-Transport-Security"), path).toMatch(/max-age=/);
        const text = await response.text();
        expect(text, path).not.toMatch(/SESSION_SECRET|configuration|at \w+ \(/);
      }
      expect(logged).toHaveBeenCalledWith(
        "The site could not answer",
        "GET",
        "/web_novel",
        expect.objectContaining({ message: expect.stringMatching(/SESSION_SECRET/) }),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it("gives a refused text back whole up to what a form's body can hold, a megabyte cut there", async () => {
    const cookie = await signIn("edge-megabyte");
    const problem = "long ".repeat(200_000);
    const result = await call(formAction, "/feedback_hub/suggest_feature", {
      method: "POST",
      cookie,
      params: { form: "suggest_feature" },
      body: form({ submissionId: crypto.randomUUID(), title: "Pasted", idea: "An idea", problem }),
    });
    expect(result.status).toBe(400);
    expect(result.data?.error.fields).toHaveProperty("problem");
    expect(result.data?.values.title).toBe("Pasted");
    expect(result.data?.values.problem).toBe(problem.slice(0, 256 * 1024));
  });

  it("answers a filled honeypot exactly as a real send: same status, place and toast", async () => {
    const cookie = await signIn("edge-honeypot");
    const send = (extra: Record<string, string>) =>
      call(formAction, "/feedback_hub/suggest_feature", {
        method: "POST",
        cookie,
        params: { form: "suggest_feature" },
        body: form({
          submissionId: crypto.randomUUID(),
          title: "Dark timeline",
          idea: "Show dates on a timeline",
          problem: "Hard to follow",
          ...extra,
        }),
      });
    const toastAfter = async (result: Awaited<ReturnType<typeof send>>) => {
      const toastCookie = result.headers
        .getSetCookie()
        .find((value) => value.startsWith("toast="))!
        .split(";")[0]!;
      const page = await respond(rootLoader, "/feedback_hub", { headers: { Cookie: toastCookie } });
      const { title, description, variant } = page.data?.toast ?? {};
      return { title, description, variant };
    };
    const real = await send({});
    const bot = await send({ website: "https://spam.example" });
    expect([bot.status, bot.headers.get("Location")]).toEqual([real.status, real.headers.get("Location")]);
    expect(await toastAfter(bot)).toEqual(await toastAfter(real));
  });
});

describe("long and deep addresses", () => {
  /** The framework's inline route list, which it builds by matching every prefix of the path. */
  const routeDiscovery = "window.__reactRouterManifest";

  it("has room for every page in app/routes.ts, so only the not-found page is ever deeper", () => {
    const byId = new Map(env.TEST_ROUTES.map((route) => [route.id, route]));
    const addressOf = (id: string): string => {
      const route = byId.get(id);
      return route ? `${addressOf(route.parentId)}/${route.path ?? ""}` : "";
    };
    // Pages only: a resource route (a .ts module, such as the API's /api/v1/units/:key) renders no layout.
    const pages = env.TEST_ROUTES.filter((route) => route.path !== "*" && route.file.endsWith(".tsx")).map((route) =>
      addressOf(route.id),
    );
    expect(pages).toContain("/translation_meta/ln_mistls/:slug");
    expect(Math.max(...pages.map(pathDepth))).toBe(MAX_PAGE_DEPTH);
  });

  it("answers a path deeper than every page with the site's not-found page, built without matching each prefix", async () => {
    const path = "/a".repeat(1000);
    const response = await fetchDeployed(path);
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain(`Page not found: ${path}`);
    expect(html).toContain('href="/web_novel"');
    expect(html).not.toContain(routeDiscovery);
  });

  it("still hydrates a shallow not-found page and every page at the deepest depth", async () => {
    for (const path of ["/nope", "/translation_meta/ln_mistls/nope_v1", "/a/b/c"]) {
      const html = await (await fetchDeployed(path)).text();
      expect(html, path).toContain(routeDiscovery);
    }
    expect(await (await fetchDeployed(`/a${"/b".repeat(MAX_PAGE_DEPTH)}`)).text()).not.toContain(routeDiscovery);
  });

  it("answers a path longer than the limit with 414 before any route runs", async () => {
    let handled = false;
    const request = new Request(`${site}/${"a/".repeat(MAX_PATH_LENGTH)}`);
    const response = await serveSite(request, bindingsWith(), {
      buildId: "test",
      cache: cacheKeepingNothing,
      handle: (handed, context) => {
        handled = true;
        return reactRouter(handed, context);
      },
    });
    expect(response.status).toBe(414);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/too long/);
    expect(handled).toBe(false);
    expect((await fetchDeployed(`/${"%41".repeat(MAX_PATH_LENGTH / 3 + 1)}`)).status).toBe(414);
  });

  it("answers a query string longer than the limit with 414, so a page never echoes an unbounded query into its links", async () => {
    const unknown = (count: number) => Array.from({ length: count }, (_, index) => `probe${index}=1`).join("&");
    const longest = `/web_novel?${unknown(400)}`.slice(0, "/web_novel?".length + MAX_QUERY_LENGTH);
    const within = await fetchDeployed(longest);
    expect(within.status).toBe(200);
    const tooLong = await fetchDeployed(`/web_novel?${unknown(4000)}`);
    expect(tooLong.status).toBe(414);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toMatch(/query is too long/);
    expect((await fetchDeployed(`/search.data?q=ash&x=${"y".repeat(MAX_QUERY_LENGTH)}`)).status).toBe(414);
    // The page a reader's longest search makes stays far below it.
    expect(
      (await fetchDeployed(`/search?q=${encodeURIComponent("é".repeat(100))}&kind=character&page=1`)).status,
    ).toBeLessThan(500);
  });

  it("keeps the answer to any deep or long path a 4xx whose size grows no faster than the path", async () => {
    const segment = fc.constantFrom("a", "..", ".", "%2F", "%00", "é", "x-probe", "a.data", "__manifest", "");
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: MAX_PAGE_DEPTH + 1, maxLength: 1200 }),
        fc.boolean(),
        async (segments, data) => {
          const asked = `/${segments.join("/")}${data ? ".data" : ""}`;
          let response = await fetchDeployed(asked);
          expect(response.status, asked).toBeLessThan(500);
          // A path with an empty segment is sent to the one without it (never to "//host"), and that is judged.
          let path = asked;
          if (response.status === 301) {
            path = response.headers.get("Location")!;
            expect(path, asked).toMatch(/^\/(?!\/)/);
            response = await fetchDeployed(path);
          }
          const body = await response.text();
          expect(response.status, path).toBeLessThan(500);
          // `.` and `..` segments are resolved first, so a path may come out shallow: a page, or a 404 that hydrates.
          if (isDeeperThanEveryPage(new URL(`${site}${path}`).pathname)) {
            expect([404, 414], path).toContain(response.status);
            expect(body, path).not.toContain(routeDiscovery);
          }
          // The page shows the path a few times (title, heading, description), never once per prefix.
          expect(body.length, path).toBeLessThan(40_000 + 8 * path.length);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("POST bodies, capped by route before they are read", () => {
  const KB = 1024;
  const formType = { "Content-Type": "application/x-www-form-urlencoded" };

  /** A body of `size` bytes (a valid form: `aaa…`) sent in pieces, that counts how much of it was read. */
  function countedBody(size: number, piece = 64 * KB) {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= size) return controller.close();
          const chunk = new Uint8Array(Math.min(piece, size - pulled)).fill(0x61);
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, pulled: () => pulled };
  }

  const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request(`${site}${path}`, { method: "POST", body, headers: { Origin: site, ...formType, ...headers } });
  const serve = (request: Request) => fetchDeployed(request, { bindings: emulator });

  it("knows a limit for exactly the routes whose module has an action that takes a form", () => {
    const modules = import.meta.glob<Record<string, unknown>>(
      ["../../app/routes/*.{ts,tsx}", "!../../app/routes/*.test.{ts,tsx}"],
      { eager: true },
    );
    const byId = new Map(env.TEST_ROUTES.map((route) => [route.id, route]));
    const addressOf = (id: string): string => {
      const route = byId.get(id);
      return route ? `${addressOf(route.parentId)}/${route.path ?? ""}` : "";
    };
    // The not-found route's action answers 404 to any form, reading nothing.
    const actions = env.TEST_ROUTES.filter((route) => route.path !== "*").map((route) => {
      const { action } = modules[`../../app/${route.file}`]!;
      return {
        address:
          addressOf(route.id)
            .replace(/:[a-z]+/g, "example")
            .replace(/\/$/, "") || "/",
        hasAction: action !== undefined && action !== refuseForm,
      };
    });
    expect(actions.filter((route) => route.hasAction).length).toBeGreaterThanOrEqual(5);
    for (const { address, hasAction } of actions) expect(bodyLimitFor(address) !== null, address).toBe(hasAction);
  });

  it("refuses a body declared larger than its route takes with 413, without reading any of it", async () => {
    const cookie = await signIn("edge-declared");
    const body = countedBody(50_000_000);
    const response = await serve(
      post("/feedback_hub/suggest_feature", body.stream, { Cookie: cookie, "Content-Length": "50000000" }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /larger than the site takes here \(at most 256 KB\)/,
    );
    expect(body.pulled()).toBe(0);
  });

  it.each(["-1", "abc", "1e3", "0x10", "+5", "5.0", "", "5, 5", "5,7"])(
    "answers a Content-Length of %j (not one non-negative integer) with 400 in the site's words, reading nothing, whatever the method and route",
    async (length) => {
      const cookie = await signIn("edge-malformed-length");
      const cases = [
        ["POST", "/feedback_hub/suggest_feature"],
        ["POST", "/resources/progress"],
        ["POST", "/auth/logout"],
        ["POST", "/web_novel"],
        ["POST", "/resources/timeline"],
        ["GET", "/web_novel"],
        ["GET", "/resources/timeline"],
      ] as const;
      for (const [method, path] of cases) {
        const body = method === "POST" ? countedBody(5_000_000) : null;
        const request = new Request(`${site}${path}`, {
          method,
          body: body?.stream ?? null,
          headers: { Origin: site, Cookie: cookie, ...formType, "Content-Length": length },
        });
        expect(request.headers.get("Content-Length"), "sent as written").toBe(length);
        const response = await serve(request);
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
          "The request's Content-Length is not a number of bytes. Send it again without it, or with the body's length.",
        );
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        expect(body?.pulled() ?? 0, `${method} ${path}`).toBe(0);
      }
    },
  );

  it("takes a Content-Length with leading zeros, or zero, as the number it is", async () => {
    const cookie = await signIn("edge-zero-length");
    expect((await serve(post("/auth/logout", "", { Cookie: cookie, "Content-Length": "0" }))).status).toBe(200);
    expect((await serve(post("/auth/logout", "a=1", { Cookie: cookie, "Content-Length": "003" }))).status).toBe(200);
    expect(
      (
        await serve(
          post("/auth/logout", countedBody(50_000).stream, { Cookie: cookie, "Content-Length": "0000050000" }),
        )
      ).status,
    ).toBe(413);
  });

  it("refuses a body sent without a length once it passes the limit, reading no further", async () => {
    const cookie = await signIn("edge-chunked");
    for (const [path, limit] of [
      ["/feedback_hub/suggest_feature", 256 * KB],
      ["/resources/progress", 256 * KB],
      ["/auth/session", 16 * KB],
      ["/auth/logout", 16 * KB],
    ] as const) {
      const body = countedBody(50_000_000);
      const request = post(path, body.stream, { Cookie: cookie });
      expect(request.headers.get("Content-Length"), "a stream is sent without a length").toBeNull();
      const response = await serve(request);
      expect(response.status, path).toBe(413);
      expect(body.pulled(), path).toBeLessThanOrEqual(limit + 64 * KB);
      // A form is told it is a form; the progress, sent as JSON, is not.
      expect((await response.json()) as unknown, path).toMatchObject({
        error: { message: path === "/resources/progress" ? /^What was sent is larger/ : /^This form is larger/ },
      });
    }
    // A length that understates the body is no way past the limit.
    const lying = countedBody(50_000_000);
    expect(
      (await serve(post("/feedback_hub/suggest_feature", lying.stream, { Cookie: cookie, "Content-Length": "10" })))
        .status,
    ).toBe(413);
    expect(lying.pulled()).toBeLessThanOrEqual(256 * KB + 64 * KB);
  });

  it("never reads a body sent to a page without a form, nor one sent signed out to a reader's form", async () => {
    const cookie = await signIn("edge-unread");
    const cases = [
      ["/web_novel", cookie, 405],
      ["/no-such-page", cookie, 404],
      ["/feedback_hub/suggest_feature", "", 302],
      ["/feedback_hub/triage", "", 302],
      ["/resources/progress", "", 401],
    ] as const;
    for (const [path, withCookie, status] of cases) {
      const body = countedBody(50_000_000);
      const response = await serve(post(path, body.stream, withCookie ? { Cookie: withCookie } : {}));
      expect(response.status, path).toBe(status);
      expect(body.pulled(), path).toBe(0);
    }
  });

  it("checks where a form comes from before reading its body", async () => {
    const cookie = await signIn("edge-cross-site");
    const body = countedBody(50_000_000);
    const response = await serve(
      post("/feedback_hub/suggest_feature", body.stream, { Cookie: cookie, Origin: "https://evil.example" }),
    );
    expect(response.status).toBe(403);
    expect(body.pulled()).toBe(0);
  });

  it("caps the route however its address is written (case, escapes, .data, a trailing slash)", async () => {
    const cookie = await signIn("edge-spellings");
    for (const path of [
      "/FEEDBACK_HUB/Suggest_Feature",
      "/feedback%5Fhub/suggest_feature",
      "/feedback_hub/suggest_feature.data",
      "/feedback_hub/suggest_feature/",
    ]) {
      const body = countedBody(5_000_000);
      const response = await serve(post(path, body.stream, { Cookie: cookie }));
      expect(response.status, path).toBe(413);
      expect(body.pulled(), path).toBeLessThanOrEqual(320 * KB);
    }
  });

  it("still takes a report at its largest: every field full of three-byte characters, percent-escaped", async () => {
    const cookie = await signIn("edge-largest-report");
    const full = (length: number) => "灯".repeat(length);
    const values = new URLSearchParams({
      submissionId: crypto.randomUUID(),
      happened: full(4000),
      expected: full(4000),
      page: full(300),
      steps: full(4000),
      browser: full(500),
    });
    const body = values.toString();
    expect(body.length).toBeGreaterThan(100 * KB);
    const response = await serve(post("/feedback_hub/report_bug", body, { Cookie: cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/feedback_hub?sent=bug");
  });

  it("reads every report form full to its limits, in three-byte characters, with room to spare", () => {
    const limit = bodyLimitFor("/feedback_hub/report_bug")!.bytes;
    for (const form of reportForms) {
      // Each character at most three UTF-8 bytes, each percent-escaped, with its field's name.
      const bytes = form.fields.reduce((sum, field) => sum + field.name.length + 2 + field.max * 9, 0);
      expect(bytes, form.slug).toBeLessThan(limit / 2);
    }
  });

  it("answers a report sent without the page's scripts, a field three times its limit, with its true length and no box that cuts a paste", async () => {
    const cookie = await signIn("edge-long-report");
    const form = formBySlug("report_ln_mistl")!;
    const suggested = "灯".repeat(6000);
    const body = new URLSearchParams({
      submissionId: crypto.randomUUID(),
      volume: "ln:main-1",
      chapter: "3",
      official: "The lantern went out.",
      suggested,
      why: "It is lit.",
    }).toString();
    const response = await serve(post(`/feedback_hub/${form.slug}`, body, { Cookie: cookie, Accept: "text/html" }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Keep it to 2,000 characters (this is 6,000).");
    expect(page).toContain(suggested);
    // No box takes less than a reader pastes: a page without scripts sends it all, and is told its length.
    expect(page).not.toMatch(/<textarea[^>]*maxLength=/i);
    expect(page.match(/<input[^>]*name="chapter"[^>]*>/i)?.[0]).not.toMatch(/maxLength=/i);
  });

  it("answers a comment sent without the page's scripts, far past its limit, with its true length; past the thread's body limit, a 413 that says so", async () => {
    const cookie = await signIn("edge-long-comment");
    const text = "灯".repeat(6000);
    const form = (text: string) =>
      new URLSearchParams({ intent: "post", submissionId: crypto.randomUUID(), text }).toString();
    const response = await serve(post("/discuss/wn:1-3", form(text), { Cookie: cookie, Accept: "text/html" }));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Keep it to 4,000 characters (this is 6,000).");
    expect(page).toContain(text);
    expect(page).not.toMatch(/<textarea[^>]*maxLength=/i);

    const huge = await serve(
      post("/discuss/wn:1-3", form("灯".repeat(20_000)), { Cookie: cookie, Accept: "text/html" }),
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      error: { message: "This form is larger than the site takes here (at most 64 KB). Shorten it and send it again." },
    });
  });

  it("answers any body size, sent with or without a length, by its route's limit: 413 over it, read no further than a piece past it", async () => {
    const cookie = await signIn("edge-sizes");
    const routes = [
      ["/auth/logout", 16 * KB],
      ["/resources/progress", 256 * KB],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.double({ min: 0.5, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 128 * KB }),
        fc.boolean(),
        async ([path, limit], share, piece, declared) => {
          const size = Math.round(limit * share);
          const body = countedBody(size, piece);
          const response = await serve(
            post(path, body.stream, { Cookie: cookie, ...(declared ? { "Content-Length": String(size) } : {}) }),
          );
          if (size > limit) {
            expect(response.status, `${size} bytes`).toBe(413);
            expect(body.pulled()).toBeLessThanOrEqual(declared ? 0 : limit + piece);
          } else {
            expect(response.status, `${size} bytes`).not.toBe(413);
            expect(response.status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("a form sent to a page without one", () => {
  const pages = [
    "/",
    "/web_novel",
    "/web_novel?arc=2",
    "/characters/ilse-marrow",
    "/translation_meta/ln_mistls/main_v1",
    "/statistics",
    "/feedback_hub",
    "/login",
  ];
  const framework = /did not provide an `action`|You made a POST|no way to handle/;
  /** What the reader sees: the page's title and its main content. */
  const shown = (html: string) =>
    `${html.match(/<title>.*?<\/title>/s)?.[0] ?? ""}${html.slice(html.indexOf("<main"), html.indexOf("</main>"))}`;

  it("answers 405 in the site's words with the methods the page takes, through the site's error page", async () => {
    for (const path of pages) {
      const response = await fetchDeployed(path, {
        method: "POST",
        headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
        body: "q=1",
      });
      const html = await response.text();
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
      expect(shown(html), path).toContain("Method not allowed");
      expect(shown(html), path).toContain("answers GET and HEAD only");
      expect(html, path).toContain('href="/web_novel"');
      expect(shown(html), path).not.toMatch(framework);
    }
  });

  it("does not log a reader's stray form as a server error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await fetchDeployed("/web_novel", { method: "POST", headers: { Origin: site } })).status).toBe(405);
      expect((await fetchDeployed("/web_novel.data", { method: "POST", headers: { Origin: site } })).status).toBe(405);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("says which methods a page takes to a client navigation's form too", async () => {
    const response = await fetchDeployed("/web_novel.data", { method: "POST", headers: { Origin: site } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("answers a form sent to a resource route without an action with 405, its methods and the site's words", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const path of [
        "/resources/timeline",
        "/resources/similar-mistakes?kind=ln&q=x",
        "/translation_meta/feed.xml",
        "/Resources/Timeline/",
      ]) {
        const response = await fetchDeployed(path, {
          method: "POST",
          headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
          body: "q=1",
        });
        expect(response.status, path).toBe(405);
        expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
        expect(response.headers.get("Cache-Control"), path).toMatch(/no-store/);
        expect(await response.json(), path).toEqual({
          error: { message: "This address takes no form: it answers GET and HEAD only." },
        });
      }
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("carries none of the framework's words anywhere in the answer: not in the page's hydration data, nor in .data", async () => {
    const internal = /did not provide an `action`|You made a POST|no way to handle|Unexpected Server Error|for route/;
    for (const path of [...pages, "/resources/timeline"]) {
      for (const address of [path, path.replace(/(\?|$)/, path === "/" ? "_root.data$1" : ".data$1")]) {
        const response = await fetchDeployed(address, { method: "POST", headers: { Origin: site } });
        const text = await response.text();
        expect(response.status, address).toBe(405);
        expect(response.headers.get("Allow"), address).toBe("GET, HEAD");
        expect(text, address).not.toMatch(internal);
        expect(text, address).toContain("takes no form: it answers GET and HEAD only.");
      }
    }
  });

  it("answers a form sent to an address no page has with the not-found page", async () => {
    const response = await fetchDeployed("/no-such-page", { method: "POST", headers: { Origin: site } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found: /no-such-page");
  });

  it("never shows the framework's words, whatever is sent to whichever page", async () => {
    const body = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 200 }).map((text) => new URLSearchParams({ text }).toString()),
      fc.constant('--zz\r\nContent-Disposition: form-data; name="q"\r\n\r\nx\r\n--zz--\r\n'),
      fc.string({ maxLength: 200 }),
    );
    const type = fc.constantFrom(
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=zz",
      "application/json",
      "text/plain",
      "",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages),
        body,
        type,
        fc.constantFrom("", "session=unchecked"),
        async (path, sent, contentType, cookie) => {
          const headers: Record<string, string> = {
            Origin: site,
            ...(contentType ? { "Content-Type": contentType } : {}),
            ...(cookie ? { Cookie: cookie } : {}),
          };
          const response = await fetchDeployed(path, { method: "POST", headers, body: sent });
          const text = await response.text();
          expect(response.status, path).toBe(405);
          expect(shown(text), path).toMatch(/Method not allowed/);
          expect(shown(text), path).not.toMatch(framework);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("what the framework answers by itself, in the site's words", () => {
  const framework =
    /Internal Server Error|Unexpected Server Error|Invalid Request|Unknown Server Error|did not provide|for route/;

  it("gives a 404 its own name in the page's hydration data and in .data, for an unknown address and a missing filter", async () => {
    for (const [path, method] of [
      ["/no-such-page", "GET"],
      ["/no-such-page.data", "GET"],
      ["/no-such-page.data", "POST"],
      ["/web_novel?arc=99", "GET"],
      ["/web_novel.data?arc=99", "GET"],
    ] as const) {
      const response = await fetchDeployed(path, { method, headers: { Origin: site } });
      const text = await response.text();
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(text, `${method} ${path}`).toContain("Not Found");
      expect(text, `${method} ${path}`).not.toMatch(framework);
    }
  });

  it("answers .data with any ?_routes= by the routes it names, never 500 nor the framework's words", async () => {
    const routes = [
      "garbage",
      "",
      ",,,",
      "root,root",
      "%00",
      "routes/not-found",
      "routes/home",
      "root,routes/web-novel,../x",
      "a".repeat(500),
    ];
    for (const [path, status] of [
      ["/web_novel.data", 200],
      ["/_root.data", 200],
      ["/no-such-page.data", 404],
    ] as const) {
      for (const value of routes) {
        const address = `${path}?_routes=${value}`;
        const response = await fetchDeployed(address);
        const text = await response.text();
        expect(response.status, address).toBeLessThan(500);
        if (value === "") expect(response.status, address).toBe(status);
        expect(text, address).not.toMatch(framework);
      }
    }
  });

  it("answers a route-manifest request that asks for no paths with 400 in the site's words; real ones as the framework does", async () => {
    for (const address of ["/__manifest", "/__manifest?version=test", "/__manifest?p=/web_novel&version=test"]) {
      const response = await fetchDeployed(address);
      expect(response.status, address).toBe(400);
      expect(await response.json(), address).toEqual({
        error: { message: "The route manifest lists the routes of the paths given in ?paths=; none were given." },
      });
    }
    const stale = await fetchDeployed("/__manifest?version=old&paths=/web_novel");
    expect(stale.status).toBe(204);
    expect(stale.headers.get("X-Remix-Reload-Document")).toBe("true");
    const current = await fetchDeployed("/__manifest?version=test&paths=/web_novel,/no-such-page");
    expect(current.status).toBe(200);
    expect(Object.keys((await current.json()) as object).sort()).toEqual([
      "root",
      "routes/not-found",
      "routes/web-novel",
    ]);
  });
});
