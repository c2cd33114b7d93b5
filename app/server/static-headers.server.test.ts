import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { staticFileRules } from "~/lib/http/redirects";
import { resourcePolicy, securityHeaders } from "./response-headers.server";

/**
 * public/_headers as Cloudflare Pages reads it: a path pattern, then its indented `Name: value` lines and
 * `! Name` lines (which take off a header an earlier rule set).
 */
function readHeadersFile(text: string) {
  const rules: Array<{ pattern: string; headers: Array<[string, string]>; detached: string[] }> = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [], detached: [] });
      continue;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (rule && line.trim().startsWith("!")) {
      rule.detached.push(line.trim().slice(1).trim());
      continue;
    }
    if (!rule || colon < 0) throw new Error(`Not a header line: ${line}`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

describe("the static files' headers (public/_headers)", () => {
  const rules = readHeadersFile(readFileSync("public/_headers", "utf8"));

  it("give every static file the security headers and the non-page policy every Function answer has", () => {
    const everything = rules.find((rule) => rule.pattern === "/*");
    expect(everything).toBeDefined();
    expect(Object.fromEntries(everything!.headers)).toEqual({
      ...securityHeaders,
      "Content-Security-Policy": resourcePolicy,
    });
  });

  it("set no header of the rule for every file again, so Pages never joins two values with a comma", () => {
    const everywhere = new Set(
      rules.find((rule) => rule.pattern === "/*")!.headers.map(([name]) => name.toLowerCase()),
    );
    for (const rule of rules.filter((other) => other.pattern !== "/*")) {
      const detached = new Set(rule.detached.map((name) => name.toLowerCase()));
      for (const [name] of rule.headers)
        expect(everywhere.has(name.toLowerCase()) && !detached.has(name.toLowerCase()), `${rule.pattern} ${name}`).toBe(
          false,
        );
    }
  });

  it("serve the service worker fresh, with a policy that lets it fetch this site's pages and nothing else", () => {
    const worker = rules.find((rule) => rule.pattern === "/sw.js");
    expect(worker?.headers).toContainEqual(["Cache-Control", "no-cache"]);
    expect(worker?.detached).toEqual(["Content-Security-Policy"]);
    expect(worker?.headers).toContainEqual(["Content-Security-Policy", "default-src 'none'; connect-src 'self'"]);
  });

  it("keep hashed assets immutable and the deployment id fresh", () => {
    expect(rules.find((rule) => rule.pattern === "/assets/*")?.headers).toContainEqual([
      "Cache-Control",
      "public, max-age=31536000, immutable",
    ]);
    expect(rules.find((rule) => rule.pattern === "/builds/*")?.headers).toContainEqual(["Cache-Control", "no-cache"]);
  });
});

describe("the static files' routes (public/_routes.json)", () => {
  const routes = JSON.parse(readFileSync("public/_routes.json", "utf8")) as { include: string[]; exclude: string[] };

  it("keep every static file off the Function, which answers only pages, data and the API", () => {
    // What the build puts beside public/: hashed assets, the build id, and each pack's images (scripts/copy-media.ts).
    const built = ["assets", "builds", "media"];
    expect(routes.exclude).toContain("/sw.js");
    const published = readdirSync("public", { withFileTypes: true }).filter(
      (entry) => !["_headers", "_routes.json"].includes(entry.name),
    );
    expect(routes.include).toEqual(["/*"]);
    for (const entry of published)
      expect(routes.exclude).toContain(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`);
    for (const folder of built) expect(routes.exclude).toContain(`/${folder}/*`);
  });

  it("are the ones the redirects refuse as sources (no redirect is looked up for a static file)", () => {
    expect([...routes.exclude].sort()).toEqual([...staticFileRules].sort());
  });
});
