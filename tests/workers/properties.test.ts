/**
 * Property-based tests over every route parameter, query parameter and action field, through the
 * whole site in workerd (tests/support/site.ts) with real D1 and KV. For any input: never a 5xx,
 * nothing stored from a refused request, everything shown back escaped. A failure prints its seed;
 * replay it with `fc.assert(…, { seed, path })`. Run counts are in docs/reliability.md.
 */
import fc from "fast-check";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fieldNames, reportForms } from "~/lib/forms/report-forms";
import { HONEYPOT_FIELD } from "~/lib/forms/form";
import { parseSearchKind, searchKinds } from "~/lib/search/query";
import { loader as searchLoader } from "~/routes/search";
import {
  bodyShape,
  encodeBody,
  formFields,
  hostileText,
  originHeaders,
  originShape,
  pathSegment,
  probe,
  queryString,
  RUNS,
} from "../support/arbitraries";
import { countRows, type Reader, signIn, visitor } from "../support/readers";
import { siteOrigin } from "../support/site";
import { load, status } from "../support/workers-context";

/** Every page and resource without URL parameters (app/routes.ts). */
const fixedPaths = [
  "/",
  "/web_novel",
  "/light_novels",
  "/side_stories",
  "/break_time",
  "/anime",
  "/anime/specials",
  "/characters",
  "/search",
  "/translation_meta",
  "/translation_meta/ln_mistls",
  "/translation_meta/anime_mistls",
  "/translation_meta/feed.xml",
  "/reading_tracker",
  "/statistics",
  "/statistics/readership",
  "/login",
  "/privacy_policy",
  "/resources/similar-mistakes",
  "/resources/progress",
  "/resources/timeline",
  "/auth/session",
  "/auth/logout",
  "/feedback_hub",
  "/feedback_hub/triage",
];
/** Routes with a URL parameter; the segment replaces `$`. The last is the not-found splat. */
const paramPaths = ["/characters/$", "/translation_meta/ln_mistls/$", "/feedback_hub/$", "/$", "/web_novel/$/$"];
/** Every query parameter a loader reads, and names the framework itself looks at. */
const queryNames = [
  "q",
  "suggest",
  "page",
  "medium",
  "affiliation",
  "sent",
  "kind",
  "status",
  "order",
  "collection",
  "redirectTo",
  "arc",
  "unit",
  "volume",
  "episode",
  "chapter",
  "timestamp",
  "index",
  "_data",
  "_routes",
  "season",
  "story",
];

const requestPath = fc.record({
  path: fc.oneof(
    fc.constantFrom(...fixedPaths),
    fc
      .tuple(fc.constantFrom(...paramPaths), pathSegment, pathSegment)
      .map(([pattern, a, b]) => pattern.replace("$", a).replace("$", b)),
  ),
  query: queryString(queryNames),
  // A client-side navigation asks for the same URL's data as `<path>.data`.
  data: fc.boolean(),
});

function withQuery({ path, query, data }: { path: string; query: string; data: boolean }) {
  const dataPath = data ? (path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`) : path;
  return query ? `${dataPath}?${query}` : dataPath;
}

/** Markup and script URLs from the input never reach a page or a feed unescaped. */
async function expectEscaped(response: Response) {
  const type = response.headers.get("Content-Type") ?? "";
  const text = await response.text();
  if (/html|xml/.test(type)) {
    expect(text).not.toContain(`<${probe}`);
    expect(text).not.toMatch(/(?:href|src|action)="\s*javascript:/i);
  }
  return text;
}

/** The site logs what it refuses (bad URLs, failed checks); the properties look at answers, not logs. */
function quiet() {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  return { mockRestore: () => (error.mockRestore(), warn.mockRestore()) };
}

// Many whole-site requests per test: allow for a busy 2-core machine (the run counts bound the work).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let reader: Reader;
let moderator: Reader;
beforeAll(async () => {
  reader = await signIn("property-reader");
  moderator = await signIn("property-moderator", { admin: true });
});

describe("properties: any URL", () => {
  it("answers every page, data and resource request below 500, with input escaped", async () => {
    const log = quiet();
    await fc.assert(
      fc.asyncProperty(requestPath, fc.constantFrom("visitor", "reader", "moderator"), async (request, who) => {
        const browser = who === "visitor" ? visitor : who === "reader" ? reader : moderator;
        const response = await browser.fetch(withQuery(request));
        expect(response.status, `${who} GET ${withQuery(request)}`).toBeLessThan(500);
        await expectEscaped(response);
      }),
      { numRuns: RUNS.normal * 2 },
    );
    log.mockRestore();
  });

  it("answers long, encoded and broken paths below 500", async () => {
    const log = quiet();
    const oddPath = fc.oneof(
      fc.array(pathSegment, { minLength: 1, maxLength: 6 }).map((segments) => `/${segments.join("/")}`),
      fc.integer({ min: 2000, max: 20000 }).map((length) => `/${"a".repeat(length)}`),
      fc.constantFrom(
        "//evil.example",
        "/./..",
        "/%2e%2e/",
        "/%",
        "/index.data",
        "/.data",
        "/_root.data?_routes=root,routes/home",
        "/__manifest?p=/x&version=test",
      ),
    );
    await fc.assert(
      fc.asyncProperty(oddPath, async (path) => {
        const response = await visitor.fetch(path);
        expect(response.status, `GET ${path}`).toBeLessThan(500);
        await expectEscaped(response);
      }),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });
});

describe("properties: search", () => {
  it("any words with any kind and page: below 500, escaped, and a known kind gives only hits of that kind", async () => {
    const kind = fc.oneof(fc.constantFrom(...searchKinds), hostileText);
    const words = fc.oneof(fc.constantFrom("knock", "door", "oren", "lie", "snack", "k"), hostileText);
    await fc.assert(
      fc.asyncProperty(words, kind, fc.constantFrom("1", "2", "0", "x"), async (q, kind, page) => {
        const url = `/search?${new URLSearchParams({ q, kind, page })}`;
        const response = await visitor.fetch(url);
        expect(response.status, `GET ${url}`).toBeLessThan(500);
        await expectEscaped(response);
        if ((await status(searchLoader, url)) !== 200) return;
        const { results, total, counts } = await load(searchLoader, url);
        const known = parseSearchKind(kind);
        if (known) for (const result of results) expect(result.kind, url).toBe(known);
        expect(
          Object.values(counts).reduce((sum, count) => sum + count, 0),
          url,
        ).toBeGreaterThanOrEqual(total);
      }),
      { numRuns: RUNS.light },
    );
  });
});

const formSlug = fc.constantFrom(...reportForms.map((form) => form.slug));
const allReportFields = [...new Set(reportForms.flatMap((form) => [...fieldNames(form)]))];

describe("properties: report forms", () => {
  it("a well-formed POST with any field values: below 500, escaped, stored at most once and only when accepted", async () => {
    const log = quiet();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        formSlug,
        formFields([...allReportFields, "submissionId", HONEYPOT_FIELD]),
        fc.boolean(),
        async (slug, fields, withId) => {
          // A fresh reader per run: the rate limit is tested on its own, here every run may be accepted.
          const sender = await signIn(`property-form-${run++}`);
          const values: Array<readonly [string, string]> = withId
            ? [["submissionId", crypto.randomUUID()], ...fields]
            : fields;
          const { body, headers } = encodeBody("multipart", values);
          const response = await sender.fetch(`/feedback_hub/${slug}`, { method: "POST", body, headers });
          expect(response.status, `POST /feedback_hub/${slug}`).toBeLessThan(500);
          await expectEscaped(response);
          const stored = await countRows("reports", sender.uid);
          const honeypot = values.some(([name, value]) => name === HONEYPOT_FIELD && value !== "");
          if (response.status >= 400 || honeypot) expect(stored, "a refused report is not stored").toBe(0);
          else expect(stored).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });

  it("keeps what the reader typed and shows it escaped when a field is refused", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const body = new FormData();
        body.set("submissionId", crypto.randomUUID());
        body.set("title", text.slice(0, 100) || "x");
        body.set("idea", "");
        body.set("problem", "p");
        const response = await reader.fetch("/feedback_hub/suggest_feature", { method: "POST", body });
        expect(response.status).toBe(400);
        const html = await expectEscaped(response);
        expect(html).toContain("This is needed.");
      }),
      { numRuns: RUNS.light },
    );
  });
});

describe("properties: any request shape to an action", () => {
  const actionPaths = [
    "/feedback_hub/report_bug",
    "/feedback_hub/report_ln_mistl",
    "/feedback_hub/report_anime_mistl",
    "/feedback_hub/triage",
    "/resources/progress",
    "/auth/session",
    "/auth/logout",
    // Pages without an action.
    "/",
    "/web_novel",
    "/login",
    "/feedback_hub",
  ];
  const names = [
    ...allReportFields,
    "submissionId",
    "reportId",
    "status",
    "note",
    "category",
    "severity",
    "progress",
    "idToken",
    "redirectTo",
    HONEYPOT_FIELD,
  ];

  // Issue 11, defect 8: JSON, text and broken multipart bodies (a part with an empty, NUL or
  // line-break name made workerd's formData() throw), cross-site POSTs and PUT/PATCH/DELETE answered 500.
  it("wrong content types, broken bodies, foreign or missing origins and other methods answer 4xx, never 5xx, and store nothing", async () => {
    const log = quiet();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actionPaths),
        fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
        bodyShape,
        originShape,
        formFields(names),
        fc.boolean(),
        async (path, method, shape, origin, fields, asData) => {
          const sender = await signIn(`property-shape-${run++}`, { admin: true });
          const { body, headers } = encodeBody(shape, [["submissionId", crypto.randomUUID()], ...fields]);
          const target = asData ? (path === "/" ? "/_root.data" : `${path}.data`) : path;
          const response = await sender.send(target, {
            method,
            body,
            headers: { ...headers, ...originHeaders(origin, siteOrigin) },
          });
          const described = `${method} ${target} (${shape} body, ${origin} origin)`;
          expect(response.status, described).toBeLessThan(500);
          await expectEscaped(response);
          const sameSite = origin === "same" || origin === "same-site-header" || origin === "none";
          if (!sameSite || response.status >= 400) {
            expect(await countRows("reports", sender.uid), `${described}: nothing stored`).toBe(0);
            expect(await countRows("reading_progress", sender.uid), `${described}: nothing stored`).toBe(0);
          }
        },
      ),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });

  it("a cross-site POST with a well-formed body stores nothing", async () => {
    const log = quiet();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actionPaths.slice(0, 5)),
        fc.constantFrom<"cross" | "null" | "cross-site-header">("cross", "null", "cross-site-header"),
        async (path, origin) => {
          const sender = await signIn(`property-cross-${run++}`);
          const body = new FormData();
          body.set("submissionId", crypto.randomUUID());
          for (const [name, value] of Object.entries({
            title: "t",
            idea: "i",
            problem: "p",
            summary: "s",
            steps: "s",
            expected: "e",
            actual: "a",
            progress: "{}",
          }))
            body.set(name, value);
          await sender.send(path, { method: "POST", body, headers: originHeaders(origin, siteOrigin) });
          expect(await countRows("reports", sender.uid)).toBe(0);
          expect(await countRows("reading_progress", sender.uid)).toBe(0);
        },
      ),
      { numRuns: RUNS.light },
    );
    log.mockRestore();
  });
});

describe("properties: progress saves and sign-in tokens", () => {
  it("a save of any text answers below 500 and stores only readable progress", async () => {
    const log = quiet();
    let run = 0;
    const progressText = fc.oneof(
      hostileText,
      fc.json(),
      fc
        .record({
          version: fc.constantFrom(1, 2),
          webNovel: fc.oneof(fc.constant(null), hostileText),
          lightNovels: fc.oneof(fc.dictionary(hostileText, fc.integer()), fc.array(hostileText, { maxLength: 5 })),
          sideStories: fc.array(hostileText, { maxLength: 5 }),
          anime: fc.constant(null),
          breakTime: fc.constant([]),
          position: fc.double(),
          updatedAt: hostileText,
        })
        .map((record) => JSON.stringify(record)),
    );
    await fc.assert(
      fc.asyncProperty(progressText, async (text) => {
        const sender = await signIn(`property-progress-${run++}`);
        const response = await sender.fetch("/resources/progress", {
          method: "POST",
          body: text,
          headers: { "Content-Type": "application/json" },
        });
        expect(response.status, `progress ${JSON.stringify(text.slice(0, 80))}`).toBeLessThan(500);
        if (response.status >= 400) expect(await countRows("reading_progress", sender.uid)).toBe(0);
      }),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });

  it("any idToken is refused below 500 without a session cookie", async () => {
    const log = quiet();
    const token = fc.oneof(
      hostileText,
      fc
        .tuple(hostileText, hostileText, hostileText)
        .map((parts) => parts.map((part) => btoa(unescape(encodeURIComponent(part)))).join(".")),
      fc.constantFrom("eyJhbGciOiJub25lIn0.e30.", "eyJhbGciOiJSUzI1NiJ9.e30.c2ln", "a.b.c"),
    );
    await fc.assert(
      fc.asyncProperty(token, async (idToken) => {
        const body = new FormData();
        body.set("idToken", idToken);
        const response = await visitor.fetch("/auth/session", { method: "POST", body });
        expect(response.status, `idToken ${JSON.stringify(idToken.slice(0, 60))}`).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.getSetCookie().filter((cookie) => !/=;|Max-Age=0/i.test(cookie))).toEqual([]);
      }),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });

  it("any cookie header is read as signed out or the reader it names, below 500", async () => {
    const log = quiet();
    const cookie = fc.oneof(
      hostileText.map((value) => `session=${encodeURIComponent(value)}`),
      hostileText.map((value) => `toast=${value}`),
      fc.integer({ min: 4096, max: 40000 }).map((length) => `session=${"a".repeat(length)}`),
      hostileText,
    );
    await fc.assert(
      fc.asyncProperty(
        cookie,
        fc.constantFrom("/", "/feedback_hub", "/reading_tracker", "/_root.data"),
        async (header, path) => {
          // What can travel in a header: printable ASCII (a browser percent-encodes the rest).
          const response = await visitor.send(path, { headers: { Cookie: header.replace(/[^\x20-\x7e]/g, "") } });
          expect(response.status, `${path} with Cookie ${JSON.stringify(header.slice(0, 60))}`).toBeLessThan(500);
          await expectEscaped(response);
        },
      ),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });
});

describe("properties: triage decisions", () => {
  it("any decision fields answer below 500 and leave no history for a refused decision", async () => {
    const log = quiet();
    const reportId = crypto.randomUUID();
    const body = new FormData();
    for (const [name, value] of Object.entries({ submissionId: reportId, title: "Decide me", idea: "i", problem: "p" }))
      body.set(name, value);
    await reader.fetch("/feedback_hub/suggest_feature", { method: "POST", body });
    const historyCount = async () =>
      (
        await env.DB.prepare(`SELECT COUNT(*) AS n FROM report_history WHERE report_id = ?1`)
          .bind(reportId)
          .first<{ n: number }>()
      )?.n ?? 0;
    await fc.assert(
      fc.asyncProperty(
        formFields(["reportId", "from", "status", "note", "category", "severity"]),
        fc.boolean(),
        async (fields, ownReport) => {
          const values: Array<readonly [string, string]> = ownReport ? [["reportId", reportId], ...fields] : fields;
          const before = await historyCount();
          const { body: decision } = encodeBody("multipart", values);
          const response = await moderator.fetch("/feedback_hub/triage", { method: "POST", body: decision });
          expect(response.status).toBeLessThan(500);
          await expectEscaped(response);
          if (response.status >= 400) expect(await historyCount()).toBe(before);
        },
      ),
      { numRuns: RUNS.normal },
    );
    log.mockRestore();
  });
});
