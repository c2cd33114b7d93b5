import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
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
