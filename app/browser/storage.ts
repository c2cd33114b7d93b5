import { type StorageKeyName, storageKeys } from "~/lib/runtime/storage-keys";

/* Reading and writing the keys declared in app/lib/runtime/storage-keys.ts; nothing else touches browser storage. */

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

/** Removes a value and every value kept under it with a suffix (rc:draft, rc:draft:…). */
export function forgetStored(name: StorageKeyName) {
  const { key } = storageKeys[name];
  try {
    const storage = area(name);
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const stored of keys) if (stored === key || stored?.startsWith(`${key}:`)) storage.removeItem(stored);
  } catch {
    // Storage can be unavailable; nothing was kept then.
  }
}
