import { type APIRequestContext, expect, test } from "@playwright/test";
import { API_BASE, API_LIMITS } from "../../app/lib/api/contract";
import { contractOf, documentProblems } from "../support/openapi-contract";

/**
 * The API's contract on the real stack (wrangler pages dev, the Pages Function, the edge cache, local
 * D1): the document the site serves is a valid OpenAPI 3.1 document, and every endpoint's answers
 * (with and without `reveal`, 304, 400, 404, 405, 429) match what it says. A developer builds from
 * the document alone, so an answer it does not describe is a failure.
 */

// One client of its own per run (the local stack takes CF-Connecting-IP as given), so the rate limit
// of an earlier run, or of the test that exhausts it, never meets these requests.
const runNetwork = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
const client = { "CF-Connecting-IP": `${runNetwork()}::1` };

test.describe.configure({ mode: "serial" });

let contract: ReturnType<typeof contractOf>;

async function answer(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(`${API_BASE}${path}`, { headers: { ...client, ...headers } });
  const text = await response.text();
  return { response, status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
}

async function expectDescribed(
  request: APIRequestContext,
  path: string,
  status: number,
  headers: Record<string, string> = {},
) {
  const { response, body } = await answer(request, path, headers);
  expect(response.status(), path).toBe(status);
  expect(contract.problems(path.split("?")[0]!, status, body), path).toEqual([]);
  expect(response.headers()["access-control-allow-origin"], path).toBe("*");
  expect(response.headers()["ratelimit-policy"], path).toMatch(/^"minute";q=\d+;w=60, "day";q=\d+;w=86400$/);
  if (status === 200) expect(response.headers()["etag"], path).toMatch(/^"[\w-]+"$/);
  return { response, body };
}

test.beforeAll(async ({ request }) => {
  const response = await request.get(`${API_BASE}/openapi.json`, { headers: client });
  expect(response.status()).toBe(200);
  const document = (await response.json()) as Record<string, unknown>;
  expect(await documentProblems(document)).toEqual([]);
  contract = contractOf(document);
});

test("every endpoint answers as the document describes, for a reader who states nothing and for one who states what they saw", async ({
  request,
}) => {
  const reveals = ["", "reveal=wn:1-12", "reveal=ln:main-2,anime:1-4,ss:blog-2015-01", "reveal=all"];
  const { body: characters } = await expectDescribed(request, "/characters?reveal=all&per_page=100", 200);
  const slugs = (characters as { items: Array<{ slug: string }> }).items.map((character) => character.slug);
  for (const reveal of reveals) {
    const query = reveal ? `?${reveal}` : "";
    const and = reveal ? `&${reveal}` : "";
    await expectDescribed(request, `/series${query}`, 200);
    await expectDescribed(request, `/units${query}`, 200);
    await expectDescribed(request, `/units?medium=side_stories&per_page=100${and}`, 200);
    await expectDescribed(request, `/units?page=7${and}`, 200);
    await expectDescribed(request, `/units/wn:1-28${query}`, 200);
    await expectDescribed(request, `/units/bt:1-5${query}`, 200);
    await expectDescribed(request, `/characters${query}`, 200);
    await expectDescribed(request, `/translation-notes${query}`, 200);
    await expectDescribed(request, `/translation-notes?medium=anime&per_page=100${and}`, 200);
    await expectDescribed(request, `/translation-notes?unit=ln:main-1${and}`, 200);
    await expectDescribed(request, `/releases${query}`, 200);
    await expectDescribed(request, `/releases?medium=light_novels&page=2${and}`, 200);
    // The demo discussion (npm start loads it): comments at the thread's unit and raised ones, and a reply.
    await expectDescribed(request, `/discussions/anime:1-11${query}`, 200);
    await expectDescribed(request, `/discussions/anime:1-11?page=2${and}`, 200);
  }
  // Every profile is its own request: a client of their own, so this one stays well under its limit.
  const profiles = { "CF-Connecting-IP": `${runNetwork()}::1` };
  for (const slug of slugs) await expectDescribed(request, `/characters/${slug}?reveal=all`, 200, profiles);
  const { body: met } = await expectDescribed(request, "/characters", 200);
  const everyonesFirst = (met as { items: Array<{ slug: string }> }).items[0]!.slug;
  await expectDescribed(request, `/characters/${everyonesFirst}`, 200);
});

test("a reader who states nothing gets fewer characters and no notes; one who states everything gets them", async ({
  request,
}) => {
  const nothing = (await answer(request, "/characters?per_page=100")).body as { total: number };
  const everything = (await answer(request, "/characters?per_page=100&reveal=all")).body as { total: number };
  expect(nothing.total).toBeLessThan(everything.total);
  expect(((await answer(request, "/translation-notes")).body as { total: number }).total).toBe(0);
  expect(((await answer(request, "/translation-notes?reveal=all")).body as { total: number }).total).toBeGreaterThan(0);
});

test("an unchanged answer is a 304 without a body, also when the edge cache holds it", async ({ request }) => {
  const first = await expectDescribed(request, "/units?medium=anime", 200);
  const etag = first.response.headers()["etag"]!;
  const again = await expectDescribed(request, "/units?medium=anime", 304, { "If-None-Match": etag });
  expect(again.response.headers()["etag"]).toBe(etag);
  expect(again.response.headers()["x-edge-cache"]).toBe("HIT");
});

test("bad requests get a 400 naming the parameter, unknown addresses the JSON 404, other methods a 405", async ({
  request,
}) => {
  for (const [path, parameter] of [
    ["/units?pge=2", "pge"],
    ["/units?per_page=1000", "per_page"],
    ["/units?reveal=chapter-12", "reveal"],
    ["/characters?medium=anime", "medium"],
    ["/translation-notes?unit=wn:1-1", "unit"],
    ["/releases?per_page=10", "per_page"],
    ["/discussions/anime:1-11?per_page=10", "per_page"],
  ] as const) {
    const { body } = await expectDescribed(request, path, 400);
    expect((body as { error: { parameter: string } }).error.parameter).toBe(parameter);
  }
  await expectDescribed(request, "/units/wn:999-1", 404);
  await expectDescribed(request, "/characters/no-such-person", 404);
  await expectDescribed(request, "/discussions/wn:999-1", 404);
  await expectDescribed(request, "/discussions/no-such-unit", 404);
  for (const path of ["/nothing-here", "/units/wn:1-1/more"]) {
    const { response, body } = await answer(request, path);
    expect(response.status(), path).toBe(404);
    expect(contract.errorProblems(body), path).toEqual([]);
  }
  const deleted = await request.delete(`${API_BASE}/units`, { headers: client });
  expect(deleted.status()).toBe(405);
  expect(deleted.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  expect(contract.errorProblems(await deleted.json())).toEqual([]);
  const preflight = await request.fetch(`${API_BASE}/units`, {
    method: "OPTIONS",
    headers: { ...client, Origin: "https://fan.example", "Access-Control-Request-Method": "GET" },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
});

test("a client over its limit gets a 429 the document describes, with Retry-After", async ({ request }) => {
  // A client of its own, asking what the cache does not hold (only that counts): a side story of its own each time.
  const network = runNetwork();
  const flooding = { "CF-Connecting-IP": `${network}::1` };
  let refused: Awaited<ReturnType<APIRequestContext["get"]>> | null = null;
  for (let count = 1; count <= API_LIMITS.perMinute + 1 && !refused; count++) {
    const response = await request.get(
      `${API_BASE}/units?per_page=1&reveal=ss:flood-${network.replaceAll(":", "-")}-${count}`,
      { headers: flooding },
    );
    if (response.status() === 429) refused = response;
    else expect(response.status()).toBe(200);
  }
  expect(refused, "the limit was never reached").not.toBeNull();
  expect(Number(refused!.headers()["retry-after"])).toBeGreaterThan(0);
  expect(contract.problems("/units", 429, await refused!.json())).toEqual([]);
  // Others are not affected.
  await expectDescribed(request, "/units?per_page=2", 200);
});

test("the API page shows a reader their own progress as a reveal, and the API answers it with what they have met", async ({
  page,
  request,
}) => {
  const progress = {
    version: 1,
    webNovel: "wn:2-14",
    lightNovels: { main: 3 },
    sideStories: [],
    anime: null,
    breakTime: [],
    skipped: [],
    position: 0,
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
  await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  await page.goto("/api");
  await expect(page.getByRole("heading", { level: 1, name: "API" })).toBeVisible();
  const line = page.getByText("Your progress on this browser reads");
  await expect(line).toBeVisible();
  const reveal = await line.locator("code").textContent();
  expect(reveal).toBe("ln:main-3,wn:2-14");
  const met = (await expectDescribed(request, `/characters?per_page=100&reveal=${reveal}`, 200)).body as {
    total: number;
  };
  const nobody = (await expectDescribed(request, "/characters?per_page=100", 200)).body as { total: number };
  expect(met.total).toBeGreaterThan(nobody.total);
  await expect(page.getByRole("link", { name: "OpenAPI document" })).toHaveAttribute(
    "href",
    `${API_BASE}/openapi.json`,
  );
});
