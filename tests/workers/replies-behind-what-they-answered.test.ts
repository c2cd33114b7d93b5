/**
 * Migration 0070: replies posted before the site kept what their comment touched when they were written
 * get it from the comment's history, so a comment a moderator lowered since does not show them to
 * readers short of what it touched then; a reply a moderator re-stamped keeps the moderator's horizon.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/discuss";
import { answered as answeredBy, post, saveProgress, textsOf, thread } from "../support/discussion";
import { callAsReader as call, form, readerCookie as cookieFor } from "../support/readers";
import { fetchDeployed } from "../support/site";
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

/**
 * Decision 92: a reply whose comment a moderator moved since is shown to a reader who has seen what the
 * comment touched when it was written and what the reply touches itself, in whatever media they saw each.
 * In the tiny pack the anime's first episode adapts the prologue and chapter 1 of arc 1, leaving chapter 2
 * (wn:1-3) out, and its second episode arc 2's chapter 1 (wn:2-1), whose readers are told all it shows.
 */
describe("a reply under a comment a moderator moved", () => {
  /** Posts through the thread's form and gives the new comment's or reply's id. */
  async function posted(cookie: string, unit: string, fields: Record<string, string>) {
    const answer = await post(cookie, unit, fields);
    expect(answer.fields).toEqual({});
    expect(answer.status).toBe(302);
    return Number(/#comment-(\d+)/.exec(answer.headers.get("Location") ?? "")?.[1]);
  }

  /**
   * A comment in the prologue's thread raised to arc 1's chapter 2, answered with `replies` (text:
   * horizon), then moved by a moderator to `movedTo`: what a reader who states `reveal` gets of them.
   */
  async function movedThread(name: string, replies: Record<string, string>, movedTo: string) {
    const writer = await cookieFor(`${name}-writer`);
    const answerer = await cookieFor(`${name}-answerer`);
    await saveProgress(`${name}-writer`, { webNovel: "wn:2-2" });
    await saveProgress(`${name}-answerer`, { webNovel: "wn:2-2", anime: "anime:1-2" });
    const id = await posted(writer, "wn:1-1", { text: `${name}: the comment`, horizon: "wn:1-3" });
    for (const [text, horizon] of Object.entries(replies))
      await posted(answerer, "wn:1-1", { text, horizon, parent: String(id) });
    const moderator = await cookieFor(`${name}-moderator`, { admin: true });
    const moved = await answeredBy(
      call(action, "/discuss/wn:1-1", {
        method: "POST",
        cookie: moderator,
        params: { unit: "wn:1-1" },
        body: form({ intent: "restamp", id: String(id), horizon: movedTo }),
      }),
    );
    expect(moved.status).toBe(302);
    return async (reveal: string) => {
      const data = await thread("wn:1-1", reveal);
      const comments = data.comments.content?.filter((comment) => comment.id === id) ?? null;
      return textsOf({ ...data, comments: { ...data.comments, content: comments } });
    };
  }

  it("shows the replies to a comment lowered within the web novel to a reader who saw their parts in different media", async () => {
    const textsFor = await movedThread(
      "lowered",
      { "lowered: and the anime's episode 2": "anime:1-2", "lowered: and arc 2": "wn:2-1" },
      "wn:1-1",
    );
    const all = ["lowered: the comment", "lowered: and the anime's episode 2", "lowered: and arc 2"];
    // Chapter 2 in the web novel, episode 2 in the anime (which tells arc 2's chapter 1): both replies.
    expect(await textsFor("anime:1-2,wn:1-3")).toEqual(all);
    // Progress in one medium: the web novel into arc 2 has seen all of it; the anime left chapter 2 out.
    expect(await textsFor("wn:2-2")).toEqual(all);
    expect(await textsFor("anime:1-2")).toEqual(["lowered: the comment"]);
    // Short of what the comment touched when it was answered, or of what a reply touches itself.
    expect(await textsFor("anime:1-2,wn:1-2")).toEqual(["lowered: the comment"]);
    expect(await textsFor("wn:1-3")).toEqual(["lowered: the comment"]);
  });

  it("shows the replies to a comment moved to the anime to a reader who saw their parts in different media", async () => {
    const textsFor = await movedThread(
      "crossed",
      { "crossed: and arc 2": "wn:2-1", "crossed: and the anime's episode 2": "anime:1-2" },
      "anime:1-1",
    );
    // The comment needs the anime's first episode now; its replies still chapter 2, which that left out.
    expect(await textsFor("anime:1-2,wn:1-3")).toEqual([
      "crossed: the comment",
      "crossed: and arc 2",
      "crossed: and the anime's episode 2",
    ]);
    expect(await textsFor("anime:1-2")).toEqual(["crossed: the comment"]);
    expect(await textsFor("anime:1-1,wn:1-3")).toEqual(["crossed: the comment"]);
    // The web novel alone does not tell the anime's first episode: nothing of it.
    expect(await textsFor("wn:2-2")).toEqual([]);
  });

  it("gives the reply's text in the API to a requester who saw its parts in different media, and to no one short of either", async () => {
    await movedThread("api", { "api: and the anime's episode 2": "anime:1-2" }, "wn:1-1");
    const api = async (reveal: string) =>
      (
        await fetchDeployed(`/api/v1/discussions/wn:1-1?reveal=${encodeURIComponent(reveal)}`, {
          headers: { "CF-Connecting-IP": "192.0.2.193" },
        })
      ).text();
    expect(await api("anime:1-2,wn:1-3")).toContain("api: and the anime's episode 2");
    for (const reveal of ["wn:1-3", "anime:1-2", "anime:1-2,wn:1-2"]) {
      const body = await api(reveal);
      expect(body, reveal).toContain("api: the comment");
      expect(body, reveal).not.toContain("api: and the anime's episode 2");
    }
  });
});
