import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (`apt-get install
 * chromium-headless-shell`), the same engine without the desktop browser's windowing, and what
 * Playwright itself runs headless by default. It spends about a tenth less CPU per page than
 * `/usr/bin/chromium` ([decision 65](../../docs/decisions/0065-the-tests-drive-chromiums-headless-shell.md)).
 * Most flags keep it from reaching out to Google services, which this network refuses.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    // navigator.webdriver stays false, so analytics does not take the browser for a bot.
    "--disable-blink-features=AutomationControlled",
  ],
};

/**
 * An init script for a context whose analytics a test reads: PostHog drops the events of a browser
 * that names "HeadlessChrome" among its brands (`navigator.userAgentData.brands`), as the headless
 * shell does and a reader's Chromium does not. The context's `userAgent` option changes the
 * User-Agent string only.
 */
export function withoutHeadlessBrand() {
  const prototype = (globalThis as { NavigatorUAData?: { prototype: object } }).NavigatorUAData?.prototype;
  const brands = prototype && Object.getOwnPropertyDescriptor(prototype, "brands")?.get;
  if (!prototype || !brands) return;
  Object.defineProperty(prototype, "brands", {
    get(): unknown {
      return (brands.call(this) as Array<{ brand: string }>).filter(({ brand }) => brand !== "HeadlessChrome");
    },
  });
}
