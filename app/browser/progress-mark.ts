import { storageKeys } from "~/lib/runtime/storage-keys";

/**
 * Marks <html data-progress> before the first paint when this browser keeps progress in some medium,
 * so the places kept for items such a reader may know (ShieldedList's `places`) show from the first
 * paint, and a reader without progress sees each run folded into its one line. It must stay
 * self-contained and small: its source is inlined into the <head> of every page (progressMarkScript),
 * like the theme's. It reads the record as storeProgress writes it (JSON.stringify): a place in the web
 * novel or the anime, a light novel collection (a list of volume keys; an object in version 1 records),
 * a manga chapter or a recut's episode reached, or a side story, short or OVA, special or film ticked; the record itself is checked later, by the shield.
 * A place in the anime marks <html data-anime-place> too, and one in the web novel <html data-web-novel-place>
 * (opening-view.ts).
 */
export function markStoredProgress(storageKey: string) {
  try {
    const record = localStorage.getItem(storageKey)!;
    if (
      /"(webNovel|anime)":"|"lightNovels":\{"|"(lightNovels|sideStories|breakTime|animeSpecials|manga|recuts)":\["/.test(
        record,
      )
    )
      document.documentElement.dataset.progress = "";
    // A place in the anime: the pages of seasons may open on a later season for this reader.
    if (/"anime":"/.test(record)) document.documentElement.dataset.animePlace = "";
    // A place in the web novel: /web_novel may open on a later arc.
    if (/"webNovel":"/.test(record)) document.documentElement.dataset.webNovelPlace = "";
  } catch {
    // Blocked storage: no progress, as the shield reads it.
  }
}

/** Inline <head> script; the HTML stays the same for every reader, so pages remain cacheable. */
export const progressMarkScript = `(${markStoredProgress.toString()})(${JSON.stringify(storageKeys.progress.key)})`;
