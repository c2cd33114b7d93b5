/**
 * Migration 0070: replies posted before the site kept what their comment touched when they were written
 * get it from the comment's history, so a comment a moderator lowered since does not show them to
 * readers short of what it touched then; a reply a moderator re-stamped keeps the moderator's horizon.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textsOf, thread } from "../support/discussion";
import migration from "../../migrations/0070_replies_behind_what_they_answered.sql?raw";

/** A comment or reply as stored before the migration: no `answered_horizon`. */
async function insert(row: { unit: string; parent?: number; body: string; horizon: string; at: string }) {
  const { meta } = await env.DB.prepare(
    `INSERT INTO comments (unit, parent_id, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
     VALUES (?1, ?2, ?3, 'tag', 'A reader', ?4, ?5, '', '[]', ?3, ?6)`,
  )
    .bind(row.unit, row.parent ?? null, crypto.randomUUID(), row.body, row.horizon, row.at)
    .run();
  return meta.last_row_id;
}

async function history(comment: number, action: "posted" | "restamped", horizon: string, at: string) {
  await env.DB.prepare(
    `INSERT INTO comment_history (comment_id, at, action, by_uid, horizon) VALUES (?1, ?2, ?3, 'x', ?4)`,
  )
    .bind(comment, at, action, horizon)
    .run();
}

const answered = async (id: number) =>
  (await env.DB.prepare(`SELECT answered_horizon FROM comments WHERE id = ?1`).bind(id).first<{
    answered_horizon: string | null;
  }>())!.answered_horizon;

describe("replies posted before the site kept what they answered", () => {
  it("are put behind what their comment touched when each was written, by the migration", async () => {
    const comment = await insert({
      unit: "wn:1-1",
      body: "Raised to chapter 3",
      horizon: "wn:1-1",
      at: "2026-11-01T10:00:00.000Z",
    });
    await history(comment, "posted", "wn:1-3", "2026-11-01T10:00:00.000Z");
    const before = await insert({
      unit: "wn:1-1",
      parent: comment,
      body: "Answered at chapter 3",
      horizon: "anime:1-2",
      at: "2026-11-01T11:00:00.000Z",
    });
    const restamped = await insert({
      unit: "wn:1-1",
      parent: comment,
      body: "Re-stamped by a moderator",
      horizon: "wn:1-1",
      at: "2026-11-01T11:30:00.000Z",
    });
    await history(restamped, "restamped", "wn:1-1", "2026-11-01T11:45:00.000Z");
    // A moderator lowered the comment to the thread's chapter, which it now stands at.
    await history(comment, "restamped", "wn:1-1", "2026-11-01T12:00:00.000Z");
    const after = await insert({
      unit: "wn:1-1",
      parent: comment,
      body: "Answered at chapter 1",
      horizon: "anime:1-2",
      at: "2026-11-01T13:00:00.000Z",
    });
    // A comment with no history (loaded straight into the table): its replies answered it as it is.
    const unrecorded = await insert({
      unit: "wn:1-1",
      body: "No history",
      horizon: "wn:1-2",
      at: "2026-11-01T09:00:00.000Z",
    });
    const plain = await insert({
      unit: "wn:1-1",
      parent: unrecorded,
      body: "Under no history",
      horizon: "wn:1-2",
      at: "2026-11-01T09:30:00.000Z",
    });

    // Before the migration, a viewer of the anime's second episode (which left chapter 3 out) reads the first.
    expect(textsOf(await thread("wn:1-1", "anime:1-2"))).toContain("Answered at chapter 3");
    for (const statement of migration
      .replace(/^\s*--.*$/gm, "")
      .split(";")
      .map((each) => each.trim())
      .filter((each) => each.startsWith("UPDATE")))
      await env.DB.prepare(statement).run();

    expect(await answered(before)).toBe("wn:1-3");
    expect(await answered(restamped)).toBe("wn:1-1");
    expect(await answered(after)).toBe("wn:1-1");
    expect(await answered(plain)).toBe("wn:1-2");
    expect(await answered(comment)).toBeNull();
    const texts = textsOf(await thread("wn:1-1", "anime:1-2"));
    expect(texts).not.toContain("Answered at chapter 3");
    expect(texts).toEqual(
      expect.arrayContaining(["Raised to chapter 3", "Re-stamped by a moderator", "Answered at chapter 1"]),
    );
  });
});
