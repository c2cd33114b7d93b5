/**
 * Every key the site writes to browser storage. The privacy policy lists these, so a key that is
 * not declared here must not be written.
 */
export const storageKeys = {
  theme: {
    key: "rc:theme",
    where: "localStorage",
    what: "Your colour theme choice: light, dark or following your system.",
  },
  analyticsOptOut: {
    key: "rc:analytics-opt-out",
    where: "localStorage",
    what: "Set to \"1\" when you turn analytics off on this page; analytics is then never loaded.",
  },
  progress: {
    key: "rc:progress",
    where: "localStorage",
    what: "Your reading progress from the reading tracker (the last chapter, volume and episode you reached, the side stories and Break Time shorts you ticked). If you are signed in it is also saved to your account.",
  },
  spoilerMode: {
    key: "rc:spoiler-mode",
    where: "localStorage",
    what: "How the spoiler shield shows things beyond your progress: hidden, blurred, or not shielded.",
  },
  reportDraft: {
    key: "rc:draft",
    where: "localStorage",
    what: "What you have typed into a feedback form and not sent yet (one per form, \":bug\", \":ln_mistl\"…), so nothing is lost if the page closes. Removed once the report is sent.",
  },
  progressSynced: {
    key: "rc:progress-synced",
    where: "sessionStorage",
    what: "Set (one per account) once your account's reading progress has been merged into this browser's in this tab. Gone when you close the tab.",
  },
  chunkReload: {
    key: "rc:chunk-reload",
    where: "sessionStorage",
    what: "When the page last reloaded itself because part of the site failed to load, per page, so it never reloads in a loop. Gone when you close the tab.",
  },
} as const;

/** Written by the analytics library itself, only when analytics is configured and allowed. */
export const analyticsStorageNote = {
  key: "ph_<project key>_posthog",
  where: "localStorage",
  what: "The analytics library's random device id, session id and queued events (only when analytics is on; nothing identifying unless you sign in, and then only your account id).",
};

export type StorageKeyName = keyof typeof storageKeys;

function area(name: StorageKeyName) {
  return storageKeys[name].where === "sessionStorage" ? window.sessionStorage : window.localStorage;
}

/** Reads a value, returning null where storage is blocked (private modes, disabled cookies). */
export function readStored(name: StorageKeyName, suffix = ""): string | null {
  try {
    return area(name).getItem(storageKeys[name].key + suffix);
  } catch {
    return null;
  }
}

/** Writes (or with null, removes) a value; silently does nothing where storage is blocked. */
export function writeStored(name: StorageKeyName, value: string | null, suffix = "") {
  try {
    if (value === null) area(name).removeItem(storageKeys[name].key + suffix);
    else area(name).setItem(storageKeys[name].key + suffix, value);
  } catch {
    // Storage can be unavailable; the choice then lasts for this page only.
  }
}
