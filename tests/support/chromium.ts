import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium, never a downloaded browser. Most flags keep it from reaching out to Google
 * services, which this network refuses.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
