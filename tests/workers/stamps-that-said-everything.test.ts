/**
 * Migration 0071: a comment an earlier rule stamped as written by someone who knew everything (an edit
 * after its writer went back on one line and on in another) says the places its stamp names, so strict
 * mode shows it to a reader who has seen them, and an edit can stamp it again.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { knewNoMore, stampAfterEdit } from "~/lib/discussion/thread";
import { knowledgeOfUnits } from "~/lib/shield/knowledge";
import migration from "../../migrations/0071_stamps_that_said_everything.sql?raw";

async function insert(writerKnew: string, places: { key: string; label: string }[]) {
  const { meta } = await env.DB.prepare(
    `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
     VALUES ('wn:1-1', ?1, 'tag', 'A reader', 'Edited after going back', 'wn:1-1', ?2, ?3, ?1, '2026-12-07T12:00:00.000Z')`,
  )
    .bind(crypto.randomUUID(), writerKnew, JSON.stringify(places))
    .run();
  return meta.last_row_id;
}

const writerKnew = async (id: number) =>
  (await env.DB.prepare(`SELECT writer_knew FROM comments WHERE id = ?1`).bind(id).first<{ writer_knew: string }>())!
    .writer_knew;

describe("comments stamped as written by someone who knew everything", () => {
  it("say the places their stamp names, by the migration", async () => {
    const both = await insert("all", [
      { key: "anime:1-2", label: "Season 1 · Episode 2" },
      { key: "wn:1-3", label: "Arc 1 · Chapter 2" },
    ]);
    const other = await insert("wn:1-2", [{ key: "wn:1-2", label: "Arc 1 · Chapter 1" }]);
    // As stamped, strict mode shows it to no reader, and an edit keeps the stamp.
    expect(knewNoMore(await writerKnew(both), knowledgeOfUnits(["wn:2-2", "anime:1-2"]))).toBe(false);
    expect(stampAfterEdit(await writerKnew(both), knowledgeOfUnits(["wn:2-2", "anime:1-2"]))).toBeNull();

    for (const statement of migration
      .replace(/^\s*--.*$/gm, "")
      .split(";")
      .map((each) => each.trim())
      .filter((each) => each.startsWith("UPDATE")))
      await env.DB.prepare(statement).run();

    const stamp = await writerKnew(both);
    expect(stamp.split(",").sort()).toEqual(["anime:1-2", "wn:1-3"]);
    // A strict reader who has seen both places is shown it; one short of either is not.
    expect(knewNoMore(stamp, knowledgeOfUnits(["wn:1-3", "anime:1-2"]))).toBe(true);
    expect(knewNoMore(stamp, knowledgeOfUnits(["wn:1-3", "anime:1-1"]))).toBe(false);
    expect(knewNoMore(stamp, knowledgeOfUnits(["wn:1-2", "anime:1-2"]))).toBe(false);
    // Edited by a writer who read on since: stamped again with what they know now.
    expect(stampAfterEdit(stamp, knowledgeOfUnits(["wn:2-2", "anime:1-2"]))?.places).toEqual(["wn:2-2", "anime:1-2"]);
    // Other stamps are left as they were.
    expect(await writerKnew(other)).toBe("wn:1-2");
  });
});
