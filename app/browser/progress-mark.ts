import { storageKeys } from "~/lib/storage-keys";

/**
 * Marks <html data-progress> before the first paint when this browser keeps progress in some medium,
 * so the places kept for items such a reader may know (ShieldedList's `places`) show from the first
 * paint, and a reader without progress sees each run folded into its one line. It must stay
 * self-contained: its source is inlined into <head> (progressMarkScript), like the theme's.
 */
export function markStoredProgress(storageKey: string) {
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey) ?? "null") as {
      webNovel?: string | null;
      anime?: string | null;
      lightNovels?: Record<string, number>;
      sideStories?: string[];
      breakTime?: string[];
    } | null;
    const some =
      stored &&
      (stored.webNovel ||
        stored.anime ||
        Object.keys(stored.lightNovels ?? {}).length ||
        stored.sideStories?.length ||
        stored.breakTime?.length);
    if (some) document.documentElement.dataset.progress = "";
  } catch {
    // Unreadable or blocked storage: no progress, as the shield reads it.
  }
}

/** Inline <head> script; the HTML stays the same for every reader, so pages remain cacheable. */
export const progressMarkScript = `(${markStoredProgress.toString()})(${JSON.stringify(storageKeys.progress.key)})`;
