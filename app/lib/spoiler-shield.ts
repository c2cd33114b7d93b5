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

/** Whether something revealed at `revealAt` may be shown without asking. */
export function isRevealed(shield: Shield | null, revealAt: number | null | undefined) {
  if (revealAt === null || revealAt === undefined) return true;
  if (!shield) return false;
  return shield.mode === "off" || shield.position >= revealAt;
}

/** Stores how the shield shows things beyond the reader's progress, and tells every shield on the page. */
export function setShieldMode(mode: ShieldMode) {
  writeStored("spoilerMode", mode === "hide" ? null : mode);
  window.dispatchEvent(new Event(MODE_CHANGED));
}
