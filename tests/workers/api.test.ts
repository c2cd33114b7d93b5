/**
 * The public API (/api/v1) through the whole site in workerd, over the demo pack: what a reader who
 * states nothing gets (no gated text in any endpoint's answer), what a stated knowledge reveals, and
 * the HTTP contract (ETag and 304, CORS, strict parameters, JSON errors, the per-client rate limit,
 * one D1 round trip, D1 failing). The answers' shapes are checked against the OpenAPI document in
 * tests/e2e/api.spec.ts, in Node, where the schema validator may compile code.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { API_LIMITS } from "~/lib/api/contract";
import { REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { countRoundTrips, roundTrips } from "~/server/d1-round-trips.server";
import { clearContentVersionMemo } from "~/server/edge-cache.server";
import { deploy, fetchDeployed, siteOrigin } from "../support/site";
import { importTestPack } from "../support/packs";
import { usesToday } from "../support/readers";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** A page of a list as the API answers it. */
interface ApiList {
  items: Array<Record<string, unknown>>;
  total: number;
}

interface GatedText {
  text: string;
  revealedBy: string;
  where: string;
}

let gatedTexts: GatedText[] = [];
let unmet: Array<{ slug: string; revealedBy: string }> = [];
let unitKeys: string[] = [];
let client = 0;

/** Each request from a client of its own, so the rate limit of one test never meets another's. */
function get(path: string, init: RequestInit = {}, db?: D1Database) {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", `198.51.100.${++client % 250}`);
  return fetchDeployed(path, { ...init, headers, ...(db ? { bindings: { DB: db } } : {}) });
}

async function json(path: string, init: RequestInit = {}) {
  const response = await get(path, init);
  return {
    response,
    body: (await response.json()) as Record<string, unknown> & {
      items?: Array<Record<string, unknown>>;
      page_count?: number;
    },
  };
}

/** Every page of a paged list, as text. */
async function allPages(path: string) {
  const bodies: string[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const response = await get(`${path}${separator}per_page=100&page=${page}`);
    expect(response.status, path).toBe(200);
    const text = await response.text();
    bodies.push(text);
    if (page >= (JSON.parse(text) as { page_count: number }).page_count) return bodies;
  }
}

/** Every page of the release radar (it pages what came out, 50 at a time), as text. */
async function releasePages(query = "") {
  const bodies: string[] = [];
  for (let page = 1; ; page++) {
    const response = await get(`/api/v1/releases?page=${page}${query}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    bodies.push(text);
    if (page >= (JSON.parse(text) as { recent: { page_count: number } }).recent.page_count) return bodies;
  }
}

beforeAll(async () => {
  await importTestPack("demo");

  const [titles, stories, shorts, characters, facts, relationships, lnMistakes, animeMistakes, units] =
    await env.DB.batch<Record<string, string | null>>([
      env.DB.prepare(
        `SELECT key, title, title_revealed_by AS revealed_by FROM chapters WHERE title_revealed_by IS NOT NULL`,
      ),
      env.DB.prepare(`SELECT key, title, summary, revealed_by FROM side_stories WHERE revealed_by IS NOT NULL`),
      env.DB.prepare(
        `SELECT key, title, title_revealed_by AS revealed_by FROM break_time_episodes WHERE title_revealed_by IS NOT NULL`,
      ),
      env.DB.prepare(`SELECT slug, revealed_by FROM characters WHERE revealed_by IS NOT NULL`),
      env.DB.prepare(`SELECT character_slug, value, revealed_by FROM character_facts WHERE revealed_by IS NOT NULL`),
      env.DB.prepare(
        `SELECT character_slug, description, revealed_by FROM character_relationships WHERE revealed_by IS NOT NULL AND description IS NOT NULL`,
      ),
      env.DB.prepare(`SELECT id, official, suggested, revealed_by FROM ln_mistakes`),
      env.DB.prepare(`SELECT id, official, suggested, revealed_by FROM anime_mistakes`),
      env.DB.prepare(`SELECT key FROM story_units ORDER BY position`),
    ]);
  const texts = (where: string, revealedBy: string | null | undefined, ...values: Array<string | null | undefined>) =>
    values
      .filter((value): value is string => typeof value === "string" && value.length > 0)
      .map((text) => ({ text, revealedBy: revealedBy ?? "", where }));
  gatedTexts = [
    ...titles!.results.flatMap((row) => texts(`title of ${row.key}`, row.revealed_by, row.title)),
    ...stories!.results.flatMap((row) => texts(`side story ${row.key}`, row.revealed_by, row.title, row.summary)),
    ...shorts!.results.flatMap((row) => texts(`title of ${row.key}`, row.revealed_by, row.title)),
    ...facts!.results.flatMap((row) => texts(`fact of ${row.character_slug}`, row.revealed_by, row.value)),
    ...relationships!.results.flatMap((row) =>
      texts(`relationship of ${row.character_slug}`, row.revealed_by, row.description),
    ),
    ...lnMistakes!.results.flatMap((row) => texts(`mistake ${row.id}`, row.revealed_by, row.official, row.suggested)),
    ...animeMistakes!.results.flatMap((row) =>
      texts(`mistake ${row.id}`, row.revealed_by, row.official, row.suggested),
    ),
  ];
  unmet = characters!.results.map((row) => ({ slug: row.slug!, revealedBy: row.revealed_by! }));
  unitKeys = units!.results.map((row) => row.key!);
});

describe("the API's anime", () => {
  type Season = { number: number; runtime: number | null; parts: Array<Record<string, unknown>> };
  const seasons = async (query = "") => (await json(`/api/v1/series${query}`)).body.anime_seasons as Season[];

  it("lists a season's parts with their episodes and dates, a part's title only for who may see it", async () => {
    const [first, second] = await seasons();
    expect(first).toMatchObject({ number: 1, runtime: 24, parts: [] });
    expect(second?.parts).toEqual([
      {
        number: 1,
        title: null,
        first_episode: 1,
        last_episode: 7,
        episodes: "Episodes 1–7",
        aired_from: "2022-10-01",
        aired_to: "2022-11-12",
      },
      // Its title waits as an episode's title waits: for part 2's first episode, or a requester who shows titles.
      {
        number: 2,
        title: null,
        first_episode: 8,
        last_episode: 13,
        episodes: "Episodes 8–13",
        aired_from: "2022-11-19",
        aired_to: "2022-12-24",
      },
    ]);
    expect((await seasons("?reveal=anime:2-7"))[1]?.parts[1]?.title).toBeNull();
    expect((await seasons("?reveal=anime:2-8"))[1]?.parts[1]?.title).toBe("The Second Term");
    expect((await seasons("?reveal=titles"))[1]?.parts[1]?.title).toBe("The Second Term");
  });

  it("gives an episode its part, runtime and local air time, dated by the broadcaster's clock", async () => {
    const episode = async (key: string) => (await json(`/api/v1/units/${key}`)).body;
    expect(await episode("anime:1-1")).toMatchObject({ runtime: 90, aired_time: "22:00", time_zone: "Asia/Tokyo" });
    // Listed as 24:30 on 9 May: the broadcaster's clock said 00:30 on the 10th.
    expect(await episode("anime:1-6")).toMatchObject({
      released_on: "2020-05-10",
      part: null,
      runtime: 24,
      aired_time: "00:30",
      time_zone: "Asia/Tokyo",
    });
    expect(await episode("anime:2-8")).toMatchObject({ part: 2, runtime: 24, aired_time: null, time_zone: null });
    expect(await episode("wn:1-1")).toMatchObject({ part: null, runtime: null, aired_time: null, time_zone: null });
  });
});

describe("the API for a reader who states nothing", () => {
  it("has gated texts to hide in the demo pack", () => {
    expect(gatedTexts.length).toBeGreaterThan(20);
    expect(unmet.length).toBeGreaterThan(0);
  });

  it("carries no gated text in any answer of any endpoint", async () => {
    const bodies = [
      await (await get("/api/v1/series")).text(),
      ...(await allPages("/api/v1/units")),
      ...(await allPages("/api/v1/characters")),
      ...(await allPages("/api/v1/translation-notes")),
      ...(await releasePages()),
    ];
    for (const key of unitKeys) bodies.push(await (await get(`/api/v1/units/${key}`)).text());
    const listed = JSON.parse(bodies.find((body) => body.includes('"slug"'))!) as { items: Array<{ slug: string }> };
    for (const { slug } of listed.items) bodies.push(await (await get(`/api/v1/characters/${slug}`)).text());
    const all = bodies.join("\n");
    const leaked = gatedTexts.filter(({ text }) => all.includes(JSON.stringify(text).slice(1, -1)));
    expect(leaked.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it("lists every unit, with a gated title as null, and no translation note", async () => {
    const { body: units } = await json("/api/v1/units?per_page=100");
    expect(units.total).toBe(unitKeys.length);
    const gatedTitle = gatedTexts.find((gated) => gated.where.startsWith("title of wn:"))!;
    const key = gatedTitle.where.slice("title of ".length);
    const { body: unit } = await json(`/api/v1/units/${key}`);
    expect(unit).toMatchObject({ key, title: null, original_title: null });
    expect(typeof unit.label).toBe("string");
    const { body: mistakes } = await json("/api/v1/translation-notes");
    expect(mistakes).toEqual({ items: [], page: 1, per_page: 50, total: 0, page_count: 1 });
  });

  it("leaves out characters the reader has not met, counted and paged among those met", async () => {
    const { body } = await json("/api/v1/characters?per_page=100");
    const slugs = body.items!.map((item) => item.slug);
    for (const { slug } of unmet) expect(slugs).not.toContain(slug);
    expect(body.total).toBe(slugs.length);
  });

  it("answers an unmet character exactly as a slug that names no one", async () => {
    const { slug } = unmet[0]!;
    const [hidden, missing] = [await get(`/api/v1/characters/${slug}`), await get("/api/v1/characters/no-such-person")];
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect((await hidden.text()).replace(slug, "SLUG")).toBe((await missing.text()).replace("no-such-person", "SLUG"));
    expect([...hidden.headers.keys()].sort()).toEqual([...missing.headers.keys()].sort());
  });
});

describe("the API for a reader who states what they have seen", () => {
  it("includes a gated unit title once the reveal covers it, and only then", async () => {
    const gatedTitle = gatedTexts.find((gated) => gated.where.startsWith("title of wn:"))!;
    const key = gatedTitle.where.slice("title of ".length);
    const revealer = gatedTitle.revealedBy.split(" ")[0]!;
    const { body } = await json(`/api/v1/units/${key}?${REVEAL_PARAMETER}=${revealer}`);
    expect(body.title).toBe(gatedTitle.text);
  });

  it("names a release whose title is gated once the reveal covers it, and lists the same releases either way", async () => {
    const gatedTitle = gatedTexts.find((gated) => gated.where.startsWith("title of wn:"))!;
    const key = gatedTitle.where.slice("title of ".length);
    const revealer = gatedTitle.revealedBy.split(" ")[0]!;
    const find = (bodies: string[]) =>
      bodies
        .flatMap(
          (body) =>
            (JSON.parse(body) as { recent: { items: Array<{ key: string; title: string | null }> } }).recent.items,
        )
        .filter((release) => release.key === key);
    const [sealed, revealed] = [
      find(await releasePages("&medium=web_novel")),
      find(await releasePages(`&medium=web_novel&${REVEAL_PARAMETER}=${revealer}`)),
    ];
    expect(sealed).toEqual([{ ...revealed[0], title: null }]);
    expect(revealed[0]!.title).toBe(gatedTitle.text);
  });

  it("names a release the reader has not reached by its key and label only, unless the reveal says titles", async () => {
    const titlesOf = (body: string) =>
      (JSON.parse(body) as { recent: { items: Array<{ title: string | null }> } }).recent.items.map(
        (release) => release.title,
      );
    const [sealed] = await releasePages("&medium=anime");
    expect(titlesOf(sealed!).every((title) => title === null)).toBe(true);
    const [choosing] = await releasePages(`&medium=anime&${REVEAL_PARAMETER}=titles`);
    expect(titlesOf(choosing!).every((title) => title !== null)).toBe(true);
  });

  it("lists a character once the reader has met them, and answers their profile", async () => {
    const { slug, revealedBy } = unmet[0]!;
    const reveal = revealedBy.split(" ")[0]!;
    const { body } = await json(`/api/v1/characters?per_page=100&${REVEAL_PARAMETER}=${reveal}`);
    expect(body.items!.map((item) => item.slug)).toContain(slug);
    const profile = await json(`/api/v1/characters/${slug}?${REVEAL_PARAMETER}=${reveal}`);
    expect(profile.response.status).toBe(200);
    expect(profile.body.slug).toBe(slug);
  });

  it("lists exactly the translation notes the reveal covers", async () => {
    const mistake = gatedTexts.find((gated) => gated.where.startsWith("mistake ") && gated.revealedBy)!;
    const reveal = mistake.revealedBy.split(" ")[0]!;
    const bodies = (await allPages(`/api/v1/translation-notes?${REVEAL_PARAMETER}=${reveal}`)).join("\n");
    expect(bodies).toContain(JSON.stringify(mistake.text).slice(1, -1));
    const everything = JSON.parse((await allPages(`/api/v1/translation-notes?${REVEAL_PARAMETER}=all`))[0]!) as {
      total: number;
    };
    const some = JSON.parse(bodies.split("\n")[0]!) as { total: number };
    expect(some.total).toBeGreaterThan(0);
    expect(everything.total).toBeGreaterThanOrEqual(some.total);
  });

  it("pages the translation notes among those the reveal covers, as one long list holds them", async () => {
    const mistake = gatedTexts.find((gated) => gated.where.startsWith("mistake ") && gated.revealedBy)!;
    for (const reveal of [mistake.revealedBy.split(" ")[0]!, "all", "anime:1-12"]) {
      const path = `/api/v1/translation-notes?${REVEAL_PARAMETER}=${reveal}`;
      const pages = (await allPages(path)).map((text) => JSON.parse(text) as ApiList);
      const items = pages.flatMap((page) => page.items);
      const ids = items.map((item) => item.id);
      expect(pages.map((page) => page.total)).toEqual(pages.map(() => ids.length));
      expect(ids.length, reveal).toBeGreaterThan(3);
      // Light novels first, then anime.
      const media = items.map((item) => item.medium);
      expect(media.indexOf("anime") === -1 || !media.slice(media.indexOf("anime")).includes("light_novels")).toBe(true);
      for (const perPage of [3, 40]) {
        const paged: unknown[] = [];
        if (ids.length / perPage > 20) continue;
        for (let page = 1; page <= Math.ceil(ids.length / perPage); page++) {
          const { body } = await json(`${path}&per_page=${perPage}&page=${page}`);
          expect([body.total, body.page_count]).toEqual([ids.length, Math.ceil(ids.length / perPage)]);
          paged.push(...body.items!.map((item) => item.id));
        }
        expect(paged, `${reveal}, ${perPage} a page`).toEqual(ids);
      }
      const { body: past } = await json(`${path}&per_page=4&page=${Math.ceil(ids.length / 4) + 1}`);
      expect([past.items, past.total]).toEqual([[], ids.length]);
    }
  });

  it("reads no translation note for a requester who knows none of them, and only a page for one who does", async () => {
    const nobody = countRoundTrips(env.DB);
    expect((await get("/api/v1/translation-notes", {}, nobody)).status).toBe(200);
    // The client's use of its limit, then the notes counted by what reveals them.
    expect(roundTrips(nobody)).toBe(2);
    const everything = countRoundTrips(env.DB);
    expect((await get(`/api/v1/translation-notes?${REVEAL_PARAMETER}=all&per_page=2`, {}, everything)).status).toBe(
      200,
    );
    expect(roundTrips(everything)).toBe(3);
  });

  it("refuses a reveal that is not one with a 400 naming it", async () => {
    const { response, body } = await json(`/api/v1/units?${REVEAL_PARAMETER}=chapter-12`);
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ status: 400, code: "invalid_parameter", parameter: REVEAL_PARAMETER });
    // Longer than the document's maxLength, though within the address limit: refused as the document says.
    const long = Array.from({ length: 150 }, (_, index) => `ss:story-${index}`).join(",");
    expect(long.length).toBeGreaterThan(1800);
    const tooLong = await json(`/api/v1/units?${REVEAL_PARAMETER}=${long}`);
    expect([tooLong.response.status, tooLong.body.error]).toMatchObject([400, { parameter: REVEAL_PARAMETER }]);
  });
});

describe("the API's HTTP contract", () => {
  it("tags answers and answers a matching If-None-Match with an empty 304", async () => {
    const first = await get("/api/v1/units?medium=anime");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("Cache-Control")).toContain("s-maxage=");
    const again = await get("/api/v1/units?medium=anime", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    const other = await get("/api/v1/units?medium=anime", { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("lets any origin read answers and errors, and answers preflights", async () => {
    for (const path of ["/api/v1/series", "/api/v1/units?pge=2", "/api/v1/nothing-here"]) {
      expect(
        (await get(path, { headers: { Origin: "https://fan.example" } })).headers.get("Access-Control-Allow-Origin"),
        path,
      ).toBe("*");
    }
    const preflight = await get("/api/v1/units", {
      method: "OPTIONS",
      headers: { Origin: "https://fan.example", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("GET");
  });

  it.each([
    ["/api/v1/units?pge=2", "unknown_parameter", "pge"],
    ["/api/v1/units?page=0", "invalid_parameter", "page"],
    ["/api/v1/units?per_page=101", "invalid_parameter", "per_page"],
    ["/api/v1/units?medium=games", "invalid_parameter", "medium"],
    ["/api/v1/units?page=1&page=2", "invalid_parameter", "page"],
    ["/api/v1/translation-notes?unit=wn:1-1", "invalid_parameter", "unit"],
    ["/api/v1/openapi.json?x=1", "unknown_parameter", "x"],
    // The framework reads these itself and would hand the endpoint the address without them.
    ["/api/v1/units?_routes=routes/home", "unknown_parameter", "_routes"],
    ["/api/v1/units?index", "unknown_parameter", "index"],
  ])("answers %s with a 400 naming the parameter", async (path, code, parameter) => {
    const { response, body } = await json(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(body).toEqual({
      error: { status: 400, code, parameter, message: expect.stringContaining(parameter) as string },
    });
  });

  it("answers unknown addresses under /api with the JSON 404, not the site's page", async () => {
    for (const path of ["/api/v1/nothing-here", "/api/v2/units", "/api/v1/units/not-a-key", "/api/v1/units/wn:999-1"]) {
      const { response, body } = await json(path);
      expect(response.status, path).toBe(404);
      expect(body.error, path).toMatchObject({ status: 404, code: "not_found" });
    }
  });

  it("is the API whatever the case of its address: /API/v1/… gets the same edges", async () => {
    const response = await get("/API/v1/series");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const refused = await get("/Api/v1/units", { method: "POST", headers: { Origin: siteOrigin } });
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
      405,
      "method_not_allowed",
    ]);
    expect((await get("/API/v1/series.data")).headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("refuses %s with a 405 and Allow", async (method) => {
    const response = await get("/api/v1/units", { method, headers: { Origin: siteOrigin } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  });

  it("answers the request guard's refusals in the same error body", async () => {
    const { response, body } = await json(`/api/v1/units?${REVEAL_PARAMETER}=${"wn:1-1,".repeat(400)}`);
    expect(response.status).toBe(414);
    expect(body.error).toMatchObject({ status: 414, code: "request_too_large" });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const response = await get("/api/v1/series", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBeTruthy();
    expect(await response.text()).toBe("");
  });

  it("takes the client's use of its limit in one D1 round trip, then reads in one", async () => {
    const db = countRoundTrips(env.DB);
    const response = await get("/api/v1/characters/ilse-marrow?reveal=all", {}, db);
    expect(response.status).toBe(200);
    expect(roundTrips(db)).toBe(2);
  });

  it("answers a D1 failure with the JSON 503", async () => {
    const failure = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
    const broken = Object.create(env.DB, { batch: { value: failure } }) as D1Database;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get("/api/v1/units", {}, broken);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unavailable");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the API when something fails on our side", () => {
  it("answers an unexpected error with the JSON 500, never the framework's text", async () => {
    const broken = Object.create(env.DB, {
      prepare: {
        value: () => {
          throw new Error("A bug in a statement");
        },
      },
    }) as D1Database;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get("/api/v1/characters", {}, broken);
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("internal_error");
    expect(body.error.message).not.toContain("A bug");
  });
});

describe("the API's per-client rate limit", () => {
  it("answers a client over its minute's limit with 429, Retry-After and the error body, and others as before", async () => {
    const address = "203.0.113.77";
    await overTheMinuteLimit(`ip:${address}`);
    const asked: string[] = [];
    const watched = Object.create(env.DB, {
      prepare: { value: (sql: string) => (asked.push(sql), env.DB.prepare(sql)) },
    }) as D1Database;
    const refused = await get("/api/v1/series", { headers: { "CF-Connecting-IP": address } }, watched);
    expect(refused.status).toBe(429);
    // The verdict comes first: a refused client's request reads nothing but its own limit.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((sql) => !/rate_limit_windows|^select changes\(\)/i.test(sql))).toEqual([]);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(31);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(refused.headers.get("RateLimit-Policy")).toBe(
      `"minute";q=${API_LIMITS.perMinute};w=60, "day";q=${API_LIMITS.perDay};w=86400`,
    );
    expect((await get("/api/v1/series", { headers: { "CF-Connecting-IP": "203.0.113.78" } })).status).toBe(200);
  });

  it("is on the privacy page: what it keeps about a client, and for how long", async () => {
    const page = await (await fetchDeployed("/privacy_policy")).text();
    expect(page).toContain("network address (an IPv6 address only by its /64 network)");
    expect(page).toMatch(/deleted after it ends/);
  });

  it("counts an IPv6 client by its /64 network", async () => {
    const count = () => usesToday("ip:2001:db8:aa:bb::/64", "api");
    const before = await count();
    await get("/api/v1/series", { headers: { "CF-Connecting-IP": "2001:db8:aa:bb::1" } });
    await get("/api/v1/series", { headers: { "CF-Connecting-IP": "2001:0db8:00aa:00bb:ffff:1:2:3" } });
    expect(await count()).toBe(before + 2);
  });

  it("counts only answers the edge cache did not serve", async () => {
    clearContentVersionMemo();
    const address = "203.0.113.90";
    const serve = deploy({ buildId: `api-build-${Date.now()}`, cache: caches.default });
    const count = () => usesToday(`ip:${address}`, "api");
    const ask = async () => {
      const request = new Request(`${siteOrigin}/api/v1/units?medium=break_time`, {
        headers: { "CF-Connecting-IP": address },
      });
      return serve(request);
    };
    const first = await ask();
    const second = await ask();
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(await count()).toBe(1);
  });
});

/** Puts a client at its minute's limit, its window half over. */
async function overTheMinuteLimit(client: string) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO rate_limit_windows (client, action, span, used, ends) VALUES (?1, 'api', 'minute', ?2, ?3), (?1, 'api', 'day', ?2, ?4)`,
  )
    .bind(client, API_LIMITS.perMinute, now + 30_000, now + 86_370_000)
    .run();
}
