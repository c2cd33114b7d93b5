/** What a page tells or asks the service worker (app/service-worker.ts). */
export type WorkerMessage =
  /** Whether the reader is signed in now: a sign-out deletes every signed-in copy the worker keeps. */
  | { type: "reader"; signedIn: boolean }
  /** Whether the worker answered this page (offline-copies.ts pageOf) from a kept copy; the answer comes on the port. */
  | { type: "copy"; page: string }
  /** Which copy of this page the worker keeps for the reader now; the answer comes on the port. */
  | { type: "kept"; page: string }
  /** What the page loaded before the worker controlled it, to keep as the worker would have. */
  | { type: "keep"; urls: string[] };

/** The worker's answer to `copy`: when the copy it answered with was kept, or null when it answered from the network. */
export interface CopyAnswer {
  storedAt: number | null;
}

/**
 * The worker's answer to `kept`: `data` (the page's data, for a navigation within the site), `document`
 * (only the whole page, opened as a document), or null (no copy).
 */
export type KeptCopy = "data" | "document" | null;
