/**
 * Every key the site writes to browser storage. The privacy policy lists these (with what each holds,
 * in storage-notes.ts), so a key that is not declared here must not be written.
 */
export const storageKeys = {
  theme: { key: "rc:theme", where: "localStorage" },
  analyticsOptOut: { key: "rc:analytics-opt-out", where: "localStorage" },
  progress: { key: "rc:progress", where: "localStorage" },
  spoilerMode: { key: "rc:spoiler-mode", where: "localStorage" },
  reportDraft: { key: "rc:draft", where: "localStorage" },
  progressSynced: { key: "rc:progress-synced", where: "sessionStorage" },
  chunkReload: { key: "rc:chunk-reload", where: "sessionStorage" },
} as const;

export type StorageKeyName = keyof typeof storageKeys;
/** A key as it is written to storage: "rc:theme", "rc:progress"… */
export type StoredKey = (typeof storageKeys)[StorageKeyName]["key"];

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
