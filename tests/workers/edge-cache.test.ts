import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import {
  CONTENT_VERSION_KEY,
  clearContentVersionMemo,
  EDGE_CACHE_HEADER,
  type EdgeCache,
} from "~/server/edge-cache.server";
import { serveSite } from "../../serve-site";
import { deploy, fetchSite, reactRouter, siteOrigin } from "../support/site";
import { bindingsWith, failing } from "../support/workers-context";

let builds = 0;

/**
 * A site as the Pages Function serves it (`serveSite`: the request's edges around the edge cache
 * around React Router, or around `produce` where a test makes the answer), with the real edge cache
 * and a build id of its own so tests never share cached copies.
 */
function deployment({
  buildId = `build-${++builds}`,
  kv = env.REDIRECTS,
  cache = caches.default,
}: { buildId?: string; kv?: KVNamespace; cache?: EdgeCache } = {}) {
  const produced: string[] = [];
  async function get(path: string, init: RequestInit = {}, produce?: () => Response | Promise<Response>) {
    const request = new Request(`${siteOrigin}${path}`, init);
    const response = await serveSite(request, bindingsWith({ REDIRECTS: kv }), {
      buildId,
      cache,
      handle: async (handed, context) => {
        produced.push(path);
        return produce ? produce() : reactRouter(handed, context);
      },
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body, mark: response.headers.get(EDGE_CACHE_HEADER) };
  }
  return { get, produced, buildId };
}

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const nonceAttributes = (html: string) => [...html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]);

afterEach(async () => {
  clearContentVersionMemo();
  await env.REDIRECTS.delete(CONTENT_VERSION_KEY);
});

describe("edge cache for signed-out readers", () => {
  it("answers a feed reader or calendar app that already has the feed with a 304, from the cache too", async () => {
    const site = deployment();
    for (const path of [
      "/releases/feed.xml",
      "/releases/anime/feed.xml",
      "/releases/calendar.ics",
      "/translation_meta/feed.xml",
    ]) {
      const first = await site.get(path);
      const etag = first.headers.get("ETag");
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await site.get(path, { headers: { "If-None-Match": etag! } });
      expect([again.status, again.mark, again.body, again.headers.get("ETag")], path).toEqual([304, "HIT", "", etag]);
      expect((await site.get(path, { headers: { "If-None-Match": '"something-else"' } })).status, path).toBe(200);
    }
  });

  it("serves every kind of public page from the cache on a repeat visit, search included", async () => {
    const site = deployment();
    for (const path of [
      "/search?q=ash",
      "/search?q=ash&kind=character",
      "/search.data?q=ash",
      "/characters",
      "/web_novel",
    ]) {
      const first = await site.get(path);
      expect(first.status, path).toBe(200);
      const second = await site.get(path);
      expect(second.mark, `${path}: ${second.headers.get("Cache-Control")}`).toBe("HIT");
    }
  });

  it("serves a public page from the cache the second time, without running the site", async () => {
    const site = deployment();
    const first = await site.get("/statistics");
    expect(first.status).toBe(200);
    expect(first.mark).toBe("MISS");
    const second = await site.get("/statistics");
    expect(second.mark).toBe("HIT");
    expect(site.produced).toEqual(["/statistics"]);
    expect(second.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(second.headers.get("Strict-Transport-Security")).toBeTruthy();
    const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
    expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
    expect(second.body).toContain("Words per arc");
  });

  it("gives every copy from the cache a nonce of its own, in the policy and on every element", async () => {
    // As in production, where entry.server sends a policy with the page's nonce (these tests run it in
    // development mode, which sends none).
    const withPolicy = async (request: Request) => {
      const page = await fetchSite(request);
      const html = await page.text();
      const response = new Response(html, page);
      response.headers.set("Content-Security-Policy", `script-src 'self' 'nonce-${nonceAttributes(html)[0]}'`);
      return response;
    };
    const site = deployment();
    const request = () => new Request(`${siteOrigin}/side_stories`);
    const miss = await site.get("/side_stories", {}, () => withPolicy(request()));
    const hits = [await site.get("/side_stories"), await site.get("/side_stories")];
    const nonces = [miss, ...hits].map((answer) => nonceOf(answer.headers.get("Content-Security-Policy")));
    expect(new Set(nonces).size).toBe(3);
    expect(new Set(nonceAttributes(miss.body))).toEqual(new Set([nonces[0]]));
    for (const [index, hit] of hits.entries()) {
      expect(hit.mark).toBe("HIT");
      const attributes = nonceAttributes(hit.body);
      expect(attributes.length).toBe(nonceAttributes(miss.body).length);
      expect(new Set(attributes)).toEqual(new Set([nonces[index + 1]]));
      expect(hit.body).not.toContain(nonces[0]);
    }
  });

  it("caches client navigations' .data answers too", async () => {
    const site = deployment();
    expect((await site.get("/web_novel.data")).mark).toBe("MISS");
    const hit = await site.get("/web_novel.data");
    expect(hit.mark).toBe("HIT");
    expect(hit.status).toBe(200);
    expect(site.produced).toHaveLength(1);
  });

  it("keeps the query string in the key", async () => {
    const site = deployment();
    await site.get("/web_novel?arc=1");
    expect((await site.get("/web_novel?arc=2")).mark).toBe("MISS");
    expect((await site.get("/web_novel?arc=1")).mark).toBe("HIT");
  });

  it("has stored a page by the time its first answer is read, so the very next visit is a hit", async () => {
    // As a reader's repeat (or the bench's probe) meets it: the next request comes as soon as the first answer is read.
    const serve = deploy({ buildId: `build-${++builds}`, cache: caches.default });
    const visit = async (path: string) => {
      const response = await serve(new Request(`${siteOrigin}${path}`));
      await response.text();
      return response.headers.get(EDGE_CACHE_HEADER);
    };
    for (const path of ["/search?q=ash", "/light_novels", "/statistics"]) {
      expect(await visit(path), path).toBe("MISS");
      expect(await visit(path), path).toBe("HIT");
    }
  });

  it("never looks up or stores for a request with a session or a queued toast", async () => {
    const site = deployment();
    for (const cookie of ["session=abc", "__Host-session=abc", "toast=xyz", "theme=dark; session=abc"]) {
      const answer = await site.get("/light_novels", { headers: { Cookie: cookie } });
      expect(answer.mark, cookie).toBe("BYPASS");
      expect(answer.headers.get("Cache-Control"), cookie).toBe("private, no-store");
    }
    // Nothing those requests got was stored for everyone.
    expect((await site.get("/light_novels")).mark).toBe("MISS");
    // And a reader with a session never gets the shared copy.
    expect((await site.get("/light_novels", { headers: { Cookie: "session=abc" } })).mark).toBe("BYPASS");
    expect(site.produced).toHaveLength(6);
  });

  it("never caches other methods than GET", async () => {
    const site = deployment();
    await site.get("/break_time");
    for (const method of ["HEAD", "POST", "DELETE"]) {
      const answer = await site.get("/break_time", { method, headers: { Origin: siteOrigin } });
      expect(answer.mark ?? "refused before the cache", method).not.toBe("HIT");
    }
    expect((await site.get("/break_time")).mark).toBe("HIT");
  });

  it("never stores an error page or a not-found, though they are public", async () => {
    const site = deployment();
    for (const path of ["/no-such-page", "/web_novel?arc=999"]) {
      const first = await site.get(path);
      expect(first.status, path).toBe(404);
      expect(first.headers.get("Cache-Control"), path).toMatch(/public/);
      expect((await site.get(path)).mark, path).toBe("MISS");
    }
    const broken = deployment();
    const failure = () => new Response("down", { status: 503, headers: { "Cache-Control": "public, s-maxage=60" } });
    await broken.get("/characters", {}, failure);
    expect((await broken.get("/characters", {}, failure)).mark).toBe("MISS");
  });

  it("never stores an answer that sets a cookie or is not public", async () => {
    const answers: Record<string, () => Response> = {
      "/sets-a-cookie": () =>
        new Response("x", { headers: { "Cache-Control": "public, s-maxage=60", "Set-Cookie": "a=b" } }),
      "/private": () => new Response("x", { headers: { "Cache-Control": "private, s-maxage=60" } }),
      "/no-store": () => new Response("x", { headers: { "Cache-Control": "public, no-store" } }),
      "/no-policy": () => new Response("x"),
    };
    const site = deployment();
    for (const [path, produce] of Object.entries(answers)) {
      await site.get(path, {}, produce);
      expect((await site.get(path, {}, produce)).mark, path).toBe("MISS");
    }
    expect(site.produced).toHaveLength(8);
  });

  it("starts afresh after a content import or a new deployment", async () => {
    const site = deployment();
    await site.get("/characters");
    expect((await site.get("/characters")).mark).toBe("HIT");

    await env.REDIRECTS.put(CONTENT_VERSION_KEY, "imported-later");
    clearContentVersionMemo(); // the isolate's memo lasts seconds; KV's own edge cache, up to 30 s
    expect((await site.get("/characters")).mark).toBe("MISS");
    expect((await site.get("/characters")).mark).toBe("HIT");

    const next = deployment();
    expect((await next.get("/characters")).mark).toBe("MISS");
  });

  it("serves the page made afresh when the cache can be neither read nor written", async () => {
    const broken: EdgeCache = {
      match: () => Promise.reject(new Error("cache is down")),
      put: () => Promise.reject(new Error("cache is down")),
    };
    const site = deployment({ cache: broken });
    for (let visit = 0; visit < 2; visit++) {
      const page = await site.get("/side_stories");
      expect([page.status, page.mark]).toEqual([200, "MISS"]);
      expect(page.body).toContain("<h1");
    }
    expect(site.produced).toEqual(["/side_stories", "/side_stories"]);
    // One that throws at once, rather than failing its promise, too.
    const throwing = deployment({
      cache: {
        match: () => {
          throw new Error("cache is down");
        },
        put: () => Promise.resolve(),
      },
    });
    expect((await throwing.get("/side_stories")).status).toBe(200);
  });

  it("serves without the cache when the content version cannot be read", async () => {
    const site = deployment({ kv: failing(env.REDIRECTS, "get", new Error("KV is down")) });
    const first = await site.get("/side_stories");
    expect(first.status).toBe(200);
    expect(first.mark).toBe("BYPASS");
    expect((await site.get("/side_stories")).mark).toBe("BYPASS");
  });
});

describe("the bench's timings", () => {
  it("say how long a stored miss waited for the cache when the request's D1 time is told, and a hit read nothing", async () => {
    const site = deployment();
    const timed = () =>
      new Response("<p>timed</p>", {
        headers: { "Cache-Control": "public, max-age=60", "Server-Timing": "d1;dur=2.00" },
      });
    const miss = await site.get("/statistics", {}, timed);
    expect(miss.mark).toBe("MISS");
    expect(miss.headers.get("Server-Timing")).toMatch(/^d1;dur=2\.00, cache;dur=\d+\.\d\d$/);
    const hit = await site.get("/statistics", {}, timed);
    expect([hit.mark, hit.headers.get("Server-Timing")]).toEqual(["HIT", "d1;dur=0"]);
    // Without D1's time (production, or counting off) a miss says nothing of the cache either.
    const quiet = await site.get(
      "/characters",
      {},
      () => new Response("<p>quiet</p>", { headers: { "Cache-Control": "public, max-age=60" } }),
    );
    expect([quiet.mark, quiet.headers.has("Server-Timing")]).toEqual(["MISS", false]);
  });
});
