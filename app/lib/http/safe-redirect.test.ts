import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const site = "https://companion.example";

/** Where a browser lands when it follows `target` from a page of the site (a Location header or a navigation). */
function landing(target: string, from = `${site}/feedback_hub/report_bug?x=1`) {
  return new URL(target, from);
}

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/feedback_hub/report_bug?x=1#y")).toBe("/feedback_hub/report_bug?x=1#y");
    expect(safeRedirect("/characters/a/../b")).toBe("/characters/b");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil",
    "javascript:alert(1)",
    "/a\nb",
    "",
    null,
    42,
    "feedback_hub",
  ])("refuses %j", (value) => expect(safeRedirect(value)).toBe("/"));

  // Each of these normalises to //evil.example, which a browser reads as another host.
  it.each([
    "/..//evil.example",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    "/a/../..//evil.example",
    "/.%2e//evil.example/x?y#z",
  ])("refuses the dot-segment form %j", (value) => expect(safeRedirect(value)).toBe("/"));
});

/** Pieces an attacker strings together: separators, dot segments and their encodings, hosts, schemes. */
const piece = fc.constantFrom(
  "/",
  "//",
  "///",
  "\\",
  "%5c",
  "%5C",
  "%2f",
  "%2F",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "%252e",
  "%00",
  "%09",
  "\t",
  "\n",
  "\r",
  " ",
  "\u00a0",
  "\u3000",
  "\uff0f",
  "\u2215",
  "\u3002",
  "\u0085",
  "evil.example",
  "evil.example:443",
  "@",
  ":",
  "?",
  "#",
  "&",
  "=",
  "https:",
  "http:",
  "javascript:",
  "data:",
  "localhost",
  "127.0.0.1",
  "[::1]",
  "user:pass@",
  "a",
  "b",
);
// Mostly starting with one slash, as a path on the site does, so the pieces after it are what is tried.
const composed = fc
  .tuple(fc.constantFrom("/", "/", "/", "", "\\"), fc.array(piece, { maxLength: 10 }))
  .map(([start, parts]) => start + parts.join(""));
const anyText = fc.oneof(
  composed,
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.webUrl(),
  fc.webPath().map((path) => `/${path}`),
);

describe("safeRedirect, for any input", () => {
  it("answers a path that stays on the site from every page, and is its own answer", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const target = safeRedirect(value);
        expect(target.startsWith("/")).toBe(true);
        expect(target.startsWith("//")).toBe(false);
        // eslint-disable-next-line no-control-regex
        expect(target).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        for (const from of [`${site}/`, `${site}/a/b/c`, `${site}/login?redirectTo=x`]) {
          expect(landing(target, from).origin).toBe(site);
        }
        // Normalising again changes nothing: what is checked is what the browser follows.
        expect(safeRedirect(target)).toBe(target);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a plain path on the site as the browser would resolve it", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const value = `/${path.replace(/^\/+/, "")}`;
        const target = safeRedirect(value);
        if (target !== "/") expect(landing(target).href).toBe(landing(value).href);
      }),
      { numRuns: 500 },
    );
  });
});
