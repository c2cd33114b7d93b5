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
} as const;

export type StorageKeyName = keyof typeof storageKeys;

/** Reads a value, returning null where storage is blocked (private modes, disabled cookies). */
export function readStored(name: StorageKeyName): string | null {
  try {
    return window.localStorage.getItem(storageKeys[name].key);
  } catch {
    return null;
  }
}

/** Writes (or with null, removes) a value; silently does nothing where storage is blocked. */
export function writeStored(name: StorageKeyName, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(storageKeys[name].key);
    else window.localStorage.setItem(storageKeys[name].key, value);
  } catch {
    // Storage can be unavailable; the choice then lasts for this page only.
  }
}
