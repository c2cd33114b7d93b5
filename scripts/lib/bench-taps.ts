/**
 * A tap answers within 100 ms (DESIGN §7): the reader's main controls, tapped on a fresh page load in
 * Chromium with Lighthouse's mobile conditions (4× CPU slowdown, slow 4G as DevTools applies it, a
 * 360 px phone), a reader's moment after each can be tapped. For each tap: from the input's own timestamp to the
 * paint that shows the control's answer. That is the longest of the interaction's Event Timing entries
 * (input delay, handlers and the next paint: the whole answer of a control that answers at once) and,
 * for a control whose answer waits for code or data, the first frame in which the answer shows.
 */
import { type BrowserContext, chromium, type Locator, type Page } from "@playwright/test";
import { quantile } from "./bench-cpu";

/** What DevTools applies for Lighthouse's "slow 4G" (its own figures, as `--throttling-method=devtools` uses them). */
const slow4g = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const cpuSlowdown = 4;
const phone = { width: 360, height: 740 };
/**
 * A tap comes this long after its control can be tapped: a reader's time to find it. What a page does
 * in the moments after it becomes interactive is Lighthouse's TBT; this is the control's own answer.
 */
const readersMomentMs = 1000;

export interface TapFigures {
  /** ms from input to the paint that shows the answer; null when the control could not be tapped. */
  firstMs: number | null;
  laterMs: number | null;
  /** Why a figure is missing. */
  problem?: string;
}

interface TapTarget {
  name: string;
  path: string;
  /** What the reader does first, once the page is interactive, to reach the control (not measured). */
  reach?: (page: Page) => Promise<void>;
  /** The control for the first tap and the later one (on the same page, after the first has answered). */
  first: (page: Page) => Locator;
  later: (page: Page) => Locator;
  /** How the reader acts on it. */
  act: (control: Locator) => Promise<void>;
  /**
   * For a control whose answer may wait for code: its answer is that the control turns disabled or is
   * drawn anew ("I have read up to here" becomes "✓ Read up to here"), and the first frame that shows it
   * is waited for.
   */
  answerDisablesIt?: boolean;
}

const readUpToHere = (page: Page) => page.getByRole("button", { name: "I have read up to here" });
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search the site" });

/** The controls DESIGN §7 names, where a reader meets them. */
export const tapTargets: TapTarget[] = [
  {
    name: "I have read up to here",
    path: "/web_novel",
    first: (page) => readUpToHere(page).first(),
    // The first one's row now says "✓ Read up to here": the list of buttons starts one row later.
    later: (page) => readUpToHere(page).nth(2),
    act: (control) => control.tap(),
    answerDisablesIt: true,
  },
  {
    name: "a tracker picker",
    path: "/reading_tracker",
    // The web novel's arc, then (the first arc now chosen) its chapter: the change that moves progress.
    first: (page) => page.getByRole("combobox", { name: "Arc", exact: true }).first(),
    later: (page) => page.getByRole("combobox", { name: "Last chapter read" }).first(),
    act: async (control) => {
      await control.focus();
      await control.press("ArrowDown");
    },
  },
  {
    name: "the search box (a key)",
    path: "/",
    // On a phone the box sits behind the header's search button.
    reach: (page) => page.getByRole("link", { name: "Search", exact: true }).tap(),
    first: searchBox,
    later: searchBox,
    act: (control) => control.press("a"),
  },
  {
    name: "a spoiler's Show it",
    // An episode's title, for a reader who has not watched it (/anime has several for a new reader).
    path: "/anime",
    // The one asked for waits for its content, its button hidden: the next one is first then.
    first: (page) => page.getByRole("button", { name: "Show it" }).first(),
    later: (page) => page.getByRole("button", { name: "Show it" }).first(),
    act: (control) => control.tap(),
  },
];

interface TapState {
  entries: Array<{ start: number; duration: number }>;
  inputAt: number | null;
  answeredAt: number | null;
}

/**
 * Installed before the page's own scripts: the interactions' Event Timing entries, each input's
 * timestamp, and `arm`, which forgets the last tap and, when asked, notes the first frame in which the
 * tapped control is disabled or gone (drawn again). A string, so that the bench's own compiler leaves it as written.
 */
const observeTaps = `(() => {
  const state = { entries: [], inputAt: null, answeredAt: null };
  state.arm = (element, waitsUntilDisabled) => {
    state.entries = [];
    state.inputAt = null;
    state.answeredAt = null;
    if (!waitsUntilDisabled) return;
    const frame = () => {
      // Disabled, or gone: the row drawn again as read.
      if (state.inputAt !== null && (element.disabled || !element.isConnected)) state.answeredAt = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  window.__taps = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) state.entries.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  for (const type of ["pointerdown", "keydown"])
    addEventListener(type, (event) => (state.inputAt ??= event.timeStamp), { capture: true });
})();`;

interface TapState {
  entries: Array<{ start: number; duration: number }>;
  inputAt: number | null;
  answeredAt: number | null;
  arm: (element: Element, waitsUntilDisabled: boolean) => void;
}
/** One tap on `control`: ms from its input to the paint that shows its answer. */
async function tapOnce(page: Page, control: Locator, target: TapTarget) {
  await control.waitFor({ state: "visible", timeout: 60_000 });
  // A reader's moment to find the control once it shows (and, for a later tap, once the last one answered).
  await page.waitForTimeout(readersMomentMs);
  await control.evaluate(
    (element, waits) => (window as unknown as { __taps: TapState }).__taps.arm(element, waits),
    target.answerDisablesIt ?? false,
  );
  await target.act(control);
  await page.waitForFunction(
    (waitsForAnswer) => {
      const taps = (window as unknown as { __taps: TapState }).__taps;
      return taps.inputAt !== null && (!waitsForAnswer || taps.answeredAt !== null);
    },
    target.answerDisablesIt ?? false,
    { timeout: 30_000 },
  );
  // Event Timing entries arrive after the paint they measure: two frames and a moment later they are in.
  const state = await page.evaluate(
    () =>
      new Promise<TapState>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => resolve((window as unknown as { __taps: TapState }).__taps), 50),
          ),
        ),
      ),
  );
  const inputAt = state.inputAt!;
  const timed = state.entries.filter((entry) => entry.start >= inputAt - 1).map((entry) => entry.duration);
  const answer = state.answeredAt === null ? 0 : state.answeredAt - inputAt;
  return Math.round(Math.max(0, answer, ...timed));
}

/** A fresh context for each target (nothing cached, no progress), with the phone's conditions. */
async function phonePage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...slow4g });
  await page.addInitScript({ content: observeTaps });
  return page;
}

/**
 * Each target on a fresh load at `base`, `runs` times in fresh contexts; the median of the runs for the
 * first tap and for the later one. Uses the Chromium whose DevTools protocol listens on `chromePort`.
 */
export async function measureTaps(base: string, chromePort: number, runs = 3) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const results: Record<string, TapFigures> = {};
  try {
    for (const target of tapTargets) {
      const firsts: number[] = [];
      const laters: number[] = [];
      let problem: string | undefined;
      for (let run = 0; run < runs && !problem; run++) {
        const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
        try {
          const page = await phonePage(context);
          await page.goto(base + target.path, { waitUntil: "commit" });
          // Every control here needs the page interactive; the reader taps it as soon as it is.
          await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
          await target.reach?.(page);
          firsts.push(await tapOnce(page, target.first(page), target));
          laters.push(await tapOnce(page, target.later(page), target));
        } catch (error) {
          problem = error instanceof Error ? error.message.split("\n")[0] : String(error);
        } finally {
          await context.close();
        }
      }
      const median = (values: number[]) => (values.length ? quantile(values, 0.5) : null);
      results[target.name] = { firstMs: median(firsts), laterMs: median(laters), ...(problem ? { problem } : {}) };
    }
  } finally {
    await browser.close();
  }
  return results;
}
