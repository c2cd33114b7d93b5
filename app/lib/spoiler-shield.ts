import { useSyncExternalStore } from "react";
import { readStored, storageKeys, writeStored } from "./storage-keys";
import { readStoredProgress, subscribeToStoredProgress } from "./stored-progress";

export type ShieldMode = "hide" | "blur" | "off";
export const shieldModes: ShieldMode[] = ["hide", "blur", "off"];
/** Same-tab writes fire no storage event, so this page's shields hear of a new mode through this one. */
const MODE_CHANGED = "rc:spoiler-mode-changed";

export interface Shield {
  /** The furthest story position the reader has reached (0: no progress set). */
  position: number;
  mode: ShieldMode;
  hasProgress: boolean;
}

function parseMode(value: string | null): ShieldMode {
  return value === "blur" || value === "off" ? value : "hide";
}

/** The shield from stored progress and mode; unreadable progress counts as none, which shields the most. */
function readShield(): Shield {
  const position = readStoredProgress()?.position ?? 0;
  return { position, mode: parseMode(readStored("spoilerMode")), hasProgress: position > 0 };
}

let snapshot: Shield | null = null;
let snapshotKey = "";

function getSnapshot() {
  const current = readShield();
  const key = `${current.position}|${current.mode}`;
  if (!snapshot || key !== snapshotKey) {
    snapshot = current;
    snapshotKey = key;
  }
  return snapshot;
}

function subscribe(listener: () => void) {
  const stopProgress = subscribeToStoredProgress(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.spoilerMode.key) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(MODE_CHANGED, listener);
  return () => {
    stopProgress();
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(MODE_CHANGED, listener);
  };
}

/** The reader's shield in the browser; null on the server and before hydration, when everything gated stays hidden. */
export function useShield(): Shield | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

/*
 * The one spoiler rule. An item that carries a reveal point (a story position) is gated: the server,
 * which cannot know the reader's progress, treats it as hidden (isPublic), so pages, titles, meta
 * descriptions and feeds are the same for everyone and never hold gated text; the browser shows it
 * once the reader's progress reaches that point (isRevealed). Lists go through hiddenRuns.
 */

/** Whether the server may show something revealed at `revealAt`: only what carries no reveal point. */
export function isPublic(revealAt: number | null | undefined) {
  return revealAt === null || revealAt === undefined;
}

/** Whether something revealed at `revealAt` may be shown without asking (null shield: on the server, before hydration). */
export function isRevealed(shield: Shield | null, revealAt: number | null | undefined) {
  if (isPublic(revealAt)) return true;
  if (!shield) return false;
  return shield.mode === "off" || shield.position >= (revealAt ?? 0);
}

/** A list in order, as items shown and runs of hidden items (each run shown as one line). */
export type ShieldedSegment<T> = { shown: true; item: T } | { shown: false; items: T[] };

/** Groups a list into items shown and runs of consecutive hidden ones. */
export function hiddenRuns<T>(items: readonly T[], isShown: (item: T) => boolean): ShieldedSegment<T>[] {
  const segments: ShieldedSegment<T>[] = [];
  for (const item of items) {
    const last = segments.at(-1);
    if (isShown(item)) segments.push({ shown: true, item });
    else if (last && !last.shown) last.items.push(item);
    else segments.push({ shown: false, items: [item] });
  }
  return segments;
}

/** Stores how the shield shows things beyond the reader's progress, and tells every shield on the page. */
export function setShieldMode(mode: ShieldMode) {
  writeStored("spoilerMode", mode === "hide" ? null : mode);
  window.dispatchEvent(new Event(MODE_CHANGED));
}
