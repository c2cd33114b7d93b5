import { batch, query } from "./query.server";
import { everySessionClosed } from "./sessions.server";

/*
 * What the site keeps of a reader's account (docs/operations.md, the privacy page), and forgetting it
 * when they delete their account.
 */

/**
 * Forgets a reader's account in one batch: their saved progress and its history, their limits' counts and their
 * sessions go; their comments lose their text, earlier versions, name, stamp and account (a tombstone
 * stays where replies stand, "Deleted by its writer"); their reports of comments go; their feedback
 * reports stay for moderators, no longer tied to any account. Moderators' records of what happened to
 * comments keep the events, not the text. Every session closes, and the sign-in tokens issued until now
 * cannot open another (a tab holding one, a request on its way): only a new sign-in can. Doing it twice
 * changes nothing more.
 */
export async function forgetAccount(db: D1Database, uid: string, now = Math.floor(Date.now() / 1000)) {
  const theirComments = query.selectFrom("comments").select("id").where("uid", "=", uid);
  await batch(db, [
    query.updateTable("comment_history").set({ body: null }).where("comment_id", "in", theirComments),
    query.updateTable("comment_history").set({ by_uid: "" }).where("by_uid", "=", uid),
    query
      .updateTable("comments")
      .set({ status: "deleted", body: "", author: "", writer: "", writer_knew: "", writer_places: "[]", uid: "" })
      .where("uid", "=", uid),
    query.deleteFrom("comment_reports").where("uid", "=", uid),
    query.deleteFrom("reading_progress").where("uid", "=", uid),
    query.deleteFrom("progress_history").where("uid", "=", uid),
    query.updateTable("reports").set({ uid: "" }).where("uid", "=", uid),
    query.deleteFrom("rate_limit_windows").where("client", "=", uid),
    ...everySessionClosed(uid, now),
  ]);
}
