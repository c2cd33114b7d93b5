import { useSyncExternalStore } from "react";
import { readStored, storageKeys } from "./storage-keys";

export type ShieldMode = "hide" | "blur" | "off";
export const shieldModes: ShieldMode[] = ["hide", "blur", "off"];
export const SHIELD_CHANGED = "rc:shield-changed";

export interface Shield {
  /** The furthest story position the reader has reached (0: no progress set). */
  position: number;
  mode: ShieldMode;
  hasProgress: boolean;
}

function parseMode(value: string | null): ShieldMode {
  return value === "blur" || value === "off" ? value : "hide";
}

/**
 * Reads only what the shield needs from the stored progress (no schema library: this runs on every
 * page). Anything unreadable counts as no progress, which shields the most.
 */
function readShield(): Shield {
  let position = 0;
  try {
    const stored: unknown = JSON.parse(readStored("progress") ?? "null");
    const value = stored && typeof stored === "object" && "position" in stored ? stored.position : 0;
    if (typeof value === "number" && Number.isFinite(value) && value > 0) position = value;
  } catch {
    position = 0;
  }
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
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.progress.key || event.key === storageKeys.spoilerMode.key) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(SHIELD_CHANGED, listener);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(SHIELD_CHANGED, listener);
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

/** Tell every shield on the page that progress or mode changed (same-tab writes fire no storage event). */
export function announceShieldChange() {
  window.dispatchEvent(new Event(SHIELD_CHANGED));
}
