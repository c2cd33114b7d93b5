import type { APIRequestContext, APIResponse } from "@playwright/test";
import { SESSION_COOKIE } from "../../scripts/lib/local-auth";
import { expect, test } from "../support/auth";

/**
 * The request's edges on the real stack (wrangler pages dev, the Pages Function, React Router):
 * headers and cookies on every kind of response, signed in and signed out; requests that should be
 * refused answer 4xx with a short message; redirects never leave the site.
 */

const kinds = {
  html: "/statistics/readership",
  data: "/statistics/readership.data",
  plainData: "/web_novel.data",
  json: "/resources/similar-mistakes?kind=ln&q=lantern",
  personalJson: "/resources/progress",
  feed: "/translation_meta/feed.xml",
  notFound: "/no-such-page",
} as const;

async function get(request: APIRequestContext, path: string) {
  return request.get(path, { maxRedirects: 0 });
}

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
  expect(headers["strict-transport-security"], response.url()).toContain("max-age=");
  expect(headers["x-frame-options"], response.url()).toBe("DENY");
  expect(headers["content-security-policy"], response.url()).toBeTruthy();
  expect(headers["cache-control"], response.url()).toBeTruthy();
}

test.describe("signed out", () => {
  test("every kind of response has the security headers, an explicit cache policy and no cookie", async ({
    request,
  }) => {
    for (const path of Object.values(kinds)) {
      const response = await get(request, path);
      expect(response.status(), path).toBeLessThan(500);
      expectSecurityHeaders(response);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
    }
    // What is the same for everyone may be shared, and says it varies by cookie.
    for (const path of [kinds.html, kinds.data, kinds.plainData, kinds.json, kinds.feed]) {
      const headers = (await get(request, path)).headers();
      expect(headers["cache-control"], path).toMatch(/^public/);
      expect(headers.vary, path).toMatch(/Cookie/);
    }
    // A reader's own progress, signed out: refused (401), and never stored anywhere.
    const personal = await get(request, kinds.personalJson);
    expect(personal.status()).toBe(401);
    expect(personal.headers()["cache-control"]).toMatch(/no-store/);
  });

  test("a redirect and a not-found have headers too; the redirect is not stored", async ({ request }) => {
    const redirect = await get(request, "/feedback_hub");
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe("/login?redirectTo=%2Ffeedback_hub");
    expect(redirect.headers()["cache-control"]).toBe("no-store");
    expectSecurityHeaders(redirect);

    const missing = await get(request, kinds.notFound);
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing);
  });
});

test.describe("static files", () => {
  const nonPagePolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

  test("static files come from the asset layer, and they and its own answers carry the headers every page has", async ({
    request,
  }) => {
    const home = await (await get(request, "/")).text();
    const hashed = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(hashed).toBeTruthy();
    const files: Array<[string, number]> = [
      ["/logo.svg", 200],
      ["/media/demo/portraits/sister-perrin.svg", 200],
      [hashed!, 200],
      ["/builds/latest.json", 200],
      ["/favicon.png", 200],
      ["/robots.txt", 200],
      ["/assets/no-such-file.js", 404],
    ];
    for (const [path, status] of files) {
      const response = await get(request, path);
      expect(response.status(), path).toBe(status);
      // Answered by the asset layer itself (public/_routes.json), never by the Function.
      expect(response.headers()["x-edge-cache"], path).toBeUndefined();
      expectSecurityHeaders(response);
      expect(response.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      // One policy, not two joined: an SVG opened on its own runs nothing.
      expect(response.headers()["content-security-policy"], path).toBe(nonPagePolicy);
    }
    expect((await get(request, hashed!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get(request, "/builds/latest.json")).headers()["cache-control"]).toBe("no-cache");
  });

  test("pages keep their own policy, not the static files' one beside it", async ({ request }) => {
    const headers = (await get(request, "/web_novel")).headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(headers["content-security-policy"]).not.toContain("sandbox");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("signed in", () => {
  test("nothing a signed-in reader is sent is shared-cacheable, and the reader's data rides only there", async ({
    reader,
  }) => {
    const request = reader.page.request;
    const cookies = await reader.page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    });

    for (const path of Object.values(kinds)) {
      const response = await get(request, path);
      expect(response.status(), path).toBeLessThan(500);
      expectSecurityHeaders(response);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    // The readership page asks shared caches to keep it for 10 minutes; not with the reader's email inside.
    const data = await get(request, kinds.data);
    expect(await data.text()).toContain(reader.email);
    const html = await get(request, "/feedback_hub");
    expect(html.status()).toBe(200);
    expect(html.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a signed-out visitor's copy of the same .data carries no reader", async ({ reader, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const response = await get(anonymous, kinds.data);
    expect(await response.text()).not.toContain(reader.email);
    expect(response.headers()["cache-control"]).toMatch(/^public/);
    await anonymous.dispose();
  });
});

test.describe("requests that should be refused answer 4xx with a short message, never 500", () => {
  const formPath = "/feedback_hub/suggest_feature";
  const feature = {
    title: "Dark timeline",
    idea: "Show dates",
    problem: "Hard to follow",
    submissionId: "00000000-0000-4000-8000-000000000000",
  };

  test("cross-site, Origin null, wrong bodies and wrong methods", async ({ reader, baseURL }) => {
    const request = reader.page.request;
    const site = { Origin: baseURL! };
    const cases: Array<[string, () => Promise<APIResponse>, number]> = [
      [
        "a cross-site post to a page action",
        () => request.post(formPath, { headers: { Origin: "https://evil.example" }, form: feature, maxRedirects: 0 }),
        403,
      ],
      [
        "a cross-site .data post",
        () =>
          request.post(`${formPath}.data`, {
            headers: { Origin: "https://evil.example" },
            form: feature,
            maxRedirects: 0,
          }),
        403,
      ],
      [
        "Origin: null",
        () => request.post(formPath, { headers: { Origin: "null" }, form: feature, maxRedirects: 0 }),
        403,
      ],
      [
        "a cross-site sign-out",
        () => request.post("/auth/logout", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 }),
        403,
      ],
      ["a JSON body", () => request.post(formPath, { headers: site, data: feature, maxRedirects: 0 }), 415],
      [
        "a text body",
        () =>
          request.post(formPath, {
            headers: { ...site, "Content-Type": "text/plain" },
            data: "title=x",
            maxRedirects: 0,
          }),
        415,
      ],
      [
        "a progress save sent as a form",
        () => request.post("/resources/progress", { headers: site, form: { progress: "{}" }, maxRedirects: 0 }),
        415,
      ],
      [
        "a progress save that is not a progress record",
        () => request.post("/resources/progress", { headers: site, data: { progress: {} }, maxRedirects: 0 }),
        400,
      ],
      [
        "a broken multipart body",
        () =>
          request.post(formPath, {
            headers: { ...site, "Content-Type": "multipart/form-data; boundary=zz" },
            data: '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
            maxRedirects: 0,
          }),
        400,
      ],
      ["PUT", () => request.put(formPath, { headers: site, form: feature, maxRedirects: 0 }), 405],
      ["PATCH", () => request.patch("/auth/session", { headers: site, form: { idToken: "x" }, maxRedirects: 0 }), 405],
      ["DELETE", () => request.delete("/web_novel", { headers: site, maxRedirects: 0 }), 405],
    ];
    for (const [what, send, status] of cases) {
      const response = await send();
      expect(response.status(), what).toBe(status);
      const body = (await response.json()) as { error?: { message?: string } };
      expect(body.error?.message, what).toMatch(/^.{10,160}$/);
      expectSecurityHeaders(response);
      expect(response.headers()["cache-control"], what).toBe("private, no-store");
    }
    // Still signed in, nothing stored from any of them.
    const hub = await request.get("/feedback_hub");
    expect(await hub.text()).not.toContain("Dark timeline");
  });
});

test.describe("forms sent where they do not belong", () => {
  test("a form sent to a page without one says so in the site's words", async ({ page, baseURL }) => {
    const response = await page.request.post("/web_novel", {
      headers: { Origin: baseURL! },
      form: { q: "1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("GET, HEAD");
    await page.setContent(await response.text());
    await expect(page.getByRole("heading", { name: "Method not allowed" })).toBeVisible();
    await expect(page.getByText("/web_novel takes no form: it answers GET and HEAD only.")).toBeVisible();
    await expect(page.getByText(/You made a POST request|did not provide an `action`/)).toHaveCount(0);
  });

  test("no answer to a stray form carries the framework's words: not the page's hydration data, its .data, nor a resource route", async ({
    page,
    baseURL,
  }) => {
    const internal = /did not provide an `action`|You made a POST|no way to handle|Unexpected Server Error|for route/;
    for (const path of [
      "/web_novel",
      "/web_novel.data",
      "/_root.data",
      "/resources/timeline",
      "/translation_meta/feed.xml",
    ]) {
      const response = await page.request.post(path, {
        headers: { Origin: baseURL! },
        form: { q: "1" },
        maxRedirects: 0,
      });
      const text = await response.text();
      expect(response.status(), path).toBe(405);
      expect(response.headers().allow, path).toBe("GET, HEAD");
      expect(text, path).toContain("takes no form: it answers GET and HEAD only.");
      expect(text, path).not.toMatch(internal);
      expectSecurityHeaders(response);
    }
    const resource = await page.request.post("/resources/timeline", {
      headers: { Origin: baseURL! },
      form: { q: "1" },
      maxRedirects: 0,
    });
    expect(await resource.json()).toEqual({
      error: { message: "This address takes no form: it answers GET and HEAD only." },
    });
  });

  test("a body larger than its form takes is refused with 413 before it is read; a form of honest size goes through", async ({
    reader,
    baseURL,
  }) => {
    const request = reader.page.request;
    const site = { Origin: baseURL! };
    const huge = await request.post("/feedback_hub/suggest_feature", {
      headers: site,
      form: { submissionId: crypto.randomUUID(), title: "Huge", idea: "x".repeat(400_000), problem: "y" },
      maxRedirects: 0,
    });
    expect(huge.status()).toBe(413);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toContain("at most 256 KB");
    expectSecurityHeaders(huge);
    const signOut = await request.post("/auth/logout", {
      headers: site,
      form: { redirectTo: "/web_novel" },
      maxRedirects: 0,
    });
    expect(signOut.status()).toBe(302);
    expect(signOut.headers().location).toBe("/web_novel");
  });
});

test("a signed-in reader sent to /login with a dot-segment redirectTo stays on the site", async ({
  reader,
  baseURL,
}) => {
  const page = reader.page;
  const away: string[] = [];
  await page.route(
    (url) => url.hostname === "evil.example",
    (route) => {
      away.push(route.request().url());
      return route.fulfill({ status: 200, body: "another site" });
    },
  );
  for (const target of ["/..//evil.example", "/%2e%2e//evil.example/", "/.//evil.example"]) {
    await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(`${baseURL}/`);
  }
  expect(away).toEqual([]);
});
