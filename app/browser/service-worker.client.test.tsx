import { afterEach, expect, it, vi } from "vitest";
import type { WorkerMessage } from "~/lib/runtime/worker-messages";
import { registerServiceWorker } from "./service-worker.client";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

/** A first visit's worker (no page controlled yet), and what the page tells it. */
function firstVisitWorker() {
  const told: WorkerMessage[] = [];
  const active = { postMessage: (message: WorkerMessage) => told.push(message) };
  vi.stubEnv("PROD", true);
  vi.stubGlobal("navigator", {
    ...navigator,
    serviceWorker: { controller: null, register: async () => ({}), ready: Promise.resolve({ active }) },
  });
  return told;
}

it("asks the worker to keep the page first opened once though the reader went to another part of it", async () => {
  const told = firstVisitWorker();
  // Opened at a link's target, then "Skip to content" (or a link within the page) changed the hash.
  window.history.replaceState(null, "", "/releases#main");
  vi.spyOn(performance, "getEntriesByType").mockImplementation((type) =>
    type === "navigation"
      ? ([{ name: new URL("/releases#upcoming", window.location.origin).href }] as PerformanceEntryList)
      : [],
  );
  await registerServiceWorker(false);
  const kept = told.filter((message) => message.type === "keep");
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ page: new URL("/releases", window.location.origin).href });
});

it("asks the worker to keep both the page first opened and the one on screen", async () => {
  const told = firstVisitWorker();
  window.history.replaceState(null, "", "/characters");
  vi.spyOn(performance, "getEntriesByType").mockImplementation((type) =>
    type === "navigation"
      ? ([{ name: new URL("/releases", window.location.origin).href }] as PerformanceEntryList)
      : [],
  );
  await registerServiceWorker(false);
  expect(told.filter((message) => message.type === "keep").map((message) => "page" in message && message.page)).toEqual(
    [new URL("/releases", window.location.origin).href, new URL("/characters", window.location.origin).href],
  );
});
