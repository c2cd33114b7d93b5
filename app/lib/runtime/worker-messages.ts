import type { KeptUnit, UnitToKeep } from "./kept-units";

/** What a page tells or asks the service worker (app/service-worker.ts). */
export type WorkerMessage =
  /** Whether the reader is signed in now: a sign-out deletes every signed-in copy the worker keeps. */
  | { type: "reader"; signedIn: boolean }
  /** Whether the worker answered this page (offline-copies.ts pageOf) from a kept copy; the answer comes on the port. */
  | { type: "copy"; page: string }
  /** Which copy of this page the worker keeps for the reader now; the answer comes on the port. */
  | { type: "kept"; page: string }
  /**
   * What the page loaded before the worker controlled it, to keep as the worker would have: its own
   * address (`page`) and the hashed files and pictures it loaded (`files`).
   */
  | { type: "keep"; page: string; files: string[] }
  /**
   * Keep an arc, a season or a volume for offline: these addresses (kept-units.ts `keptAddresses`), made
   * for this knowledge. The answer (`KeepAnswer`) comes on the port.
   */
  | { type: "keep-unit"; unit: UnitToKeep; knowledge: string; addresses: string[] }
  /** The units kept for the reader now (`KeptUnit[]`), on the port. */
  | { type: "kept-units" }
  /** Remove a kept unit; the units kept after it come on the port. */
  | { type: "remove-unit"; unit: string }
  /**
   * What the reader knows now (the reveal parameter it writes): every kept answer made for other
   * knowledge is deleted; the units kept after it come on the port, those to keep again marked `refresh`.
   */
  | { type: "knowledge"; knowledge: string };

/**
 * Why the worker answered a page with its copy: the network failed (offline, or the site could not be
 * reached) or it was too slow to wait for.
 */
export type CopyReason = "unreachable" | "slow";

/**
 * The worker's answer to `copy`: when the copy it answered with was kept and why it answered with it, or
 * a null `storedAt` when it answered from the network.
 */
export type CopyAnswer = { storedAt: number; reason: CopyReason } | { storedAt: null };

/**
 * The worker's answer to `kept`: `data` (the page's data, for a navigation within the site), `document`
 * (only the whole page, opened as a document), `none` (no copy: the site's own navigation holds the tap
 * on the page the reader has), or null (no worker answered).
 */
export type KeptCopy = "data" | "document" | "none" | null;

/**
 * The worker's answer to `keep-unit`: the unit as kept, or why not: `refused` (the device would not store
 * it: storage full, turned off, a private window) or `failed` (the network: it can be tried again).
 */
export type KeepAnswer = { outcome: "kept"; unit: KeptUnit } | { outcome: "refused" | "failed" };
