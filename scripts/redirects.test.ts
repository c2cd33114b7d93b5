import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const state = mkdtempSync(join(tmpdir(), "redirects-cli-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/redirects.ts", ...args, "--persist-to", state], {
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe("npm run redirects", () => {
  it("adds, lists and removes a redirect in local KV", () => {
    expect(cli("add", "/old-page/", "/privacy_policy", "--status", "308")).toMatchObject({
      code: 0,
      out: "Added 308 /old-page -> /privacy_policy",
    });
    expect(cli("list").out).toContain("308 /old-page -> /privacy_policy");
    expect(cli("remove", "/old-page").out).toBe("Removed /old-page");
    expect(cli("list").out).toBe("No redirects.");
  });

  it("refuses unsafe entries with a clear message and writes nothing", () => {
    for (const [from, to, message] of [
      ["old", "/x", 'The source must be a path starting with "/"'],
      ["/a", "javascript:alert(1)", "The target's scheme must be https:"],
      ["/a", "//evil.example", "must not start with //"],
      ["/a", "/\\evil.example", "backslash"],
    ] as const) {
      const result = cli("add", from, to);
      expect(result.code).toBe(1);
      expect(result.err).toContain(message);
    }
    expect(cli("add", "/a", "/b", "--status", "303").err).toContain("The status must be one of 301, 302, 307, 308");
    expect(cli("list").out).toBe("No redirects.");
  });

  it("imports a CSV only when every row is valid, naming each bad line", () => {
    const bad = join(state, "bad.csv");
    writeFileSync(bad, "from,to,status\n/ok,/privacy_policy,301\nnope,/x,301\n/ok,/y\n/z,https://example.com,999\n");
    const result = cli("import", bad);
    expect(result.code).toBe(1);
    expect(result.err).toContain("Nothing was imported");
    expect(result.err).toContain(`${bad}:3: The source must be a path starting with "/"`);
    expect(result.err).toContain(`${bad}:4: /ok is already redirected on line 2`);
    expect(result.err).toContain(`${bad}:5: The status must be one of`);
    expect(cli("list").out).toBe("No redirects.");

    const good = join(state, "good.csv");
    writeFileSync(good, "/one,/privacy_policy\n/two,https://example.com/two,302\n");
    expect(cli("import", good).out).toBe(`Imported 2 redirects from ${good}`);
    expect(cli("list").out.split("\n")).toEqual(["301 /one -> /privacy_policy", "302 /two -> https://example.com/two"]);
  });

  it("names the file's own line when a quoted field spans lines, and refuses a file that is not CSV", () => {
    const spanning = join(state, "spanning.csv");
    writeFileSync(spanning, 'from,to\n\n"/two\nlines",/privacy_policy\n/ok,/privacy_policy\nnope,/x\n');
    const result = cli("import", spanning);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${spanning}:3: `);
    expect(result.err).toContain(`${spanning}:6: The source must be a path starting with "/"`);

    const broken = join(state, "broken.csv");
    writeFileSync(broken, '/ok,/privacy_policy\n"/never,/closed\n');
    expect(cli("import", broken)).toMatchObject({
      code: 1,
      err: expect.stringContaining(`${broken}:2: a quoted field that starts in this row is never closed`),
    });
    expect(cli("list").out).not.toContain("/ok");
  });

  it("refuses unknown flags and flags without their value", () => {
    expect(cli("list", "--bogus")).toMatchObject({ code: 1, err: expect.stringContaining("Unknown option '--bogus'") });
    expect(cli("add", "/a", "/b", "--status")).toMatchObject({
      code: 1,
      err: expect.stringContaining("--status needs a value"),
    });
  });

  it("explains its usage for unknown commands", () => {
    const result = cli("rename", "/a");
    expect(result.code).toBe(1);
    expect(result.err).toContain('Unknown command "rename"');
  });
});
