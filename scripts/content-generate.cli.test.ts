import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readPack } from "./content-generate";

// One run of the command; what it writes and which arguments it refuses is in content-generate.test.ts.
const workspace = mkdtempSync(join(tmpdir(), "content-generate-cli-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/content-generate.ts", ...args], { encoding: "utf8" });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe("npm run content:generate", () => {
  it("writes the pack told twice over and says what it wrote, or exits 1 explaining a bad argument", () => {
    const demo = readPack("content/demo");
    const chapters = demo.webNovel.arcs.reduce((total, arc) => total + arc.chapters.length, 0);
    const out = join(workspace, "cli-x2");
    expect(cli("--scale", "2", "--out", out)).toMatchObject({
      code: 0,
      out: `Wrote ${out}: ${2 * demo.webNovel.arcs.length} arcs, ${2 * chapters} chapters, ${2 * demo.characters.characters.length} characters (content/demo × 2).`,
    });
    expect(readPack(out).webNovel.arcs).toHaveLength(2 * demo.webNovel.arcs.length);
    expect(cli("--scale", "0")).toMatchObject({
      code: 1,
      err: expect.stringContaining("--scale takes a whole number"),
    });
  });
});
