/*
 * Which unsent change of this browser each account last took (progress-save.ts), for tabs that send
 * what is owed one after another under a Web Lock. Kept in Cache Storage, not localStorage: Chromium
 * gives each tab's process its own copy of localStorage, brought up to date by messages the lock does
 * not wait for, so the tab that gets the lock next can still read the unsent mark the tab before it
 * has just removed, and send the change again. Cache Storage answers every tab from one store, in the
 * order it was written, so what one tab noted before letting the lock go, the next one reads.
 */

/** Not one of the service worker's caches (they start with "rc-"), so a new build's worker leaves it alone. */
export const sentProgressCache = "rc:progress-sent";

const entry = (account: string) => `/progress-sent/${encodeURIComponent(account)}`;

/** The change `account` last took from this browser; null when none is noted or storage refuses. */
export async function lastChangeSent(account: string): Promise<string | null> {
  try {
    const kept = await (await caches.open(sentProgressCache)).match(entry(account));
    return kept ? await kept.text() : null;
  } catch {
    return null;
  }
}

/** Notes that `account` took `change`; storage that refuses leaves the next tab to send it again (at worst twice). */
export async function noteChangeSent(account: string, change: string) {
  try {
    await (await caches.open(sentProgressCache)).put(entry(account), new Response(change));
  } catch {
    // Without it a tab that has not heard yet sends the record again: the account merges it as the same.
  }
}

/** Forgets every note (the device cleared for the reader signing out). */
export async function forgetChangesSent() {
  try {
    await caches.delete(sentProgressCache);
  } catch {
    // Nothing could be kept either.
  }
}
