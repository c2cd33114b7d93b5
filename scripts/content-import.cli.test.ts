import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyLocalMigrations } from "./lib/local-migrations";
import { offlineWrangler } from "./lib/offline-wrangler";

const work = mkdtempSync(join(tmpdir(), "content-import-"));
const state = join(work, "state");
const pack = join(work, "tiny");
cpSync("tests/fixtures/packs/tiny", pack, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = { ...process.env, ...offlineWrangler };
await applyLocalMigrations({ persistTo: state });

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

/** Runs SQL against the local D1 the import writes to. */
function execute(sql: string) {
  spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql], {
    env,
    encoding: "utf8",
  });
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
  it("checks a pack without writing; refuses a broken pack, writing nothing; imports it once fixed; then finds nothing to change; keeps what readers' reports hang on, and takes down what a new secret catches", () => {
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
    // A folder's own images are not what the site serves: the import says where they must go.
    expect(first.err).toContain("Warning: the site serves this pack's images from content/tiny/images");
    // Nothing of the refused import was written: every row is new now.
    expect(first.out).toContain("chapters: 5 added, 0 updated, 0 removed");
    expect(first.out).toContain("characters: 2 added, 0 updated, 0 removed");
    // The edge cache's content version is in local KV.
    expect(contentVersion()).toMatch(/^[0-9a-f]{16}$/);

    expect(importPack()).toMatchObject({ code: 0, out: "content/tiny is already up to date." });

    // A reader's report awaits a decision on volume 2: a pack without the volume is refused, naming it.
    execute(`INSERT INTO reports (id, uid, kind, title, fields, created_at, updated_at)
      VALUES ('r1', 'reader', 'ln_mistl', 'A report', '{"volume":"ln:main-2"}', '2026-12-01', '2026-12-01')`);
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

    // Once the report is decided, the volume goes; an entry published on volume 1 whose words a new secret
    // (revealed after the volume) names is taken down, and the import says so.
    execute(`UPDATE reports SET status = 'declined' WHERE id = 'r1';
      INSERT INTO reports (id, uid, kind, title, fields, status, published_entry, created_at, updated_at)
        VALUES ('r2', 'reader', 'ln_mistl', 'A report', '{"volume":"ln:main-1"}', 'accepted', 'report-r2', '2026-12-01', '2026-12-01');
      INSERT INTO ln_mistakes (id, source, volume_key, chapter, edition, japanese, official, suggested, explanation,
          category, severity, status, reveal_position, revealed_by, added_on)
        VALUES ('report-r2', 'report', 'ln:main-1', 1, 'Reported by a reader', '', 'a', 'b', 'Oren lit the lamp.',
          'softened', 'minor', 'confirmed', 3, 'ln:main-1', '2026-12-01')`);
    edit("series.json", (json) =>
      json.secrets.push({ id: "oren-lit-the-lamp", words: ["Oren lit the lamp"], revealAt: "wn:2-2" }),
    );
    const withdrawn = importPack();
    expect(withdrawn.code).toBe(0);
    expect(withdrawn.out).toContain("ln_volumes: 0 added, 0 updated, 1 removed");
    expect(withdrawn.out).toContain(
      "Taken down, as the pack's secrets now hold their words (their reports are back under review, for a moderator to decide again):\n" +
        "  report r2 on Tiny Tale 1: its “Why it matters” names the secret “oren-lit-the-lamp” (“Oren lit the lamp”), which readers of Tiny Tale 1 may not know yet",
    );
  });
});
