import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/discuss";
import { action as deleteAccount } from "~/routes/account.delete";
import { loader as yourDiscussion } from "~/routes/discuss._index";
import { action as queueAction, loader as queueLoader } from "~/routes/feedback-hub.triage-comments";
import { EDITS_PER_COMMENT, NEW_WRITER_LIMITS, STRIKES_TO_STOP } from "~/lib/discussion/standing";
import { editHorizonChoices } from "~/lib/discussion/horizon";
import { knewNoMore } from "~/lib/discussion/thread";
import { knowledgeOfUnits } from "~/lib/shield/knowledge";
import { answered, post, saveProgress, textsOf, thread } from "../support/discussion";
import { fetchDeployed } from "../support/site";
import { callAsReader as call, form, readerCookie as cookieFor } from "../support/readers";
import { present } from "../support/workers-context";
import { forgetAccount } from "~/models/account.server";
import { decideOnComment, reportComment } from "~/models/comment-moderation.server";
import { editComment, postComment } from "~/models/discussions.server";
import { limitedHit } from "~/models/rate-limits.server";
import { type LimitedHitFor, submitReport } from "~/models/report-filing.server";

/** Sends one of the thread's forms (edit, report, moderators' decisions) for comment `id`. */
const send = (cookie: string, unit: string, fields: Record<string, string>) =>
  answered(call(action, `/discuss/${unit}`, { method: "POST", cookie, params: { unit }, body: form(fields) }));

/** Posts a comment and gives its id. */
async function posted(cookie: string, unit: string, text: string, horizon = unit) {
  const answer = await post(cookie, unit, { text, horizon });
  expect(answer.status).toBe(302);
  return Number(/#comment-(\d+)/.exec(answer.headers.get("Location") ?? "")?.[1]);
}

const version = async (id: number) =>
  present(
    await env.DB.prepare(`SELECT coalesce(edited_at, created_at) AS version FROM comments WHERE id = ?1`)
      .bind(id)
      .first<{ version: string }>(),
  ).version;

describe("discussion moderation: edits, reports, decisions and standing (against real D1)", () => {
  it("lets a writer edit within 15 minutes, keeps the text before for moderators, and keeps one of two edits at once", async () => {
    const cookie = await cookieFor("editor-1");
    await saveProgress("editor-1", { webNovel: "wn:1-3" });
    const id = await posted(cookie, "wn:1-2", "First words");
    const first = await version(id);
    const edited = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: first,
      text: "Better words",
    });
    expect(edited.status).toBe(302);
    expect(textsOf(await thread("wn:1-2", "wn:1-2"))).toEqual(["Better words"]);
    const history = await env.DB.prepare(`SELECT action, body FROM comment_history WHERE comment_id = ?1 ORDER BY id`)
      .bind(id)
      .all();
    expect(history.results).toEqual([
      { action: "posted", body: null },
      { action: "edited", body: "First words" },
    ]);

    // An edit from a page drawn before that one: refused with its text kept, the other edit stands.
    const stale = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: first,
      text: "Older tab",
    });
    expect(stale.status).toBe(409);
    expect(stale.fields.form).toMatch(/edited elsewhere/);
    expect(stale.values).toMatchObject({ text: "Older tab", form: `edit:${id}` });

    // Two at once from the same page: one is kept, the other told.
    const current = await version(id);
    const both = await Promise.all(
      ["Tab A", "Tab B"].map((text) =>
        send(cookie, "wn:1-2", { intent: "edit", form: `edit:${id}`, id: String(id), version: current, text }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const kept = both[both.findIndex((answer) => answer.status === 302)] === both[0] ? "Tab A" : "Tab B";
    expect(textsOf(await thread("wn:1-2", "wn:1-2"))).toEqual([kept]);

    // Someone else cannot edit it, and nobody can once 15 minutes have passed.
    const other = await cookieFor("editor-2");
    const foreign = await send(other, "wn:1-2", {
      intent: "edit",
      id: String(id),
      version: await version(id),
      text: "Mine now",
    });
    expect(foreign.status).toBe(409);
    await env.DB.prepare(`UPDATE comments SET created_at = ?2, edited_at = NULL WHERE id = ?1`)
      .bind(id, new Date(Date.now() - 16 * 60_000).toISOString())
      .run();
    const late = await send(cookie, "wn:1-2", {
      intent: "edit",
      id: String(id),
      version: await version(id),
      text: "Too late now",
    });
    expect(late.status).toBe(409);
    expect(late.fields.form).toMatch(/15 minutes/);
    const empty = await send(cookie, "wn:1-2", {
      intent: "edit",
      id: String(id),
      version: await version(id),
      text: " ",
    });
    expect(empty.fields.text).toBeTruthy();

    // Deleting it takes its earlier versions too.
    expect((await send(cookie, "wn:1-2", { intent: "delete", id: String(id) })).status).toBe(302);
    const versions = await env.DB.prepare(
      `SELECT count(*) AS n FROM comment_history WHERE comment_id = ?1 AND body IS NOT NULL`,
    )
      .bind(id)
      .first<{ n: number }>();
    expect(versions?.n).toBe(0);
  });

  it("takes a reader's report into the moderators' queue once, and a decision there closes it and tells the writer why, behind the shield", async () => {
    const writer = await cookieFor("reported-writer", { name: "Kit" });
    const reader = await cookieFor("reporting-reader");
    await saveProgress("reported-writer", { webNovel: "wn:2-2" });
    await saveProgress("reporting-reader", { webNovel: "wn:2-2" });
    const id = await posted(writer, "wn:1-3", "Wait until <b>arc 2</b> ends");
    const report = (cookie: string, fields: Record<string, string>) =>
      send(cookie, "wn:1-3", { intent: "report", form: `report:${id}`, id: String(id), ...fields });

    expect((await report(reader, { kind: "nonsense" })).fields.kind).toBeTruthy();
    // A unit the reporter has not seen cannot be named.
    expect((await report(reader, { kind: "spoiler", needs: "anime:1-2" })).fields.needs).toMatch(/seen yourself/);
    expect(
      (await report(reader, { kind: "spoiler", needs: "wn:2-2", note: "x".repeat(501) })).fields.note,
    ).toBeTruthy();
    expect((await report(writer, { kind: "abuse" })).status).toBe(409);
    expect((await report(reader, { kind: "spoiler", needs: "wn:2-2", note: "Spoils the arc's end" })).status).toBe(302);
    const again = await report(reader, { kind: "abuse" });
    expect(again.status).toBe(409);
    expect(again.fields.form).toMatch(/already reported/);

    const moderator = await cookieFor("queue-moderator", { admin: true });
    expect((await call(queueLoader, "/feedback_hub/triage/comments", { cookie: reader })).status).toBe(403);
    const queue = await call(queueLoader, "/feedback_hub/triage/comments", { cookie: moderator });
    expect(queue.status).toBe(200);
    const waiting = (queue.data as unknown as { comments: { id: number; reports: { needs: { key: string } }[] }[] })
      .comments;
    expect(waiting.map((comment) => comment.id)).toEqual([id]);
    expect(waiting[0]?.reports[0]?.needs.key).toBe("wn:2-2");

    // Re-stamped from the queue with a reason: the comment leaves the queue and a reader of the thread's chapter.
    const decided = await call(queueAction, "/feedback_hub/triage/comments", {
      method: "POST",
      cookie: moderator,
      body: form({
        intent: "restamp",
        form: `moderate:${id}`,
        id: String(id),
        unit: "wn:1-3",
        horizon: "wn:2-2",
        reason: "It tells how arc 2 ends",
      }),
    });
    expect(decided.status).toBe(302);
    expect(textsOf(await thread("wn:1-3", "wn:1-3"))).toEqual([]);
    const after = await call(queueLoader, "/feedback_hub/triage/comments", { cookie: moderator });
    expect((after.data as unknown as { comments: unknown[] }).comments).toEqual([]);
    const dismissed = await call(queueAction, "/feedback_hub/triage/comments", {
      method: "POST",
      cookie: moderator,
      body: form({ intent: "dismiss", form: `dismiss:${id}`, id: String(id) }),
    });
    expect(dismissed.status).toBe(409);

    // The writer is told, with the reason, only as far as they know; never the comment's text.
    await saveProgress("reported-writer", { webNovel: "wn:1-3" });
    const short = await call(yourDiscussion, "/discuss?reveal=wn%3A1-3", { cookie: writer });
    const shortBody = JSON.stringify(short.data);
    expect(shortBody).not.toMatch(/tells how|Wait until/);
    const decisions = (short.data as unknown as { decisions: { action: string; thread: { content: unknown } }[] })
      .decisions;
    expect(decisions.map((decision) => decision.action)).toEqual(["restamped"]);
    expect(decisions[0]?.thread.content).toMatchObject({ key: "wn:1-3", commentId: id });
    const known = await call(yourDiscussion, "/discuss?reveal=wn%3A2-2", { cookie: writer });
    expect(JSON.stringify(known.data)).toMatch(/It tells how arc 2 ends/);
    expect(JSON.stringify(known.data)).not.toMatch(/Wait until/);
  });

  it("holds a new writer to stricter limits, and slows then stops a writer whose comments moderators keep moving", async () => {
    const fresh = await cookieFor("fresh-writer");
    await saveProgress("fresh-writer", { webNovel: "wn:1-3" }, { newWriter: true });
    const burst = await Promise.all(
      [0, 1, 2].map((index) => post(fresh, "wn:1-1", { text: `New here ${index}`, horizon: "wn:1-1" })),
    );
    expect(burst.filter((answer) => answer.status === 302)).toHaveLength(NEW_WRITER_LIMITS.perMinute);
    expect(burst.find((answer) => answer.status === 429)?.fields.form).toMatch(/a comment in the last minute/);

    const struck = await cookieFor("struck-writer");
    await saveProgress("struck-writer", { webNovel: "wn:2-2" });
    const moderator = await cookieFor("strict-moderator", { admin: true });
    const ids = [];
    for (let index = 0; index < STRIKES_TO_STOP; index++) {
      // Each in its own minute's window, as a writer posting over a week would.
      await env.DB.prepare(`DELETE FROM rate_limit_windows WHERE client = 'struck-writer'`).run();
      ids.push(await posted(struck, "wn:1-2", `Careless ${index}`));
    }
    // A hide undone is no strike.
    await send(moderator, "wn:1-2", { intent: "hide", id: String(ids[0]) });
    await send(moderator, "wn:1-2", { intent: "restore", id: String(ids[0]) });
    for (const id of ids.slice(1))
      await send(moderator, "wn:1-2", { intent: "restamp", id: String(id), horizon: "wn:2-2" });
    await env.DB.prepare(`DELETE FROM rate_limit_windows WHERE client = 'struck-writer'`).run();
    // Three strikes: slowed to one a minute.
    const slowed = await Promise.all(
      [0, 1].map((index) => post(struck, "wn:1-2", { text: `Slowed ${index}`, horizon: "wn:1-2" })),
    );
    expect(slowed.map((answer) => answer.status).sort()).toEqual([302, 429]);
    await send(moderator, "wn:1-2", { intent: "restamp", id: String(ids[0]), horizon: "wn:2-2" });
    await env.DB.prepare(`DELETE FROM rate_limit_windows WHERE client = 'struck-writer'`).run();
    const stopped = await post(struck, "wn:1-2", { text: "Stopped now", horizon: "wn:1-2" });
    expect(stopped.status).toBe(403);
    expect(stopped.fields.form).toMatch(/Posting is paused/);
    expect(stopped.values.text).toBe("Stopped now");
  });

  it("lets a writer raise what their comment touches as they edit it, to what their saved progress reaches, never lower", async () => {
    const cookie = await cookieFor("raiser-1");
    await saveProgress("raiser-1", { webNovel: "wn:2-1", anime: "anime:1-2" });
    const id = await posted(cookie, "wn:1-2", "The lantern answers her");
    const edit = async (fields: Record<string, string>) =>
      send(cookie, "wn:1-2", {
        intent: "edit",
        form: `edit:${id}`,
        id: String(id),
        version: await version(id),
        ...fields,
      });
    const horizon = async () =>
      present(await env.DB.prepare(`SELECT horizon FROM comments WHERE id = ?1`).bind(id).first<{ horizon: string }>())
        .horizon;

    // A key of no unit (a form made by hand): not one of the choices, whatever the writer has read.
    const nowhere = await edit({ text: "The lantern answers her, somewhere", horizon: "wn:2-999" });
    expect(nowhere.status).toBe(400);
    expect(nowhere.fields.horizon).toBe("Choose what your comment touches from the list.");
    expect(await horizon()).toBe("wn:1-2");

    // Past what the writer's saved progress reaches: refused beside the field, the text kept, nothing changed.
    const beyond = await edit({ text: "The lantern answers her, as arc 2 shows", horizon: "wn:2-2" });
    expect(beyond.status).toBe(400);
    expect(beyond.fields.horizon).toMatch(/does not reach that far/);
    expect(beyond.values).toMatchObject({ text: "The lantern answers her, as arc 2 shows", horizon: "wn:2-2" });
    expect(await horizon()).toBe("wn:1-2");

    // Raised with the text that needs it: a reader of the thread's chapter no longer gets it.
    const raised = await edit({ text: "The lantern answers her, as the hall shows", horizon: "wn:2-1" });
    expect(raised.status).toBe(302);
    expect(await horizon()).toBe("wn:2-1");
    expect(textsOf(await thread("wn:1-2", "wn:1-3"))).not.toContain("The lantern answers her, as the hall shows");
    expect(textsOf(await thread("wn:1-2", "wn:2-1"))).toContain("The lantern answers her, as the hall shows");
    const history = await env.DB.prepare(
      `SELECT action, body, horizon FROM comment_history WHERE comment_id = ?1 ORDER BY id`,
    )
      .bind(id)
      .all();
    expect(history.results).toEqual([
      { action: "posted", body: null, horizon: "wn:1-2" },
      { action: "edited", body: "The lantern answers her", horizon: "wn:2-1" },
    ]);

    // Lowered back, or moved from a raised place to another line the writer has seen: refused, nothing changed.
    for (const lower of ["wn:1-2", "wn:1-3", "anime:1-2"]) {
      const refused = await edit({ text: "Back down", horizon: lower });
      expect(refused.status).toBe(400);
      expect(refused.fields.horizon).toMatch(/never lower it/);
      expect(refused.values.text).toBe("Back down");
    }
    expect(await horizon()).toBe("wn:2-1");
    // A form without the field (drawn before it could be chosen) edits the text and keeps the horizon.
    expect((await edit({ text: "The lantern answers her, as the hall says" })).status).toBe(302);
    expect(await horizon()).toBe("wn:2-1");

    // A moderator moves it while the writer edits: the edit, checked against the horizon it read, changes nothing.
    await cookieFor("raise-moderator", { admin: true });
    expect(
      await decideOnComment(env.DB, {
        id,
        unit: "wn:1-2",
        by: "raiser-1",
        decision: { action: "restamp", horizon: "wn:2-2" },
      }),
    ).toBe("decided");
    const late = await editComment(env.DB, {
      id,
      unit: "wn:1-2",
      uid: "raiser-1",
      text: "Lowered behind the moderator's back",
      horizon: "wn:2-1",
      horizonWas: "wn:2-1",
      version: await version(id),
      stamp: null,
    });
    expect(late).toEqual({ edited: false, problem: "moved" });
    expect(await horizon()).toBe("wn:2-2");
    // Through the form drawn before the move, the writer is told it was moved, beside the field, their text kept.
    const told = await edit({ text: "Lowered behind the moderator's back", horizon: "wn:2-1", horizonWas: "wn:2-1" });
    expect(told.status).toBe(409);
    expect(told.fields.horizon).toMatch(/A moderator moved what this comment touches/);
    expect(told.values.text).toBe("Lowered behind the moderator's back");
    // A form without what it showed (drawn before it was sent) is held to the rule alone.
    const unsaid = await edit({ text: "Lowered behind the moderator's back", horizon: "wn:2-1" });
    expect(unsaid.fields.horizon).toMatch(/never lower it/);
    expect(await horizon()).toBe("wn:2-2");
  });

  it("tells a writer whose other tab raised what the comment touches that it was edited elsewhere, not that a moderator moved it", async () => {
    const cookie = await cookieFor("two-tabs-1");
    await saveProgress("two-tabs-1", { webNovel: "wn:2-1" });
    const id = await posted(cookie, "wn:1-2", "Two tabs open on it");
    const drawn = await version(id);
    // Both tabs drew the form from the comment as posted; one raises it.
    const raised = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: drawn,
      text: "Two tabs open on it, raised",
      horizon: "wn:2-1",
      horizonWas: "wn:1-2",
    });
    expect(raised.status).toBe(302);
    // The other tab's edit, drawn before that one: told it was edited elsewhere, its text kept; no moderator did anything.
    const other = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: drawn,
      text: "Two tabs open on it, typo fixed",
      horizon: "wn:1-2",
      horizonWas: "wn:1-2",
    });
    expect(other.status).toBe(409);
    expect(other.fields.horizon).toBeUndefined();
    expect(other.fields.form).toMatch(/edited elsewhere/);
    expect(other.values.text).toBe("Two tabs open on it, typo fixed");
    expect(textsOf(await thread("wn:1-2", "wn:2-1"))).toContain("Two tabs open on it, raised");
  });

  it('stamps an edited comment with what its writer has seen as they edit it, so strict mode and "Had seen" speak of who wrote its words', async () => {
    const cookie = await cookieFor("stamp-editor");
    await saveProgress("stamp-editor", { webNovel: "wn:1-2" });
    const id = await posted(cookie, "wn:1-2", "Before reading on");
    // The writer reads on, then edits what they wrote with what they now know, raising it.
    await saveProgress("stamp-editor", { webNovel: "wn:2-2" });
    const edited = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: await version(id),
      text: "After reading on to arc 2",
      horizon: "wn:2-1",
      horizonWas: "wn:1-2",
    });
    expect(edited.status).toBe(302);
    const comment = (await thread("wn:1-2", "wn:2-1")).comments.content?.find((each) => each.id === id)?.content;
    expect(comment?.text).toBe("After reading on to arc 2");
    // A strict reader at arc 2's first chapter: its writer had seen more when they wrote these words.
    expect(knewNoMore(present(comment).writerKnew, knowledgeOfUnits(["wn:2-1"]))).toBe(false);
    expect(knewNoMore(present(comment).writerKnew, knowledgeOfUnits(["wn:2-2"]))).toBe(true);
    expect(present(comment).stamp.map((place) => place.key)).toEqual(["wn:2-2"]);

    // Set back since, an edit keeps what the words were first written knowing.
    await saveProgress("stamp-editor", { webNovel: "wn:1-3" });
    const again = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: await version(id),
      text: "After reading on to arc 2, typo fixed",
    });
    expect(again.status).toBe(302);
    const kept = (await thread("wn:1-2", "wn:2-1")).comments.content?.find((each) => each.id === id)?.content;
    expect(knewNoMore(present(kept).writerKnew, knowledgeOfUnits(["wn:2-1"]))).toBe(false);
    expect(present(kept).stamp.map((place) => place.key)).toEqual(["wn:2-2"]);
  });

  it("stamps a comment edited after its writer went back in the web novel and on in the anime with both places, not as knowing everything", async () => {
    const cookie = await cookieFor("crossing-editor");
    await saveProgress("crossing-editor", { webNovel: "wn:1-3" });
    const id = await posted(cookie, "wn:1-2", "Written at chapter 3");
    // Back one chapter in the web novel (a mistake set right), on into the anime.
    await saveProgress("crossing-editor", { webNovel: "wn:1-2", anime: "anime:1-2" });
    const edited = await send(cookie, "wn:1-2", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: await version(id),
      text: "Written at chapter 3, and the anime's second episode",
    });
    expect(edited.status).toBe(302);
    const comment = (await thread("wn:1-2", "anime:1-2,wn:1-3")).comments.content?.find(
      (each) => each.id === id,
    )?.content;
    expect(
      present(comment)
        .stamp.map((place) => place.key)
        .sort(),
    ).toEqual(["anime:1-2", "wn:1-3"]);
    // Strict mode shows it to a reader who has seen both places, and to no one short of either.
    expect(knewNoMore(present(comment).writerKnew, knowledgeOfUnits(["wn:1-3", "anime:1-2"]))).toBe(true);
    expect(knewNoMore(present(comment).writerKnew, knowledgeOfUnits(["wn:1-3", "anime:1-1"]))).toBe(false);
    expect(knewNoMore(present(comment).writerKnew, knowledgeOfUnits(["wn:1-2", "anime:1-2"]))).toBe(false);
  });

  it("keeps the replies to a comment a moderator lowers behind what it touched when they were written, and moves a reply a moderator re-stamps", async () => {
    const writer = await cookieFor("lowered-writer");
    const answerer = await cookieFor("lowered-answerer");
    await saveProgress("lowered-writer", { webNovel: "wn:2-2" });
    await saveProgress("lowered-answerer", { webNovel: "wn:2-2", anime: "anime:1-2" });
    // Raised to the chapter the anime left out.
    const id = await posted(writer, "wn:1-1", "Raised to chapter 3", "wn:1-3");
    // Answered knowing chapter 3: one at what the comment touches, one raised to the anime's second episode.
    const reply = async (text: string, horizon: string) => {
      const answer = await post(answerer, "wn:1-1", { text, horizon, parent: String(id) });
      expect(answer.status).toBe(302);
      return Number(/#comment-(\d+)/.exec(answer.headers.get("Location") ?? "")?.[1]);
    };
    await reply("As chapter 3 shows", "wn:1-3");
    const raised = await reply("Chapter 3, and the anime's second episode", "anime:1-2");
    const moderator = await cookieFor("lowering-moderator", { admin: true });
    // The texts of this comment and its replies in a thread's data (other tests write in the thread too).
    const textsUnder = (data: Awaited<ReturnType<typeof thread>>) =>
      textsOf({
        ...data,
        comments: { ...data.comments, content: data.comments.content?.filter((each) => each.id === id) ?? null },
      });
    expect((await send(moderator, "wn:1-1", { intent: "restamp", id: String(id), horizon: "wn:1-1" })).status).toBe(
      302,
    );

    // A viewer of the anime's second episode, which left chapter 3 out: the comment now, neither reply,
    // in the page's data and in the API's answer.
    const page = await thread("wn:1-1", "anime:1-2");
    expect(textsUnder(page)).toEqual(["Raised to chapter 3"]);
    const replies = present(page.comments.content?.find((comment) => comment.id === id)?.content).replies;
    expect(replies.map((each) => each.content?.content ?? null)).toEqual([null, null]);
    // Its fold names what the raised reply needs besides its own horizon.
    expect(replies[1]?.answered?.key).toBe("wn:1-3");
    const api = await (
      await fetchDeployed("/api/v1/discussions/wn:1-1?reveal=anime%3A1-2", {
        headers: { "CF-Connecting-IP": "192.0.2.201" },
      })
    ).text();
    expect(api).toContain("Raised to chapter 3");
    for (const text of ["As chapter 3 shows", "Chapter 3, and the anime's second episode"])
      expect(api).not.toContain(text);
    expect(textsUnder(await thread("wn:1-1", "all"))).toEqual([
      "Raised to chapter 3",
      "As chapter 3 shows",
      "Chapter 3, and the anime's second episode",
    ]);

    // A moderator who re-stamps a reply says what it touches: at the thread's chapter, its readers see it.
    expect((await send(moderator, "wn:1-1", { intent: "restamp", id: String(raised), horizon: "wn:1-1" })).status).toBe(
      302,
    );
    expect(textsUnder(await thread("wn:1-1", "wn:1-1"))).toEqual([
      "Raised to chapter 3",
      "Chapter 3, and the anime's second episode",
    ]);
  });

  it("keeps showing the replies to a comment its writer raised to the readers who read them", async () => {
    const writer = await cookieFor("raising-writer");
    const answerer = await cookieFor("raising-answerer");
    await saveProgress("raising-writer", { webNovel: "wn:2-2", anime: "anime:1-2" });
    await saveProgress("raising-answerer", { webNovel: "wn:2-2", anime: "anime:1-2" });
    const id = await posted(writer, "wn:1-3", "At chapter 3 for now");
    const answer = await post(answerer, "wn:1-3", {
      text: "And the anime's second episode",
      horizon: "anime:1-2",
      parent: String(id),
    });
    expect(answer.status).toBe(302);
    // The writer raises their comment to the anime's second episode as they edit it: its readers are the
    // thread's, who know chapter 3, as before.
    const raised = await send(writer, "wn:1-3", {
      intent: "edit",
      form: `edit:${id}`,
      id: String(id),
      version: await version(id),
      text: "At chapter 3, and the anime's second episode",
      horizon: "anime:1-2",
      horizonWas: "wn:1-3",
    });
    expect(raised.status).toBe(302);
    const comment = (await thread("wn:1-3", "anime:1-2,wn:1-3")).comments.content?.find((each) => each.id === id);
    expect(present(comment?.content).replies.map((reply) => reply.content?.content?.text)).toEqual([
      "And the anime's second episode",
    ]);
  });

  it("keeps a comment on a chapter the anime left out from being raised to one it adapts, whose viewers never saw it", async () => {
    // The first episode adapts arc 1's chapters 1 and 2, the second arc 2's first: chapter 3 is the web novel's and the light novel's.
    const cookie = await cookieFor("raiser-2");
    await saveProgress("raiser-2", { webNovel: "wn:2-2" });
    const text = "What the third chapter left unsaid";
    const id = await posted(cookie, "wn:1-2", text, "wn:1-3");
    const raise = async (horizon: string) =>
      send(cookie, "wn:1-2", {
        intent: "edit",
        form: `edit:${id}`,
        id: String(id),
        version: await version(id),
        text,
        horizon,
        horizonWas: "wn:1-3",
      });
    const refused = await raise("wn:2-1");
    expect(refused.status).toBe(400);
    expect(refused.fields.horizon).toMatch(/have not seen what your comment touches now/);
    expect(refused.values.text).toBe(text);
    expect(textsOf(await thread("wn:1-2", "anime:1-2"))).not.toContain(text);
    expect(textsOf(await thread("wn:1-2", "wn:1-3"))).toContain(text);
    // Further on where only the web novel and the light novels go, it may be raised.
    expect((await raise("wn:2-2")).status).toBe(302);
    expect(textsOf(await thread("wn:1-2", "anime:1-2"))).not.toContain(text);
  });

  it("offers an edit only the horizons the site takes: none that shows a comment on a left-out chapter to the anime's viewers", async () => {
    // The writer has read to arc 2's first chapter, which the second episode adapts; their comment touches
    // chapter 3, which no episode does.
    const cookie = await cookieFor("raiser-3");
    await saveProgress("raiser-3", { webNovel: "wn:2-1" });
    const id = await posted(cookie, "wn:1-2", "What the third chapter left unsaid", "wn:1-3");
    // The edit form's choices, from the thread as its writer's page has it.
    const page = await thread("wn:1-2", "wn:2-1");
    const comment = present(page.comments.content?.find((each) => each.id === id));
    const offered = editHorizonChoices(
      page.unit,
      knowledgeOfUnits(["wn:2-1"]),
      null,
      { ...comment.horizon, readBy: comment.revealedBy },
      page.readerPlaces,
    ).map((choice) => choice.key);
    // Each one offered is taken.
    for (const [index, horizon] of offered.entries()) {
      const saved = await send(cookie, "wn:1-2", {
        intent: "edit",
        form: `edit:${id}`,
        id: String(id),
        version: await version(id),
        text: `What the third chapter left unsaid (${index})`,
        horizon,
        horizonWas: "wn:1-3",
      });
      expect(saved.fields).toEqual({});
      expect(saved.status).toBe(302);
    }
    expect(offered).toEqual(["wn:1-3"]);
  });

  it("deleting an account takes its comments' text, earlier versions, name and stamp, its reports and progress, and ends its session", async () => {
    const leaving = await cookieFor("leaving-writer", { name: "Lee" });
    const staying = await cookieFor("staying-reader", { name: "Sam" });
    await saveProgress("leaving-writer", { webNovel: "wn:2-2" });
    await saveProgress("staying-reader", { webNovel: "wn:2-2" });
    const id = await posted(leaving, "wn:2-1", "Words of a reader who leaves");
    await send(leaving, "wn:2-1", { intent: "edit", id: String(id), version: await version(id), text: "Edited words" });
    await post(staying, "wn:2-1", { text: "An answer that stays", horizon: "wn:2-1", parent: String(id) });
    const other = await posted(staying, "wn:2-1", "A comment the leaver reports");
    await send(leaving, "wn:2-1", { intent: "report", id: String(other), kind: "abuse" });

    const unconfirmed = await call(deleteAccount, "/account/delete", {
      method: "POST",
      cookie: leaving,
      body: form({}),
    });
    expect(unconfirmed.status).toBe(400);
    expect(JSON.stringify(unconfirmed.data)).toMatch(/Tick the box/);
    const deleted = await call(deleteAccount, "/account/delete", {
      method: "POST",
      cookie: leaving,
      body: form({ confirm: "yes" }),
    });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);

    const after = present(
      (await thread("wn:2-1", "wn:2-2")).comments.content?.find((comment) => comment.id === id)?.content,
    );
    expect(after).toMatchObject({ removed: "deleted", text: "", author: "", stamp: [] });
    expect(after.replies.map((reply) => reply.content?.content?.text)).toEqual(["An answer that stays"]);
    const left = await env.DB.batch([
      env.DB.prepare(`SELECT count(*) AS n FROM comments WHERE uid = 'leaving-writer'`),
      env.DB.prepare(`SELECT count(*) AS n FROM comment_history WHERE comment_id = ?1 AND body IS NOT NULL`).bind(id),
      env.DB.prepare(`SELECT count(*) AS n FROM comment_reports WHERE uid = 'leaving-writer'`),
      env.DB.prepare(`SELECT count(*) AS n FROM reading_progress WHERE uid = 'leaving-writer'`),
      env.DB.prepare(`SELECT count(*) AS n FROM sessions WHERE uid = 'leaving-writer'`),
    ]);
    expect(left.map((result) => (result.results[0] as { n: number }).n)).toEqual([0, 0, 0, 0, 0]);
    expect(JSON.stringify(await thread("wn:2-1", "all"))).not.toMatch(/Lee|leaves|Edited words/);
  });

  it("answers a report of a comment the reporter's progress does not reveal as one of a comment that is not there", async () => {
    const writer = await cookieFor("hidden-reply-writer");
    const reporter = await cookieFor("hidden-reply-reporter");
    await saveProgress("hidden-reply-writer", { webNovel: "wn:2-2" });
    await saveProgress("hidden-reply-reporter", { webNovel: "wn:1-3" });
    const comment = await posted(writer, "wn:1-2", "Open words");
    const reply = await post(writer, "wn:1-2", { text: "Arc 2 words", horizon: "wn:2-2", parent: String(comment) });
    const hidden = Number(/#comment-(\d+)/.exec(reply.headers.get("Location") ?? "")?.[1]);
    const report = (id: number) => send(reporter, "wn:1-2", { intent: "report", id: String(id), kind: "abuse" });
    const [sealed, missing] = [await report(hidden), await report(999_999)];
    expect(sealed.status).toBe(409);
    expect({ status: sealed.status, fields: sealed.fields }).toEqual({
      status: missing.status,
      fields: missing.fields,
    });
    // Sent again, the answer is the same: no "already reported" to tell it apart.
    expect((await report(hidden)).fields).toEqual(missing.fields);
    const stored = await env.DB.prepare(`SELECT count(*) AS n FROM comment_reports WHERE comment_id = ?1`)
      .bind(hidden)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    // The comment the reporter can read is reported.
    expect((await report(comment)).status).toBe(302);
  });

  it("answers a report of a reply or comment whose own horizon the reporter has seen, but not its comment's or its thread's, as one that is not there", async () => {
    const writer = await cookieFor("gated-reply-writer");
    await saveProgress("gated-reply-writer", { webNovel: "wn:2-2", anime: "anime:1-1", recuts: ["anime:1r1-2"] });
    // A comment touching arc 2, and under it a reply touching only the anime's first episode (another line).
    const comment = await posted(writer, "wn:1-2", "Arc 2 words above", "wn:2-2");
    const reply = await post(writer, "wn:1-2", {
      text: "First episode words",
      horizon: "anime:1-1",
      parent: String(comment),
    });
    expect(reply.status).toBe(302);
    const underneath = Number(/#comment-(\d+)/.exec(reply.headers.get("Location") ?? "")?.[1]);
    // In the thread of the recut's episode that adds a scene of its own, a comment touching arc 2.
    const inRecut = await posted(writer, "anime:1r1-2", "Arc 2 words in the recut's thread", "wn:2-2");

    const viewer = await cookieFor("gated-reply-viewer");
    await saveProgress("gated-reply-viewer", { anime: "anime:1-1" });
    const reader = await cookieFor("gated-recut-reader");
    await saveProgress("gated-recut-reader", { webNovel: "wn:2-2" });
    const report = (cookie: string, unit: string, id: number) =>
      send(cookie, unit, { intent: "report", id: String(id), kind: "abuse" });
    const missing = await report(viewer, "wn:1-2", 999_999);
    // The viewer of episode 1 sees neither the comment nor so its replies: nothing tells them one stands.
    const sealedReply = await report(viewer, "wn:1-2", underneath);
    expect({ status: sealedReply.status, fields: sealedReply.fields }).toEqual({
      status: missing.status,
      fields: missing.fields,
    });
    // The web novel reader has not seen the recut's scene its thread is about.
    const sealedComment = await report(reader, "anime:1r1-2", inRecut);
    expect({ status: sealedComment.status, fields: sealedComment.fields }).toEqual({
      status: missing.status,
      fields: missing.fields,
    });
    const stored = await env.DB.prepare(`SELECT count(*) AS n FROM comment_reports WHERE comment_id IN (?1, ?2)`)
      .bind(underneath, inRecut)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    // A reader who has seen all three reports the reply.
    const reaching = await cookieFor("gated-reply-reaching");
    await saveProgress("gated-reply-reaching", { webNovel: "wn:2-2", anime: "anime:1-1" });
    expect((await report(reaching, "wn:1-2", underneath)).status).toBe(302);
  });

  it("keeps nothing of a comment, report or decision on its way as the account was deleted", async () => {
    const uid = "racing-writer";
    await cookieFor(uid);
    const other = await cookieFor("raced-reader");
    await saveProgress(uid, { webNovel: "wn:2-2" });
    await saveProgress("raced-reader", { webNovel: "wn:2-2" });
    const target = await posted(other, "wn:1-2", "A comment to report");
    await forgetAccount(env.DB, uid);
    // Each found the session open just before; its batch arrives after the one that forgot the account.
    const hit = (action: "comment" | "report") => (onlyIf: Parameters<LimitedHitFor>[0]) =>
      limitedHit({ client: uid, action }, new Date(), onlyIf);
    const comment = {
      submissionId: crypto.randomUUID(),
      uid,
      writer: "tag",
      author: "Racer",
      unit: "wn:1-2",
      parentId: null,
      text: "Posted as I left",
      horizon: "wn:1-2",
      writerKnew: "wn:2-2",
      writerPlaces: ["wn:2-2"],
    };
    expect(await postComment(env.DB, comment, hit("comment"))).toEqual({ posted: false, problem: "signedOut" });
    expect(
      await reportComment(
        env.DB,
        { commentId: target, unit: "wn:1-2", uid, kind: "abuse", needs: null, note: "" },
        hit("report"),
      ),
    ).toEqual({ reported: false, problem: "signedOut" });
    expect(
      await submitReport(
        env.DB,
        {
          submissionId: crypto.randomUUID(),
          uid,
          kind: "bug",
          title: "Sent as I left",
          fields: {},
          unit: null,
          platform: null,
          timestamp: null,
        },
        hit("report"),
      ),
    ).toEqual({ stored: false, problem: "signedOut" });
    // A moderator's decision as they left decides nothing, so no history entry keeps their uid.
    const hide = { id: target, unit: "wn:1-2", decision: { action: "hide" } } as const;
    expect(await decideOnComment(env.DB, { ...hide, by: uid })).toBe("signedOut");
    const left = await env.DB.batch(
      [
        "comments WHERE uid",
        "comment_reports WHERE uid",
        "reports WHERE uid",
        "rate_limit_windows WHERE client",
        "comment_history WHERE by_uid",
      ].map((where) => env.DB.prepare(`SELECT count(*) AS n FROM ${where} = ?1`).bind(uid)),
    );
    expect(left.map((result) => (result.results[0] as { n: number }).n)).toEqual([0, 0, 0, 0, 0]);
    expect(await decideOnComment(env.DB, { ...hide, by: "raced-reader" })).toBe("decided");
    // The same writes for a reader still signed in go in.
    expect(
      await postComment(env.DB, { ...comment, uid: "raced-reader", submissionId: crypto.randomUUID() }, (onlyIf) =>
        limitedHit({ client: "raced-reader", action: "comment" }, new Date(), onlyIf),
      ),
    ).toMatchObject({ posted: true });
  });

  it("holds what an attacker tried: strikes a writer's deletions cannot wipe, a cap on edits, field errors for keys that name nothing, a reason behind the comment's horizon, no reply count in the total", async () => {
    const writer = await cookieFor("tried-writer");
    const moderator = await cookieFor("tried-moderator", { admin: true });
    await saveProgress("tried-writer", { webNovel: "wn:2-2" });

    // A key shaped like a unit that names none: a field error, the text kept.
    const nowhere = await post(writer, "wn:1-2", { text: "Touching nothing", horizon: "wn:1-999" });
    expect([nowhere.status, nowhere.values.text]).toEqual([400, "Touching nothing"]);
    expect(nowhere.fields.horizon).toBeTruthy();

    // Edits: at most EDITS_PER_COMMENT, and only at the comment's own thread.
    const id = await posted(writer, "wn:1-2", "Edit me");
    const edit = (unit: string, text: string) =>
      version(id).then((current) => send(writer, unit, { intent: "edit", id: String(id), version: current, text }));
    expect((await edit("wn:2-2", "From another thread")).status).toBe(409);
    for (let count = 1; count <= EDITS_PER_COMMENT; count++)
      expect((await edit("wn:1-2", `Edit ${count}`)).status).toBe(302);
    const often = await edit("wn:1-2", "One more");
    expect(often.status).toBe(409);
    expect(often.fields.form).toMatch(/edited 5 times/);

    // A report or a re-stamp naming no unit: a field error.
    const reader = await cookieFor("tried-reader");
    await saveProgress("tried-reader", { webNovel: "wn:2-2" });
    const report = await send(reader, "wn:1-2", {
      intent: "report",
      id: String(id),
      kind: "spoiler",
      needs: "wn:1-999",
    });
    expect(report.fields.needs).toBeTruthy();
    const restamp = await send(moderator, "wn:1-2", { intent: "restamp", id: String(id), horizon: "wn:1-999" });
    expect(restamp.fields.horizon).toMatch(/No part of the story/);

    // A raised comment with replies: the public total counts the comment, never its replies.
    const before = (await thread("wn:1-2", "wn:1-2")).total;
    const raised = await posted(writer, "wn:1-2", "Raised with replies", "wn:2-2");
    for (const index of [1, 2, 3])
      await post(reader, "wn:1-2", { text: `Reply ${index}`, horizon: "wn:2-2", parent: String(raised) });
    expect((await thread("wn:1-2", "wn:1-2")).total).toBe(before + 1);

    // Hidden with a reason that speaks of arc 2: the writer, short of arc 2, is not shown it.
    await send(moderator, "wn:1-2", { intent: "hide", id: String(raised), reason: "It tells how arc 2 ends" });
    await saveProgress("tried-writer", { webNovel: "wn:1-3" });
    const told = await call(yourDiscussion, "/discuss?reveal=wn%3A1-3", { cookie: writer });
    expect(JSON.stringify(told.data)).not.toMatch(/how arc 2 ends/);

    // Deleting hidden comments does not take their strikes away.
    await saveProgress("tried-writer", { webNovel: "wn:2-2" });
    const more = [];
    for (let index = 0; index < STRIKES_TO_STOP - 1; index++) {
      await env.DB.prepare(`DELETE FROM rate_limit_windows WHERE client = 'tried-writer'`).run();
      more.push(await posted(writer, "wn:2-1", `To be hidden ${index}`));
    }
    for (const hidden of more) await send(moderator, "wn:2-1", { intent: "hide", id: String(hidden) });
    for (const hidden of [...more]) await send(writer, "wn:2-1", { intent: "delete", id: String(hidden) });
    await send(writer, "wn:1-2", { intent: "delete", id: String(raised) });
    await env.DB.prepare(`DELETE FROM rate_limit_windows WHERE client = 'tried-writer'`).run();
    const paused = await post(writer, "wn:2-1", { text: "Still paused?", horizon: "wn:2-1" });
    expect(paused.status).toBe(403);
  });
});
