import { batch } from "./db.server";

/*
 * D1 `sessions`: one row per signed-in browser, named by the SHA-256 of the cookie's secret, and
 * `session_revocations`: tokens issued up to a reader's last sign-out cannot open a new session.
 * app/server/session.server.ts decides when each of these runs.
 */

/** A reader keeps at most this many open sessions (browsers); opening one more closes the oldest. */
export const MAX_SESSIONS_PER_READER = 5;

/** Expired sessions of any reader dropped by each new sign-in, at most. */
const EXPIRED_DROPPED_PER_SIGN_IN = 200;

/** The session, when it is open for this reader and has not run out. */
export async function findOpenSession(db: D1Database, id: string, uid: string, now: number) {
  const [rows] = await batch<[{ moderator: number; account_checked_at: number }]>(db, [
    db
      .prepare(`SELECT moderator, account_checked_at FROM sessions WHERE id = ?1 AND uid = ?2 AND expires_at > ?3`)
      .bind(id, uid, now),
  ]);
  return rows[0] ?? null;
}

/** The account was looked up: a removed claim ends moderator rights in every session of the reader. */
export async function recordAccountCheck(db: D1Database, id: string, uid: string, admin: boolean, now: number) {
  await batch(db, [
    db.prepare(`UPDATE sessions SET moderator = moderator * ?2 WHERE uid = ?1`).bind(uid, admin ? 1 : 0),
    db.prepare(`UPDATE sessions SET account_checked_at = ?2 WHERE id = ?1`).bind(id, now),
  ]);
}

/** A deleted or disabled account: every session of it closes, and its tokens cannot open new ones. */
export async function closeEverySession(db: D1Database, uid: string, now: number) {
  await batch(db, [
    db
      .prepare(
        `INSERT INTO session_revocations (uid, issued_up_to) VALUES (?1, ?2) ON CONFLICT (uid) DO UPDATE SET issued_up_to = MAX(issued_up_to, excluded.issued_up_to)`,
      )
      .bind(uid, now),
    db.prepare(`DELETE FROM sessions WHERE uid = ?1`).bind(uid),
  ]);
}

export interface PostedToken {
  uid: string;
  moderator: boolean;
  issuedAt: number;
  expiresAt: number;
}

/** A newer token for an open session of the same reader; false when there is no such session. */
export async function refreshSession(db: D1Database, id: string, token: PostedToken) {
  const [refreshed] = await batch<[{ id: string }]>(db, [
    db
      .prepare(
        `UPDATE sessions SET moderator = ?3, token_issued_at = MAX(token_issued_at, ?4), expires_at = MAX(expires_at, ?5),
                account_checked_at = MAX(account_checked_at, ?4)
          WHERE id = ?1 AND uid = ?2 RETURNING id`,
      )
      .bind(id, token.uid, token.moderator ? 1 : 0, token.issuedAt, token.expiresAt),
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
  const [, , opened] = await batch<[never, never, { id: string }, never]>(db, [
    db.prepare(`DELETE FROM sessions WHERE uid = ?1 AND expires_at <= ?2`).bind(token.uid, now),
    db
      .prepare(`DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ?1 LIMIT ?2)`)
      .bind(now, EXPIRED_DROPPED_PER_SIGN_IN),
    db
      .prepare(
        `INSERT INTO sessions (id, uid, moderator, token_issued_at, created_at, expires_at, account_checked_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?4
          WHERE NOT EXISTS (SELECT 1 FROM session_revocations WHERE uid = ?2 AND issued_up_to >= ?4)
         RETURNING id`,
      )
      .bind(
        id,
        token.uid,
        token.moderator ? 1 : 0,
        token.issuedAt,
        new Date(now * 1000).toISOString(),
        token.expiresAt,
      ),
    db
      .prepare(
        `DELETE FROM sessions WHERE uid = ?1
            AND rowid NOT IN (SELECT rowid FROM sessions WHERE uid = ?1 ORDER BY rowid DESC LIMIT ?2)`,
      )
      .bind(token.uid, MAX_SESSIONS_PER_READER),
  ]);
  return opened.length > 0;
}

/** Signing out: this session's row goes, and tokens issued up to its newest one can no longer open one. */
export async function closeSession(db: D1Database, id: string) {
  await batch(db, [
    db
      .prepare(
        `INSERT INTO session_revocations (uid, issued_up_to) SELECT uid, token_issued_at FROM sessions WHERE id = ?1
         ON CONFLICT (uid) DO UPDATE SET issued_up_to = MAX(issued_up_to, excluded.issued_up_to)`,
      )
      .bind(id),
    db.prepare(`DELETE FROM sessions WHERE id = ?1`).bind(id),
  ]);
}
