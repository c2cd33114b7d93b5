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

function importPack() {
  const result = spawnSync("npx", ["tsx", "scripts/content-import.ts", "tiny", "--dir", pack, "--persist-to", state], {
    env,
    encoding: "utf8",
  });
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

describe("npm run content:import", () => {
  it("imports a pack, then finds nothing to change on a second import", () => {
    const first = importPack();
    expect(first.code).toBe(0);
    expect(first.out).toContain("Imported content/tiny:");
    expect(first.out).toContain("chapters: 5 added, 0 updated, 0 removed");
    expect(first.out).toContain("characters: 2 added, 0 updated, 0 removed");

    const version = contentVersion();
    expect(version).toMatch(/^[0-9a-f]{16}$/);

    expect(importPack()).toMatchObject({ code: 0, out: "content/tiny is already up to date." });
    expect(contentVersion()).toBe(version);
  });

  it("writes exactly what changed", () => {
    edit("web-novel.json", (json) => {
      json.arcs[1].chapters[0].title = "The Long Corridor";
      json.arcs[1].chapters.push({ ordinal: 3, title: "Afterword", publishedOn: "2015-02-15", wordCount: 1200 });
    });
    edit("characters.json", (json) => json.characters[0].facts.pop());
    const before = contentVersion();
    const result = importPack();
    expect(result.code).toBe(0);
    // Pages cached at the edge under the old content are no longer served.
    expect(contentVersion()).not.toBe(before);
    expect(
      result.out
        .split("\n")
        .slice(1)
        .map((line) => line.trim()),
    ).toEqual([
      "story_units: 1 added, 0 updated, 0 removed",
      "chapters: 1 added, 1 updated, 0 removed",
      "character_facts: 0 added, 0 updated, 1 removed",
      "search_entries: 1 added, 1 updated, 0 removed",
      // Arc 2's chapters and words, its month's chapters, and the chapter and word totals, computed again at import.
      "content_statistics: 0 added, 5 updated, 0 removed",
    ]);
    expect(importPack().out).toBe("content/tiny is already up to date.");
  });

  it("writes nothing when any part of the pack is wrong", () => {
    edit("side-stories.json", (json) => (json.sideStories[0].title = "Lamp Oil, revised"));
    edit("characters.json", (json) => (json.characters[1].firstAppearances.webNovel = "wn:7-1"));
    const result = importPack();
    expect(result.code).toBe(1);
    expect(result.err).toContain("content/tiny has 1 problem; nothing was imported:");
    expect(result.err).toContain(
      "characters.json › characters[1].firstAppearances.webNovel: points to wn:7-1, which does not exist",
    );

    edit("characters.json", (json) => (json.characters[1].firstAppearances.webNovel = "wn:2-1"));
    const fixed = importPack();
    expect(fixed.out).toContain("side_stories: 0 added, 1 updated, 0 removed");
  });
});
