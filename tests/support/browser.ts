import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Navigates the way a <Link> does, through the Remix router, without a document load. */
export async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    const router = (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter;
    void router.navigate(to);
  }, path);
}
