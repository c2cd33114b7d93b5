import type { Page, Request } from "@playwright/test";

/**
 * Follows a page's requests from now on. `quiet()` resolves once none is in flight and two frames
 * have passed without a new one: whatever a response set off (a render, the next request) has
 * happened. Deterministic where `waitForLoadState("networkidle")` waits half a second on every page.
 * A request made before it began (one the last page left, ended by the next navigation) is not counted.
 *
 * The browser's own requests are not the page's and are left out: when a page asks again for an
 * answer it has a stale copy of (`stale-while-revalidate`), Chromium answers from the copy and
 * refreshes it in the background, and that refresh's body can stay unread for as long as the page
 * lives (seen waiting 28 s), holding "quiet" back with it.
 */
export function followRequests(page: Page) {
  let started = 0;
  const inFlight = new Set<Request>();
  const ended = (request: Request) => inFlight.delete(request);
  page.on("request", (request) => {
    if (request.resourceType() === "other") return;
    started++;
    inFlight.add(request);
  });
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async quiet() {
      for (;;) {
        while (inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        const before = started;
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        if (started === before && inFlight.size === 0) return;
      }
    },
  };
}

/**
 * The addresses of the forms a page sends to the site from now on (POSTs to its own origin): the
 * sign-in library's own requests to the auth server, which it makes when it pleases, are not the page's.
 */
export function sitePosts(page: Page) {
  const posts: string[] = [];
  const site = new URL(page.url()).origin;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).origin === site) posts.push(request.url());
  });
  return posts;
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Switches the page to the light or dark system theme and waits until it shows it: the site's theme
 * class follows a moment later, and colours then take their short transition. An audit made in
 * between would read one theme's text on the other's background.
 */
export async function showColorScheme(page: Page, colorScheme: ColorScheme) {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains("dark") === dark,
    colorScheme === "dark",
  );
  await page.evaluate(() => {
    // Styles worked out first, so every transition the theme starts is listed.
    document.body.getBoundingClientRect();
    return Promise.all(document.getAnimations().map((animation) => animation.finished));
  });
}

export type ColorScheme = "light" | "dark";

/**
 * Shows the page in both themes on a laptop and on a phone, calling `look` in each. Each width opens
 * the page once and turns the other theme on in place: the laptop opens in light, the phone in dark,
 * so each theme is seen as a page opens in it and as a reader's system switches to it.
 */
export async function inBothThemes(
  page: Page,
  open: () => Promise<void>,
  look: (view: { width: number; colorScheme: ColorScheme }) => Promise<void>,
) {
  for (const { width, themes } of [
    { width: 1280, themes: ["light", "dark"] },
    { width: 360, themes: ["dark", "light"] },
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    for (const [index, colorScheme] of themes.entries()) {
      if (index === 0) {
        await page.emulateMedia({ colorScheme });
        await open();
      } else await showColorScheme(page, colorScheme);
      await look({ width, colorScheme });
    }
  }
}

/** The data router React Router keeps on window in framework mode. */
interface RouterWindow {
  __reactRouterDataRouter: { navigate(to: string): Promise<void> };
}

/** Navigates the way a <Link> does, through React Router, without a document load. */
export async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    void (window as Window & typeof globalThis & RouterWindow).__reactRouterDataRouter.navigate(to);
  }, path);
}

declare global {
  interface Window {
    /** What one element showed, frame by frame (recordPaintedText). */
    paintedTexts: string[];
  }
}

/**
 * From the next page load on, records the visible text of the first element `selector` finds at
 * every frame, each change once ("" for a frame without it); `paintedText` reads them back.
 */
export async function recordPaintedText(page: Page, selector: string) {
  await page.addInitScript((target) => {
    // Runs in the page: everything it uses is defined here. innerText leaves out what is invisible.
    window.paintedTexts = [];
    const record = () => {
      const text = document.querySelector<HTMLElement>(target)?.innerText.trim() ?? "";
      if (window.paintedTexts.at(-1) !== text) window.paintedTexts.push(text);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  }, selector);
}

/** Every text recordPaintedText saw painted so far, frames without the element left out. */
export function paintedText(page: Page) {
  return page.evaluate(() => window.paintedTexts.filter(Boolean));
}

/**
 * The reader's text size as a browser setting sets it (the root font size: "200%", "20px"), from the
 * next document on: rem-sized text and controls grow, the screen does not.
 */
export async function setTextSize(page: Page, size: string) {
  await page.addInitScript(
    (rootSize) =>
      document.addEventListener("DOMContentLoaded", () => {
        document.documentElement.style.fontSize = rootSize;
      }),
    size,
  );
}
