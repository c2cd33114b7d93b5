import { type Compilable, expressionBuilder, type OnConflictBuilder, sql } from "kysely";
import type { Database } from "./database";
import { batch, type BatchRows, query, slot, type SlotValues } from "./query.server";

/*
 * D1 `sessions`: one row per signed-in browser, named by the SHA-256 of the cookie's secret, and
 * `session_revocations`: tokens issued up to a reader's last sign-out cannot open a new session.
 * app/server/session.server.ts decides when each of these runs.
 */

/** A reader keeps at most this many open sessions (browsers); opening one more closes the oldest. */
export const MAX_SESSIONS_PER_READER = 5;

/** Expired sessions of any reader dropped by each new sign-in, at most. */
const EXPIRED_DROPPED_PER_SIGN_IN = 200;

/** The order sessions were opened in: SQLite gives a new row a rowid above every other row's. */
const rowid = sql<number>`rowid`;

/** A reader's revocation moves only later: a sign-out never lets older tokens back in. */
const keepingTheLatest = (conflict: OnConflictBuilder<Database, "session_revocations">) =>
  conflict.column("uid").doUpdateSet((row) => ({
    issued_up_to: row.fn<number>("max", [row.ref("issued_up_to"), row.ref("excluded.issued_up_to")]),
  }));

/**
 * Whether the reader has a session open anywhere: the condition every write of a reader's own rows
 * (their progress, comments, reports) holds to in its batch. Their session was found open before, in
 * another round trip; deleting the account closes every session in the batch that forgets it, so a
 * write that arrives in between writes nothing and leaves nothing behind.
 */
export const signedInSomewhere = (uid: string) =>
  expressionBuilder<Database>().exists(
    query.selectFrom("sessions").select(sql.lit(1).as("open")).where("uid", "=", uid),
  );

/** A session open for this reader and not run out, built once: slots `sessionId`, `uid`, `nowSeconds`. */
const openSessionOf = query
  .selectFrom("sessions")
  .select(["moderator", "account_checked_at"])
  .where("id", "=", slot<string>("sessionId"))
  .where("uid", "=", slot<string>("uid"))
  .where("expires_at", ">", slot<number>("nowSeconds"));

/**
 * The session, when it is open for this reader and has not run out; in the same round trip, the rows
 * of `reads`, a caller's queries of the reader's own rows (built once: their slot `uid` is the
 * reader's, `values` fills their others).
 */
export async function findOpenSession<const Q extends readonly Compilable[]>(
  db: D1Database,
  { id, uid, now }: { id: string; uid: string; now: number },
  reads: Q,
  values: SlotValues = {},
) {
  const [sessions, ...rows] = await batch(db, [openSessionOf, ...reads], {
    ...values,
    sessionId: id,
    uid,
    nowSeconds: now,
  });
  return { session: sessions[0] ?? null, rows: rows as BatchRows<Q> };
}

/** The account was looked up: a removed claim ends moderator rights in every session of the reader. */
export async function recordAccountCheck(db: D1Database, id: string, uid: string, admin: boolean, now: number) {
  await batch(db, [
    query
      .updateTable("sessions")
      .set((row) => ({ moderator: row("moderator", "*", admin ? 1 : 0) }))
      .where("uid", "=", uid),
    query.updateTable("sessions").set({ account_checked_at: now }).where("id", "=", id),
  ]);
}

/**
 * The statements that close every session of a reader and keep tokens issued up to `now` from opening
 * new ones, for a caller's batch (a deleted or disabled account; the account's deletion on the site).
 */
export const everySessionClosed = (uid: string, now: number) =>
  [
    query.insertInto("session_revocations").values({ uid, issued_up_to: now }).onConflict(keepingTheLatest),
    query.deleteFrom("sessions").where("uid", "=", uid),
  ] as const;

/** A deleted or disabled account: every session of it closes, and its tokens cannot open new ones. */
export async function closeEverySession(db: D1Database, uid: string, now: number) {
  await batch(db, everySessionClosed(uid, now));
}

export interface PostedToken {
  uid: string;
  moderator: boolean;
  issuedAt: number;
  expiresAt: number;
}

/**
 * A newer token for an open session of the same reader; false when there is no such session. A token
 * speaks for the account's claims as they were when it was issued: one issued after the account was
 * last looked up may make the session a moderator's, an older one (a token kept and posted again after
 * the claim was removed) may only end that.
 */
export async function refreshSession(db: D1Database, id: string, token: PostedToken) {
  const [refreshed] = await batch(db, [
    query
      .updateTable("sessions")
      .set((row) => ({
        moderator: token.moderator
          ? row
              .case()
              .when("account_checked_at", "<=", token.issuedAt)
              .then(row.val<0 | 1>(1))
              .else(row.ref("moderator"))
              .end()
          : 0,
        token_issued_at: row.fn<number>("max", [row.ref("token_issued_at"), row.val(token.issuedAt)]),
        expires_at: row.fn<number>("max", [row.ref("expires_at"), row.val(token.expiresAt)]),
        account_checked_at: row.fn<number>("max", [row.ref("account_checked_at"), row.val(token.issuedAt)]),
      }))
      .where("id", "=", id)
      .where("uid", "=", token.uid)
      .returning("id"),
  ]);
  return refreshed.length > 0;
}

/**
 * Opens a session unless the token was issued before the reader's last sign-out; false then. One
 * batch, so one transaction: expired sessions (the reader's, and a bounded number of anyone's) go, the
 * new one is stored, and the reader's oldest go past MAX_SESSIONS_PER_READER, however many sign-ins
 * arrive at once.
 */
export async function openSession(db: D1Database, id: string, token: PostedToken, now: number) {
  const [, , opened] = await batch(db, [
    query.deleteFrom("sessions").where("uid", "=", token.uid).where("expires_at", "<=", now),
    query
      .deleteFrom("sessions")
      .where(
        "id",
        "in",
        query.selectFrom("sessions").select("id").where("expires_at", "<=", now).limit(EXPIRED_DROPPED_PER_SIGN_IN),
      ),
    query
      .insertInto("sessions")
      .columns(["id", "uid", "moderator", "token_issued_at", "created_at", "expires_at", "account_checked_at"])
      .expression(
        query
          .selectNoFrom((row) => [
            row.val(id).as("id"),
            row.val(token.uid).as("uid"),
            row.val(token.moderator ? 1 : 0).as("moderator"),
            row.val(token.issuedAt).as("token_issued_at"),
            row.val(new Date(now * 1000).toISOString()).as("created_at"),
            row.val(token.expiresAt).as("expires_at"),
            row.val(token.issuedAt).as("account_checked_at"),
          ])
          .where(({ exists, not, selectFrom, lit }) =>
            not(
              exists(
                selectFrom("session_revocations")
                  .select(lit(1).as("revoked"))
                  .where("uid", "=", token.uid)
                  .where("issued_up_to", ">=", token.issuedAt),
              ),
            ),
          ),
      )
      .returning("id"),
    query
      .deleteFrom("sessions")
      .where("uid", "=", token.uid)
      .where(
        rowid,
        "not in",
        query
          .selectFrom("sessions")
          .select(rowid.as("rowid"))
          .where("uid", "=", token.uid)
          .orderBy(rowid, "desc")
          .limit(MAX_SESSIONS_PER_READER),
      ),
  ]);
  return opened.length > 0;
}

/** Signing out: this session's row goes, and tokens issued up to its newest one can no longer open one. */
export async function closeSession(db: D1Database, id: string) {
  await batch(db, [
    query
      .insertInto("session_revocations")
      .columns(["uid", "issued_up_to"])
      .expression(query.selectFrom("sessions").select(["uid", "token_issued_at as issued_up_to"]).where("id", "=", id))
      .onConflict(keepingTheLatest),
    query.deleteFrom("sessions").where("id", "=", id),
  ]);
}
