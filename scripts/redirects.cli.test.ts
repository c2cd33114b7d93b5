import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { offlineWrangler } from "./lib/offline-wrangler";

// One run of the command against real local KV; what each command checks and answers is in
// scripts/lib/redirect-commands.test.ts.
const state = mkdtempSync(join(tmpdir(), "redirects-cli-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/redirects.ts", ...args, "--persist-to", state], {
    encoding: "utf8",
    env: { ...process.env, ...offlineWrangler },
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe("npm run redirects", () => {
  it("adds, lists and removes a redirect in local KV, and refuses a bad one with exit code 1", () => {
    expect(cli("add", "/old-page/", "/privacy_policy", "--status", "308")).toMatchObject({
      code: 0,
      out: "Added 308 /old-page -> /privacy_policy",
    });
    expect(cli("list").out).toBe("308 /old-page -> /privacy_policy");
    expect(cli("remove", "/old-page").out).toBe("Removed /old-page");
    expect(cli("add", "old", "/x")).toMatchObject({
      code: 1,
      err: expect.stringContaining('The source must be a path starting with "/"'),
    });
    expect(cli("list").out).toBe("No redirects.");
  });
});
