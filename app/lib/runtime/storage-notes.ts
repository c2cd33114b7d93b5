import type { StoredKey } from "./storage-keys";

/**
 * What each stored key holds, in the privacy policy's words. Kept apart from the keys themselves so
 * that only the privacy page downloads the prose; the type makes every declared key need a note.
 */
export const storageNotes: Record<StoredKey, string> = {
  "rc:theme": "Your colour theme choice: light, dark or following your system.",
  "rc:analytics-opt-out": 'Set to "1" when you turn analytics off on this page; analytics is then never loaded.',
  "rc:progress":
    "Your reading progress from the reading tracker (the last chapter, volume and episode you reached, the last chapter of each manga series and episode of each recut, the side stories, Break Time shorts, OVAs, specials and films you ticked). If you are signed in it is also saved to your account.",
  "rc:progress-owner":
    "The account id your progress in this browser was last saved to, so that another account signing in here is asked before it is added to theirs. Absent while the progress was never saved to an account.",
  "rc:progress-apart":
    "Progress saved by another account that was set aside when you signed in here (with that account's id, and the accounts that chose to keep it apart), until you add it to yours, clear it, or its own account signs in again.",
  "rc:spoiler-mode": "How the spoiler shield shows things beyond your progress: hidden, blurred, or not shielded.",
  "rc:unreached-titles":
    'Set to "show" when you choose to see the titles of chapters, volumes and episodes you have not reached; absent, they are named by their place.',
  "rc:draft":
    'What you have typed into a feedback form or a comment and not sent yet (one per form and account: your account id, then ":bug", ":ln_mistl"…), so nothing is lost if the page closes; another account never sees it. Removed once it is sent, and every draft is removed when you sign out.',
  "rc:progress-synced":
    "When (one per account) your account's reading progress was last merged into this browser's in this tab, so it is merged again only a few seconds later at the soonest. Gone when you close the tab.",
  "rc:progress-unsent":
    "The account id whose saved progress this browser has not reached yet (a change made offline, while the site could not be reached, or while your account asked to wait after very many saves), so it is sent when you are back or the wait is over; beside it (:change) a random id of that change, so that two tabs coming back online together send it once. Removed once it is sent.",
  "rc:progress-revision":
    "Per account (your account id after the colon): the number of the last save of your account's progress this browser has heard of, so that a step back you took on another device is not undone by this browser's older progress.",
  "rc:progress-set-back":
    "Per account: the media in which you set your progress back in this browser while your account could not be reached yet, so the step back reaches it as a step back. Removed once it has.",
  "rc:progress-wait":
    "Per account: until when your account asked this browser to wait before saving your progress again (after very many saves), so no tab or page sends it before then. Removed once a save gets through.",
  "rc:chunk-reload":
    "When the page last reloaded itself because part of the site failed to load, per page, so it never reloads in a loop. Gone when you close the tab.",
};

/** What app/browser/sent-progress.ts keeps in the browser's Cache Storage, beside the keys above (its name is that module's). */
export const sentProgressStorageNote = {
  key: "rc:progress-sent",
  where: "Cache storage",
  what: 'Per account: the random id of the last change of your progress your account received from this browser, so that another tab that has not heard of it yet does not send it again. Removed by "Sign out and clear this device".',
};

/**
 * What the service worker (app/service-worker.ts) keeps in the browser's Cache Storage: the caches'
 * names are app/lib/runtime/offline-copies.ts' `cacheNames`.
 */
export const offlineStorageNotes = [
  {
    key: "rc-pages-<build>-signed-out, rc-pages-<build>-signed-in",
    where: "Cache storage",
    what: "Copies of the pages you visited (their page and data, up to the newest 300), so they open offline, each as it was shown to you: a copy made while you were signed in is kept apart, shown only while you are signed in, and deleted when you sign out.",
  },
  {
    key: "rc-kept-<build>-signed-out, rc-kept-<build>-signed-in",
    where: "Cache storage",
    what: 'What you chose to "Keep for offline" (an arc, a season, a volume) and its list, with what you may see of it when you kept it. Removed from the reading tracker\'s "Stored for offline" list, or with the signed-in copies at sign-out.',
  },
  {
    key: "rc-assets-<build>",
    where: "Cache storage",
    what: "The site's own code, styles and fonts for this version of the site, so pages open offline. Nothing about you.",
  },
];

/** Written by the analytics library itself, only when analytics is configured and allowed. */
export const analyticsStorageNote = {
  key: "ph_<project key>_posthog",
  where: "localStorage",
  what: "The analytics library's random device id, session id and queued events (only when analytics is on; nothing identifying unless you sign in, and then only your account id).",
};
