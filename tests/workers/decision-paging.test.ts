import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REPORTED_PER_PAGE } from "~/lib/discussion/comment-report";
import { COMMENTS_PER_PAGE } from "~/lib/discussion/thread";
import { TRIAGE_PAGE_SIZE } from "~/models/report-triage.server";
import { loader as rootLoader } from "~/root";
import { action as threadAction, loader as threadLoader } from "~/routes/discuss";
import { action as triageAction, loader as triageLoader } from "~/routes/feedback-hub.triage";
import { action as queueAction, loader as queueLoader } from "~/routes/feedback-hub.triage-comments";
import { callAsReader as call, form, readerCookie as cookieFor } from "../support/readers";
import { respond } from "../support/workers-context";

/*
 * A decision that takes the only item of a page past the first from its queue, or from a thread's pages
 * (a moderator's, or a writer's delete), brings them back to the last page there is, filters kept, not to
 * the 404 of a page past the end.
 */

/** Stores `count` open bug reports, a minute apart, and gives their ids, the oldest first. */
async function openBugs(count: number) {
  const start = Date.parse("2021-03-01T00:00:00Z");
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.map((id, index) =>
      env.DB.prepare(
        `INSERT INTO reports (id, submission_id, uid, kind, title, fields, created_at, updated_at) VALUES (?1, ?1, 'bug-reporter', 'bug', ?2, '{}', ?3, ?3)`,
      ).bind(id, `Flicker ${index}`, new Date(start + index * 60_000).toISOString()),
    ),
  );
  return ids;
}

/** Stores `count` comments in the thread of wn:1-1, each reported once, and gives their ids, the first reported first. */
async function reportedComments(count: number) {
  const at = new Date().toISOString();
  await env.DB.batch(
    Array.from({ length: count }, (_, index) =>
      env.DB.prepare(
        `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
         VALUES ('wn:1-1', 'queue-writer', '', 'Writer', ?1, 'wn:1-1', '', '[]', ?2, ?3)`,
      ).bind(`Reported ${index}`, crypto.randomUUID(), at),
    ),
  );
  const { results } = await env.DB.prepare(
    `SELECT id FROM comments WHERE uid = 'queue-writer' AND id NOT IN (SELECT comment_id FROM comment_reports) ORDER BY id`,
  ).all<{
    id: number;
  }>();
  const ids = results.map((row) => row.id);
  await env.DB.batch(
    ids.map((id) =>
      env.DB.prepare(
        `INSERT INTO comment_reports (comment_id, uid, kind, created_at) VALUES (?1, 'queue-reporter', 'abuse', ?2)`,
      ).bind(id, at),
    ),
  );
  return ids;
}

describe("a decision on a queue's last page", () => {
  it("that takes its only report away comes back to the last page there is, with the filters", async () => {
    const moderator = await cookieFor("paging-moderator", { admin: true, name: "Mod" });
    const ids = await openBugs(TRIAGE_PAGE_SIZE + 1);
    const address = "/feedback_hub/triage?kind=bug&status=open&order=oldest&page=2";
    const before = await call(triageLoader, address, { cookie: moderator });
    expect(before.data?.reports.map((report) => report.id)).toEqual([ids.at(-1)]);

    const decide = (id: string) =>
      call(triageAction, address, {
        method: "POST",
        cookie: moderator,
        body: form({ reportId: id, from: "open", status: "accepted", note: "" }),
      });
    const decided = await decide(ids.at(-1)!);
    expect(decided.status).toBe(302);
    const back = decided.headers.get("Location")!;
    expect(back).toBe("/feedback_hub/triage?kind=bug&status=open&order=oldest");
    const landed = await call(triageLoader, back, { cookie: moderator });
    expect(landed.status).toBe(200);
    expect(landed.data?.reports).toHaveLength(TRIAGE_PAGE_SIZE);

    // A decision that leaves the page there comes back to it as it was.
    await openBugs(2);
    const kept = await decide(ids[0]!);
    expect(kept.headers.get("Location")).toBe(address);
  });

  it("that closes its only reported comment's reports comes back to the queue's last page there is", async () => {
    const moderator = await cookieFor("queue-paging-moderator", { admin: true });
    const ids = await reportedComments(REPORTED_PER_PAGE + 1);
    const address = "/feedback_hub/triage/comments?page=2";
    const before = await call(queueLoader, address, { cookie: moderator });
    expect((before.data as unknown as { comments: { id: number }[] }).comments.map((each) => each.id)).toEqual([
      ids.at(-1),
    ]);

    const dismissed = await call(queueAction, address, {
      method: "POST",
      cookie: moderator,
      body: form({ intent: "dismiss", form: `dismiss:${ids.at(-1)}`, id: String(ids.at(-1)) }),
    });
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("Location")).toBe("/feedback_hub/triage/comments");
    expect((await call(queueLoader, dismissed.headers.get("Location")!, { cookie: moderator })).status).toBe(200);

    // One reported since, alone on the second page, and hidden from there: back to the first page too.
    const [latest] = await reportedComments(1);
    expect(latest).toBe((await reportedIds()).at(-1));
    const hidden = await call(queueAction, address, {
      method: "POST",
      cookie: moderator,
      body: form({ intent: "hide", form: `moderate:${latest}`, id: String(latest), unit: "wn:1-1", reason: "" }),
    });
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("Location")).toBe("/feedback_hub/triage/comments");
  });
});

/** The ids of the comments with open reports, the first reported first. */
async function reportedIds() {
  const { results } = await env.DB.prepare(
    `SELECT comment_id FROM comment_reports WHERE status = 'open' GROUP BY comment_id ORDER BY min(id)`,
  ).all<{ comment_id: number }>();
  return results.map((row) => row.comment_id);
}

/** Stores `count` comments by `uid` in the thread of `unit`, and gives their ids in the order posted. */
async function threadComments(unit: string, count: number, uid: string) {
  await env.DB.batch(
    Array.from({ length: count }, (_, index) =>
      env.DB.prepare(
        `INSERT INTO comments (unit, uid, writer, author, body, horizon, writer_knew, writer_places, submission_id, created_at)
         VALUES (?1, ?2, '', 'Writer', ?3, ?1, '', '[]', ?4, ?5)`,
      ).bind(unit, uid, `Comment ${index}`, crypto.randomUUID(), new Date().toISOString()),
    ),
  );
  const { results } = await env.DB.prepare(`SELECT id FROM comments WHERE unit = ?1 AND uid = ?2 ORDER BY id`)
    .bind(unit, uid)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/** What the toast a redirect queued says, as the page it leads to shows it. */
async function toastAfter(answer: { headers: Headers }) {
  const cookie = answer.headers
    .getSetCookie()
    .find((value) => value.startsWith("toast="))
    ?.split(";")[0];
  const page = await respond(rootLoader, "/", { headers: { Cookie: cookie ?? "" } });
  const { title, description } = page.data?.toast ?? {};
  return { title, description };
}

describe("a change on a thread's last page", () => {
  /** Sends one of the thread's forms from its page `page`, as `cookie`. */
  const sendFrom = (unit: string, page: number | string, cookie: string, fields: Record<string, string>) =>
    call(threadAction, `/discuss/${unit}?page=${page}`, {
      method: "POST",
      cookie,
      params: { unit },
      body: form({ reason: "", horizon: "", ...fields, page: String(page) }),
    });
  const openPage = (unit: string, address: string) => call(threadLoader, address, { params: { unit } });

  it("that hides its only comment brings the moderator back to the last page there is, and says so", async () => {
    const unit = "wn:1-2";
    const moderator = await cookieFor("thread-paging-moderator", { admin: true });
    const ids = await threadComments(unit, 2 * COMMENTS_PER_PAGE + 1, "thread-paging-writer");
    const before = await openPage(unit, `/discuss/${unit}?page=3&reveal=${unit}`);
    expect(before.data?.comments.content?.map((comment) => comment.id)).toEqual([ids.at(-1)]);
    const hide = (page: number | string, id: number) =>
      sendFrom(unit, page, moderator, { intent: "hide", form: `moderate:${id}`, id: String(id) });

    const hidden = await hide(3, ids.at(-1)!);
    expect(hidden.status).toBe(302);
    const back = hidden.headers.get("Location")!;
    expect(back).toBe(`/discuss/${unit}?page=2`);
    expect((await openPage(unit, back)).status).toBe(200);
    expect(await toastAfter(hidden)).toEqual({
      title: "Comment hidden",
      description:
        "Its writer sees your decision and reason on their discussion page. Page 3 no longer exists: this is page 2, the last.",
    });

    // A decision that leaves its page there comes back to it as it was.
    const kept = await hide(2, ids.at(-2)!);
    expect(kept.headers.get("Location")).toBe(`/discuss/${unit}?page=2`);
    expect((await toastAfter(kept)).description).toBe(
      "Its writer sees your decision and reason on their discussion page.",
    );

    // A page no address can name (a form's field written by hand) is the first page, as in an address.
    ids.splice(-2);
    for (const page of ["1234567", "9999999999999999"]) {
      const sent = await hide(page, ids.pop()!);
      expect(sent.headers.get("Location")).toBe(`/discuss/${unit}`);
      expect((await toastAfter(sent)).description).toBe(
        "Its writer sees your decision and reason on their discussion page.",
      );
    }
  });

  it("that deletes the writer's only comment there brings them back to the thread's first page, and says so", async () => {
    const unit = "wn:1-3";
    const writer = await cookieFor("thread-paging-deleter");
    await threadComments(unit, COMMENTS_PER_PAGE, "thread-paging-others");
    const [own] = await threadComments(unit, 1, "thread-paging-deleter");
    const deleted = await sendFrom(unit, 2, writer, { intent: "delete", form: `delete:${own}`, id: String(own) });
    expect(deleted.status).toBe(302);
    const back = deleted.headers.get("Location")!;
    expect(back).toBe(`/discuss/${unit}`);
    expect((await openPage(unit, back)).status).toBe(200);
    expect(await toastAfter(deleted)).toEqual({
      title: "Comment deleted",
      description: "Page 2 no longer exists: this is the thread's only page.",
    });
  });
});
