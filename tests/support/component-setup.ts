/** Set-up for the components project: the DOM matchers, and a clean document after each test. */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
// The parts the site loads on first use (the toast UI at the first toast, the account panel at the first
// open, …). A test can end before such an import does, and an import still running when the worker's
// environment is torn down fails the run: loaded here, they are in the module graph before any test.
import "~/components/ui/toaster";
import "~/components/layout/account-panel";
import "~/components/layout/navigation-indicators";
import "~/components/layout/search-suggestions";
import "~/components/discussion/writer-tools";
import "~/components/offline/keep-button";
import "~/components/error-page";
import "~/browser/read-up-to.client";
import "~/browser/progress-save";
import { forgetRootData } from "~/browser/user";

afterEach(() => {
  cleanup();
  // Files share one module graph (isolate: false): the root data one test rendered (a Korean series'
  // language, a signed-in reader) is not the next test's.
  forgetRootData();
});

/*
 * A timer a test file leaves behind is cleared as the file ends: the toast UI's close timer outlives
 * its toast (@radix-ui/react-toast does not clear it when the toast unmounts), and firing into the next
 * file, or after the run took the document away, it failed a run that had passed ("document is not
 * defined"). Files share one global (isolate: false), so the timers are followed once.
 */
const followed = globalThis as typeof globalThis & { __pendingTimers?: Set<ReturnType<typeof setTimeout>> };
if (!followed.__pendingTimers) {
  const pending = (followed.__pendingTimers = new Set());
  const setTimer = globalThis.setTimeout;
  const clearTimer = globalThis.clearTimeout;
  globalThis.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const timer = setTimer(
      (...given: unknown[]) => {
        pending.delete(timer);
        handler(...given);
      },
      delay,
      ...args,
    );
    pending.add(timer);
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer?: ReturnType<typeof setTimeout>) => {
    if (timer !== undefined) pending.delete(timer);
    clearTimer(timer);
  }) as typeof clearTimeout;
}
afterAll(() => {
  for (const timer of followed.__pendingTimers ?? []) clearTimeout(timer);
});

// The components project runs beside the workerd tests, two steps on two cores: a page that a form or a
// link leads to can take more than the default second to be drawn. Waits end as soon as what they wait
// for is there, so a passing test is no slower.
configure({ asyncUtilTimeout: 5000 });

// happy-dom finds an input's datalist (`list`) with a CSS selector built from the raw id, which throws
// for React's generated ids (":r1:"); the standard finds it by id, as this does.
if (typeof HTMLInputElement !== "undefined") {
  Object.defineProperty(HTMLInputElement.prototype, "list", {
    configurable: true,
    get(this: HTMLInputElement) {
      const id = this.getAttribute("list");
      const found = id ? this.ownerDocument.getElementById(id) : null;
      return found?.tagName === "DATALIST" ? found : null;
    },
  });
}
