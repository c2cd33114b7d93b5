/**
 * Migration 0061: an entry published from a reader's report before search paired katakana as hiragana
 * keeps the pairs it was published with until folded; the migration folds them, as `unspacedPairs` now
 * writes them, so the entry is found by a name typed in either.
 */
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { toFtsQuery, unspacedPairs } from "~/lib/search/query";
import { importTestPack } from "../support/packs";
import migration from "../../migrations/0061_letter_pairs_as_hiragana.sql?raw";

afterAll(() => importTestPack("tiny"));

const found = async (words: string) =>
  (
    await env.DB.prepare(
      "SELECT m.id FROM ln_mistake_index JOIN ln_mistakes m ON m.seq = ln_mistake_index.rowid WHERE ln_mistake_index MATCH ?",
    )
      .bind(`{letter_pairs}: (${toFtsQuery(words)})`)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

describe("letter pairs stored with katakana", () => {
  it("are folded to hiragana by the migration, and then found by a name typed in either", async () => {
    await importTestPack("tiny");
    // As an entry published before: its pairs as they were written, katakana and all.
    const before = "ヒン ンジ ジ 蝶番 番の の守 守り り手 手";
    await env.DB.prepare("UPDATE ln_mistakes SET letter_pairs = ? WHERE id = 'main-1-hinge-name'").bind(before).run();
    expect(await found("ひんじ")).toEqual([]);

    const statements = migration
      .replace(/^\s*--.*$/gm, "")
      .split(";")
      .map((statement) => statement.trim())
      .filter(Boolean);
    for (const statement of statements) await env.DB.prepare(statement).run();

    const { letter_pairs } = (await env.DB.prepare(
      "SELECT letter_pairs FROM ln_mistakes WHERE id = 'main-1-hinge-name'",
    ).first<{ letter_pairs: string }>())!;
    expect(letter_pairs).toBe(unspacedPairs("ヒンジ", "蝶番の守り手"));
    expect(letter_pairs).toBe("ひん んじ じ 蝶番 番の の守 守り り手 手");
    expect(await found("ひんじ")).toEqual(["main-1-hinge-name"]);
    expect(await found("ヒンジ")).toEqual(["main-1-hinge-name"]);
    // Pairs with no katakana are left as they are.
    const other = (await env.DB.prepare("SELECT letter_pairs FROM ln_mistakes WHERE id = 'main-1-knock-twice'").first<{
      letter_pairs: string;
    }>())!;
    expect(other.letter_pairs).toBe(unspacedPairs("Knock on the door once.", "扉は二度叩け。"));
  });
});
