import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/discuss";
import { loader as repliesLoader } from "~/routes/discuss._index";
import { COMMENT_LIMITS } from "~/lib/discussion/comment-form";
import { COMMENTS_PER_PAGE, MAX_REPLIES } from "~/lib/discussion/thread";
import { answered, post, saveProgress, textsOf, thread } from "../support/discussion";
import { callAsReader as call, form, readerCookie as cookieFor } from "../support/readers";
import { present, status } from "../support/workers-context";

describe("discussion threads (loader and action against real D1)", () => {
  it("answers 404 for an address that names no unit, and for a page past the end", async () => {
    expect(await status(loader, "/discuss/wn:9-9", { unit: "wn:9-9" })).toBe(404);
    expect(await status(loader, "/discuss/nonsense", { unit: "nonsense" })).toBe(404);
    expect(await status(loader, "/discuss/wn:1-2?page=3", { unit: "wn:1-2" })).toBe(404);
    expect(await status(loader, "/discuss/wn:1-2?page=x", { unit: "wn:1-2" })).toBe(404);
  });

  it("names the requester's places as the series numbers them, with who reads each, for the horizons they may choose", async () => {
    // Arc 1 opens with a prologue, so its third entry is its second chapter; no episode adapts it.
    const named = await thread("wn:1-2", "wn:1-3,anime:1-2");
    expect(named.readerPlaces.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "anime:1-2", label: "Season 1 · Episode 2", readBy: ["anime:1-2", "anime:1r1-2", "wn:2-1", "ln:main-2"] },
      { key: "wn:1-3", label: "Arc 1 · Chapter 2", readBy: ["wn:1-3", "ln:main-1"] },
    ]);
    // A first load states nothing, and gets nothing to name.
    expect((await thread("wn:1-2")).readerPlaces).toEqual([]);
    // An address stating places on more lines than a statement takes values (light novel collections the
    // series does not have, well within the reveal's length): the page, with the places that exist named.
    const made = ["wn:1-3", ...Array.from({ length: 120 }, (_, index) => `ln:made${index}-1`)].join(",");
    expect((await thread("wn:1-2", made)).readerPlaces).toEqual([
      { key: "wn:1-3", label: "Arc 1 · Chapter 2", readBy: ["wn:1-3", "ln:main-1"] },
    ]);
  });

  it("shows a Break Time short's thread to the viewers of the episode it aired with, who watched it", async () => {
    const cookie = await cookieFor("writer-bt", { name: "Bea" });
    await saveProgress("writer-bt", { anime: "anime:1-1", breakTime: ["bt:1-1"] });
    expect((await post(cookie, "bt:1-1", { text: "Snack time forever.", horizon: "bt:1-1" })).status).toBe(302);
    // Through the one rule: the short's revealers are the short and its episode.
    const viewer = await thread("bt:1-1", "anime:1-1");
    expect(viewer.comments.revealedBy).toEqual(["bt:1-1", "anime:1-1"]);
    expect(textsOf(viewer)).toEqual(["Snack time forever."]);
    // Nobody's knowledge, and a reader of the chapter the episode adapts, see nothing of it.
    expect((await thread("bt:1-1")).comments.content).toBeNull();
    expect((await thread("bt:1-1", "wn:1-1")).comments.content).toBeNull();
  });

  it("posts a comment at the thread's unit and a raised one, and seals each for readers short of it", async () => {
    const cookie = await cookieFor("writer-1", { name: "Ada" });
    await saveProgress("writer-1", { webNovel: "wn:2-2", anime: "anime:1-2" });
    expect((await post(cookie, "wn:1-2", { text: "Lovely chapter.", horizon: "wn:1-2" })).status).toBe(302);
    expect(
      (await post(cookie, "wn:1-2", { text: "Knowing arc 2, this reads differently.", horizon: "wn:2-2" })).status,
    ).toBe(302);

    // Nobody's knowledge: the list is sealed, its count is public.
    const sealed = await thread("wn:1-2");
    expect(sealed.total).toBe(2);
    expect(sealed.comments.content).toBeNull();
    expect(JSON.stringify(sealed)).not.toMatch(/Lovely|arc 2|Ada/);

    // A reader of the chapter sees the first; the raised one keeps only its place and horizon.
    const reader = await thread("wn:1-2", "wn:1-3");
    expect(textsOf(reader)).toEqual(["Lovely chapter."]);
    const raised = present(reader.comments.content?.[1]);
    expect(raised.content).toBeNull();
    expect(raised.horizon).toEqual({ key: "wn:2-2", label: expect.any(String) });
    expect(JSON.stringify(reader)).not.toMatch(/arc 2, this/);

    // A viewer of the episode that tells the chapter reads its thread as its readers do, the raised one
    // folded; one who has seen nothing that tells the chapter sees nothing of the thread.
    expect(textsOf(await thread("wn:1-2", "anime:1-2"))).toEqual(["Lovely chapter."]);
    expect((await thread("wn:1-2", "sp:ova-1")).comments.content).toBeNull();

    // A reader of arc 2 sees both, with the writer's stamp and name.
    const known = await thread("wn:1-2", "wn:2-2");
    expect(textsOf(known)).toEqual(["Lovely chapter.", "Knowing arc 2, this reads differently."]);
    const first = present(known.comments.content?.[0]?.content);
    expect(first.author).toBe("Ada");
    expect(first.stamp.map((place) => place.key).sort()).toEqual(["anime:1-2", "wn:2-2"]);
    expect(first.writerKnew).toBe("anime:1-2,wn:2-2");
    expect(JSON.stringify(known)).not.toContain("writer-1");
  });

  it("refuses a horizon the writer has not reached, one below the thread, a thread the writer has not reached, and keeps the text", async () => {
    const cookie = await cookieFor("writer-2");
    await saveProgress("writer-2", { webNovel: "wn:1-3" });
    const beyond = await post(cookie, "wn:1-2", { text: "Something about arc 2", horizon: "wn:2-1" });
    expect(beyond.status).toBe(400);
    expect(beyond.fields.horizon).toMatch(/does not reach that far/);
    expect(beyond.values.text).toBe("Something about arc 2");
    const nowhere = await post(cookie, "wn:1-2", { text: "Somewhere else", horizon: "wn:1-99" });
    expect(nowhere.fields.horizon).toBe("Choose what your comment touches from the list.");
    expect(nowhere.values.text).toBe("Somewhere else");
    const below = await post(cookie, "wn:1-2", { text: "An earlier horizon", horizon: "wn:1-1" });
    expect(below.fields.horizon).toMatch(/at least this thread/);
    // Season 2 tells what comes after the chapters this writer has read.
    const unread = await post(cookie, "anime:2-1", { text: "Not watched it", horizon: "anime:2-1" });
    expect(unread.fields.horizon).toMatch(/does not include this yet/);
    const short = await post(cookie, "wn:1-2", { text: " \u200b\u202e ", horizon: "wn:1-2" });
    expect(short.fields.text).toMatch(/at least two/);
    const long = await post(cookie, "wn:1-2", { text: "x".repeat(4001), horizon: "wn:1-2" });
    expect(long.fields.text).toMatch(/4,000/);
    expect(await status(action, "/discuss/wn:9-9", { unit: "wn:9-9" })).not.toBe(200);
  });

  it("posts a form sent twice once, refuses the same text twice, strips controls, and ignores the honeypot", async () => {
    const cookie = await cookieFor("writer-3");
    await saveProgress("writer-3", { webNovel: "wn:1-3" });
    const submissionId = crypto.randomUUID();
    const twice = await Promise.all(
      [0, 1].map(() =>
        answered(
          call(action, "/discuss/wn:1-3", {
            method: "POST",
            cookie,
            params: { unit: "wn:1-3" },
            body: form({ intent: "post", submissionId, text: "Once \u202eonly\u200b", horizon: "wn:1-3" }),
          }),
        ),
      ),
    );
    expect(twice.map((answer) => answer.status)).toEqual([302, 302]);
    const again = await post(cookie, "wn:1-3", { text: "Once only", horizon: "wn:1-3" });
    expect(again.status).toBe(409);
    expect(again.fields.text).toMatch(/already posted/);
    await post(cookie, "wn:1-3", { text: "A bot's link", horizon: "wn:1-3", website: "https://spam.example" });
    expect(textsOf(await thread("wn:1-3", "wn:1-3"))).toEqual(["Once only"]);
  });

  it("holds a writer to the limit, even when posts arrive at once", async () => {
    const cookie = await cookieFor("writer-4");
    await saveProgress("writer-4", { webNovel: "wn:2-1" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => post(cookie, "wn:2-1", { text: `Burst ${index}`, horizon: "wn:2-1" })),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(COMMENT_LIMITS.perMinute);
    const limited = answers.find((answer) => answer.status === 429);
    expect(limited?.fields.form).toMatch(/in the last minute/);
    const stored = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM comments WHERE uid = 'writer-4' AND status = 'shown'`,
    ).first<{
      n: number;
    }>();
    expect(stored?.n).toBe(COMMENT_LIMITS.perMinute);
  });

  it("puts a reply under its comment, behind both horizons, and keeps it when the comment is deleted", async () => {
    const writer = await cookieFor("writer-5");
    const answerer = await cookieFor("writer-6");
    await saveProgress("writer-5", { webNovel: "wn:1-3" });
    await saveProgress("writer-6", { webNovel: "wn:2-2" });
    await post(writer, "wn:1-1", { text: "A comment to answer", horizon: "wn:1-1" });
    const commentId = present((await thread("wn:1-1", "wn:1-1")).comments.content?.[0]).id;
    const below = await post(answerer, "wn:1-1", { text: "Too low", horizon: "wn:1-1", parent: String(commentId) });
    expect(below.status).toBe(302);
    await post(answerer, "wn:1-1", { text: "Arc 2 answer", horizon: "wn:2-2", parent: String(commentId) });
    const known = await thread("wn:1-1", "wn:1-3");
    const replies = present(known.comments.content?.[0]?.content).replies;
    expect(replies.map((reply) => reply.content?.content?.text ?? null)).toEqual(["Too low", null]);

    const deleted = await call(action, "/discuss/wn:1-1", {
      method: "POST",
      cookie: writer,
      params: { unit: "wn:1-1" },
      body: form({ intent: "delete", id: String(commentId) }),
    });
    expect(deleted.status).toBe(302);
    const after = present((await thread("wn:1-1", "wn:2-2")).comments.content?.[0]?.content);
    expect(after).toMatchObject({ removed: "deleted", text: "", author: "" });
    expect(after.replies.map((reply) => reply.content?.content?.text)).toEqual(["Too low", "Arc 2 answer"]);
    // Someone else's comment cannot be deleted; a reply to a deleted comment is refused.
    const foreign = await call(action, "/discuss/wn:1-1", {
      method: "POST",
      cookie: answerer,
      params: { unit: "wn:1-1" },
      body: form({ intent: "delete", id: String(commentId) }),
    });
    expect(foreign.status).toBe(409);
    const late = await post(answerer, "wn:1-1", { text: "Late reply", horizon: "wn:1-1", parent: String(commentId) });
    expect(late.status).toBe(409);
    expect(late.values.text).toBe("Late reply");
  });

  it("takes at most MAX_REPLIES replies under a comment, and the same short reply under two comments", async () => {
    const [writer, answerer, late] = await Promise.all(
      ["writer-full", "answer-full", "late-full"].map((uid) => cookieFor(uid)),
    );
    for (const uid of ["writer-full", "answer-full", "late-full"]) await saveProgress(uid, { webNovel: "wn:1-3" });
    await post(writer!, "wn:1-2", { text: "A comment many answer", horizon: "wn:1-2" });
    await post(writer!, "wn:1-2", { text: "Another comment", horizon: "wn:1-2" });
    const listed = present((await thread("wn:1-2", "wn:1-3")).comments.content);
    const first = listed.find((comment) => comment.content?.text === "A comment many answer")!;
    const second = listed.find((comment) => comment.content?.text === "Another comment")!;
    const reply = (cookie: string, parent: number, text: string) =>
      post(cookie, "wn:1-2", { text, horizon: "wn:1-2", parent: String(parent) });
    expect((await reply(answerer!, first.id, "Agreed!")).status).toBe(302);
    expect((await reply(answerer!, second.id, "Agreed!")).status).toBe(302);
    // The rest of the replies, as many readers would write them.
    await env.DB.batch(
      Array.from({ length: MAX_REPLIES - 1 }, (_, index) =>
        env.DB.prepare(
          `INSERT INTO comments (unit, parent_id, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
           VALUES ('wn:1-2', ?, ?, 'w', 'A reader', ?, 'wn:1-2', '', '[]', ?, ?)`,
        ).bind(first.id, `filler-${index}`, `Reply ${index}`, crypto.randomUUID(), new Date().toISOString()),
      ),
    );
    const refused = await reply(late!, first.id, "One more");
    expect(refused.status).toBe(409);
    expect(refused.fields.form).toMatch(/has taken its 30 replies/);
    expect(refused.values.text).toBe("One more");
    expect((await reply(late!, second.id, "One more")).status).toBe(302);
  });

  it("lets only moderators hide, restore and re-stamp, each at once for every reader", async () => {
    const writer = await cookieFor("writer-7");
    // The volume's thread is its readers' (decision 58): the writer read it, and the web novel past it.
    await saveProgress("writer-7", { webNovel: "wn:2-2", lightNovels: ["ln:main-1"] });
    await post(writer, "ln:main-1", { text: "Needs a moderator", horizon: "ln:main-1" });
    const id = present((await thread("ln:main-1", "ln:main-1")).comments.content?.[0]).id;
    const decide = (cookie: string, fields: Record<string, string>) =>
      call(action, "/discuss/ln:main-1", {
        method: "POST",
        cookie,
        params: { unit: "ln:main-1" },
        body: form({ id: String(id), ...fields }),
      });
    expect((await decide(writer, { intent: "hide" })).status).toBe(403);
    const moderator = await cookieFor("moderator-1", { admin: true });
    expect((await decide(moderator, { intent: "restamp", horizon: "not a key" })).status).toBe(400);
    // Re-stamped to a later chapter: a reader of the thread's volume no longer sees it.
    expect((await decide(moderator, { intent: "restamp", horizon: "wn:2-1" })).status).toBe(302);
    expect(textsOf(await thread("ln:main-1", "ln:main-1"))).toEqual([]);
    expect(textsOf(await thread("ln:main-1", "ln:main-1,wn:2-1"))).toEqual(["Needs a moderator"]);
    expect((await decide(moderator, { intent: "hide" })).status).toBe(302);
    expect((await decide(moderator, { intent: "hide" })).status).toBe(409);
    expect((await thread("ln:main-1", "all")).total).toBe(0);
    expect((await decide(moderator, { intent: "restore" })).status).toBe(302);
    expect(textsOf(await thread("ln:main-1", "all"))).toEqual(["Needs a moderator"]);
    const history = await env.DB.prepare(`SELECT action FROM comment_history WHERE comment_id = ?1 ORDER BY id`)
      .bind(id)
      .all<{ action: string }>();
    expect(history.results.map((row) => row.action)).toEqual(["posted", "restamped", "hidden", "restored"]);
  });

  it("tells a writer of replies to their comments, naming the thread only to a reader who knows it, never with text", async () => {
    const writer = await cookieFor("writer-8");
    const answerer = await cookieFor("writer-9", { name: "Bea" });
    await saveProgress("writer-8", { anime: "anime:1-2" });
    await saveProgress("writer-9", { anime: "anime:1-2", webNovel: "wn:2-2" });
    await post(writer, "anime:1-1", { text: "What a first episode", horizon: "anime:1-1" });
    const id = present((await thread("anime:1-1", "anime:1-1")).comments.content?.[0]).id;
    await post(answerer, "anime:1-1", { text: "Secret arc 2 words", horizon: "wn:2-2", parent: String(id) });
    // Their own reply to themselves is no notice.
    await post(writer, "anime:1-1", { text: "Replying to myself", horizon: "anime:1-1", parent: String(id) });

    const sealed = await call(repliesLoader, "/discuss", { cookie: writer });
    expect(sealed.status).toBe(200);
    const body = JSON.stringify(sealed.data);
    // Its revealers name the unit (as every gated item does); its label and the words stay out.
    expect(body).not.toMatch(/Secret|Bea|Episode/);
    const known = await call(repliesLoader, "/discuss?reveal=anime%3A1-2", { cookie: writer });
    const notices = (known.data as unknown as { replies: { thread: { content: unknown } }[] }).replies;
    expect(notices).toHaveLength(1);
    expect(notices[0]?.thread.content).toEqual({ key: "anime:1-1", label: expect.any(String), page: 1 });
    expect(JSON.stringify(known.data)).not.toMatch(/Secret|Bea/);
    expect((await call(repliesLoader, "/discuss")).status).toBe(302);
  });

  it("answers a reply to a comment the writer's progress does not reveal as one that is not there", async () => {
    const writer = await cookieFor("writer-hidden-parent");
    const answerer = await cookieFor("answer-hidden-parent");
    await saveProgress("writer-hidden-parent", { anime: "anime:1-2", webNovel: "wn:2-2" });
    await saveProgress("answer-hidden-parent", { anime: "anime:1-2" });
    await post(writer, "anime:1-1", { text: "Arc 2 makes this scene", horizon: "wn:2-2" });
    const { id } = present(
      await env.DB.prepare(`SELECT id FROM comments WHERE body = 'Arc 2 makes this scene'`).first<{ id: number }>(),
    );
    // The answerer watches the episode but has not read arc 2; their horizon is on another line.
    expect(textsOf(await thread("anime:1-1", "anime:1-2"))).not.toContain("Arc 2 makes this scene");
    const hidden = await post(answerer, "anime:1-1", { text: "Guessing", horizon: "anime:1-2", parent: String(id) });
    const missing = await post(answerer, "anime:1-1", { text: "Guessing", horizon: "anime:1-2", parent: "999999" });
    expect(hidden.status).toBe(409);
    expect(hidden.values.text).toBe("Guessing");
    // Answered alike: nothing says the comment stands, nor how many replies it has.
    expect({ status: hidden.status, fields: hidden.fields }).toEqual({
      status: missing.status,
      fields: missing.fields,
    });
    const stored = await env.DB.prepare(`SELECT COUNT(*) AS n FROM comments WHERE parent_id = ?1`)
      .bind(id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    // Once their progress reaches it, they may answer.
    await saveProgress("answer-hidden-parent", { anime: "anime:1-2", webNovel: "wn:2-2" });
    expect(
      (await post(answerer, "anime:1-1", { text: "Now I see", horizon: "wn:2-2", parent: String(id) })).status,
    ).toBe(302);
  });

  it("refuses a form's id sent again with other text, keeps moderators to the thread in the address, and lets a writer delete a hidden comment", async () => {
    const cookie = await cookieFor("writer-10", { name: "  Zoe\u0007\n\tthe ".padEnd(80, "x") });
    await saveProgress("writer-10", { webNovel: "wn:2-2" });
    const submissionId = crypto.randomUUID();
    const send = (unit: string, text: string) =>
      answered(
        call(action, `/discuss/${unit}`, {
          method: "POST",
          cookie,
          params: { unit },
          body: form({ intent: "post", submissionId, text, horizon: unit }),
        }),
      );
    expect((await send("wn:2-1", "First with this form")).status).toBe(302);
    const reused = await send("wn:2-2", "Second with the same form");
    expect(reused.status).toBe(409);
    expect(reused.fields.form).toMatch(/already used/);
    const first = present(
      (await thread("wn:2-1", "wn:2-2")).comments.content?.find((c) => c.content?.text === "First with this form"),
    );
    expect(first.content?.author).toMatch(/^Zoe the x+…$/);
    expect(Array.from(first.content?.author ?? "")).toHaveLength(60);

    const moderator = await cookieFor("moderator-2", { admin: true });
    const decide = (unit: string, fields: Record<string, string>) =>
      call(action, `/discuss/${unit}`, {
        method: "POST",
        cookie: moderator,
        params: { unit },
        body: form({ id: String(first.id), ...fields }),
      });
    expect((await decide("wn:1-1", { intent: "hide" })).status).toBe(409);
    expect((await decide("wn:2-1", { intent: "restamp", horizon: "wn:1-3" })).status).toBe(400);
    expect((await decide("wn:2-1", { intent: "hide" })).status).toBe(302);
    const deleted = await call(action, "/discuss/wn:2-1", {
      method: "POST",
      cookie,
      params: { unit: "wn:2-1" },
      body: form({ intent: "delete", id: String(first.id) }),
    });
    expect(deleted.status).toBe(302);
    const row = await env.DB.prepare(`SELECT status, body FROM comments WHERE id = ?1`).bind(first.id).first();
    expect(row).toEqual({ status: "deleted", body: "" });
  });

  it("links a notice to the page of its thread the reply is on", async () => {
    const writer = await cookieFor("writer-11");
    const answerer = await cookieFor("writer-12");
    await saveProgress("writer-11", { anime: "anime:1-2" });
    await saveProgress("writer-12", { anime: "anime:1-2" });
    // Fifty comments by others fill the thread's first page (a deleted one without replies is not listed).
    const statements = Array.from({ length: 51 }, (_, index) =>
      env.DB.prepare(
        `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, status, created_at)
         VALUES ('anime:1-2', 'someone', '', 'Someone', ?1, 'anime:1-2', '', '[]', ?2, ?3, ?4)`,
      ).bind(`Earlier ${index}`, crypto.randomUUID(), index === 0 ? "deleted" : "shown", new Date().toISOString()),
    );
    await env.DB.batch(statements);
    await post(writer, "anime:1-2", { text: "On the second page", horizon: "anime:1-2" });
    const id = present((await thread("anime:1-2", "anime:1-2", 2)).comments.content?.[0]).id;
    await post(answerer, "anime:1-2", { text: "An answer", horizon: "anime:1-2", parent: String(id) });
    const notices = await call(repliesLoader, "/discuss?reveal=anime%3A1-2", { cookie: writer });
    const [notice] = (notices.data as unknown as { replies: { thread: { content: { page: number } } }[] }).replies;
    expect(notice?.thread.content.page).toBe(2);
  });

  it("sends a signed-out writer to sign in, and one whose session was closed, storing nothing", async () => {
    const answer = await post("", "wn:1-2", { text: "Hello there", horizon: "wn:1-2" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const cookie = await cookieFor("writer-closed");
    await saveProgress("writer-closed", { webNovel: "wn:1-3" });
    await env.DB.prepare(`DELETE FROM sessions WHERE uid = 'writer-closed'`).run();
    const closed = await post(cookie, "wn:1-2", { text: "After signing out", horizon: "wn:1-2" });
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const stored = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM comments WHERE uid = 'writer-closed' AND status = 'shown'`,
    ).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("sends a writer whose comment or reply stands past the thread's first page to that page, at it", async () => {
    // A thread no other test here writes in (the tests share one database).
    const unit = "wn:2-2";
    await env.DB.batch(
      Array.from({ length: COMMENTS_PER_PAGE }, (_, index) =>
        env.DB.prepare(
          `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
           VALUES (?1, 'page-filler', '', 'Filler', ?2, ?1, '', '[]', ?3, ?4)`,
        ).bind(unit, `Earlier ${index}`, crypto.randomUUID(), new Date().toISOString()),
      ),
    );
    await saveProgress("writer-late", { webNovel: "wn:2-2" });
    const cookie = await cookieFor("writer-late", { name: "Lu" });
    // The thread's first page is full: a new comment is the first of its second page.
    const posted = await post(cookie, unit, { text: "Late to this chapter, but the lantern scene!", horizon: unit });
    expect(posted.status).toBe(302);
    const at = posted.headers.get("Location")!;
    expect(at).toMatch(new RegExp(`^/discuss/${unit}\\?page=2#comment-\\d+$`));
    const id = Number(at.split("#comment-")[1]);
    const second = await thread(unit, unit, 2);
    expect(second.comments.content?.map((comment) => comment.id)).toEqual([id]);
    // A reply to the last comment of the first page stands on the first page, under it.
    const last = (await thread(unit, unit)).comments.content?.at(-1);
    const replied = await post(cookie, unit, {
      text: "Agreed, it was the best part.",
      horizon: unit,
      parent: String(last!.id),
    });
    expect(replied.headers.get("Location")).toMatch(new RegExp(`^/discuss/${unit}#comment-\\d+$`));
  });
});
