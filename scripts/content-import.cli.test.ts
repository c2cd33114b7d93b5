import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const work = mkdtempSync(join(tmpdir(), "content-import-"));
const state = join(work, "state");
const pack = join(work, "tiny");
cpSync("tests/fixtures/packs/tiny", pack, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
  env,
  encoding: "utf8",
});

function importPack(...flags: string[]) {
  const result = spawnSync(
    "npx",
    ["tsx", "scripts/content-import.ts", "tiny", "--dir", pack, "--persist-to", state, ...flags],
    { env, encoding: "utf8" },
  );
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** The content version the import left in local KV for the edge cache. */
function contentVersion() {
  const result = spawnSync(
    "npx",
    ["wrangler", "kv", "key", "get", "content-version", "--binding", "REDIRECTS", "--local", "--persist-to", state],
    { env, encoding: "utf8" },
  );
  return result.stdout.trim();
}

function edit(file: string, change: (json: any) => void) {
  const json = JSON.parse(readFileSync(join(pack, file), "utf8"));
  change(json);
  writeFileSync(join(pack, file), JSON.stringify(json, null, 2));
}

// One run of the command against real local D1 and KV. What an import writes (exactly the differences,
// nothing for the same pack again) is in tests/workers/pack-import.test.ts; what makes a pack wrong, in
// pack/folder.test.ts.
describe("npm run content:import", () => {
  it("checks a pack without writing; refuses a broken pack, writing nothing; imports it once fixed; then finds nothing to change; refuses to leave out a volume a report names", () => {
    edit("characters.json", (json) => (json.characters[1].firstAppearances.webNovel = "wn:7-1"));
    const checked = importPack("--check");
    expect(checked.code).toBe(1);
    expect(checked.err).toContain(
      "content/tiny has 1 problem:\n  characters.json › characters[1].firstAppearances.webNovel: points to wn:7-1, which does not exist",
    );
    const refused = importPack();
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("content/tiny has 1 problem; nothing was imported:");
    expect(refused.err).toContain(
      "characters.json › characters[1].firstAppearances.webNovel: points to wn:7-1, which does not exist",
    );

    edit("characters.json", (json) => (json.characters[1].firstAppearances.webNovel = "wn:2-1"));
    expect(importPack("--check")).toMatchObject({
      code: 0,
      out: "content/tiny has no problems; nothing was written (--check).",
    });
    const first = importPack();
    expect(first.code).toBe(0);
    expect(first.out).toContain("Imported content/tiny:");
    // Nothing of the refused import was written: every row is new now.
    expect(first.out).toContain("chapters: 5 added, 0 updated, 0 removed");
    expect(first.out).toContain("characters: 2 added, 0 updated, 0 removed");
    // The edge cache's content version is in local KV.
    expect(contentVersion()).toMatch(/^[0-9a-f]{16}$/);

    expect(importPack()).toMatchObject({ code: 0, out: "content/tiny is already up to date." });

    // A reader's report awaits a decision on volume 2: a pack without the volume is refused, naming it.
    spawnSync(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        state,
        "--command",
        `INSERT INTO reports (id, uid, kind, title, fields, created_at, updated_at)
         VALUES ('r1', 'reader', 'ln_mistl', 'A report', '{"volume":"ln:main-2"}', '2026-12-01', '2026-12-01')`,
      ],
      { env, encoding: "utf8" },
    );
    edit("light-novels.json", (json) => json.collections[0].volumes.pop());
    edit(
      "mistranslations.json",
      (json) => (json.lightNovel = json.lightNovel.filter((entry: { volume: string }) => entry.volume !== "ln:main-2")),
    );
    const dropped = importPack();
    expect(dropped.code).toBe(1);
    expect(dropped.err).toContain(
      "content/tiny leaves out what readers' reports are filed on; nothing was imported:\n  ln:main-2 (Tiny Tale 2): 1 report awaiting a decision\nKeep these in the pack",
    );
  });
});
