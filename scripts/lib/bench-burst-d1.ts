/**
 * The write burst's read-back and clean-up, on a bench site's local D1 (opened in this process, as
 * the importers do: only while the site that serves it is stopped).
 */
import { BURST_MARK, burstPrefix, type StoredComment } from "./bench-burst";
import { openPlatform } from "./local-platform";

/** Every text a burst writes starts so (burstText); no other comment does. */
const anyBurst = `${BURST_MARK} %`;

/** The comments of one burst (its tag) as stored in `unit`'s thread. */
export async function readBackBurst(persistTo: string, unit: string, tag: string): Promise<StoredComment[]> {
  const platform = await openPlatform({ persistTo });
  try {
    const { results } = await platform.env.DB.prepare(
      "SELECT id, uid, body FROM comments WHERE unit = ? AND substr(body, 1, ?) = ? ORDER BY id",
    )
      .bind(unit, burstPrefix(tag).length, burstPrefix(tag))
      .all<StoredComment>();
    return results;
  } finally {
    await platform.dispose();
  }
}

/**
 * Takes out what bursts left in `unit`'s thread (this one's and any an interrupted run left), with
 * their writers' saved progress, sessions and limit windows, so the thread and the readership
 * figures are the demo's again for the next run. `uids`: this burst's accounts, also those that
 * stored nothing.
 */
export async function clearBursts(persistTo: string, unit: string, uids: string[] = []) {
  const platform = await openPlatform({ persistTo });
  try {
    const db = platform.env.DB;
    const writers = `SELECT value FROM json_each(?1) UNION SELECT uid FROM comments WHERE unit = ?2 AND body LIKE ?3`;
    const burst = `SELECT id FROM comments WHERE unit = ?2 AND body LIKE ?3`;
    const values = [JSON.stringify(uids), unit, anyBurst];
    await db.batch(
      [
        `DELETE FROM reading_progress WHERE uid IN (${writers})`,
        `DELETE FROM sessions WHERE uid IN (${writers})`,
        `DELETE FROM rate_limit_windows WHERE action IN ('comment', 'progress') AND client IN (${writers})`,
        `DELETE FROM comment_history WHERE comment_id IN (${burst})`,
        `DELETE FROM comments WHERE id IN (${burst})`,
      ].map((statement) => db.prepare(statement).bind(...values)),
    );
  } finally {
    await platform.dispose();
  }
}
