import { expect, type Page } from "@playwright/test";

export const EMULATOR = "http://127.0.0.1:9099";
export const PROJECT_ID = "demo-lanternfall";

let counter = 0;
/** A fresh, unique reader for one test. */
export function newReader(name = "Test Reader") {
  counter++;
  return { email: `reader-${Date.now()}-${process.pid}-${counter}@example.test`, password: "lantern-light-42", name };
}

/** Creates an account in the Auth emulator directly (for tests that are not about signing up). */
export async function createAccount(reader: { email: string; password: string; name: string }, claims?: Record<string, unknown>) {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=emulator`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: reader.email, password: reader.password, displayName: reader.name, returnSecureToken: true }),
  });
  const account = (await response.json()) as { localId: string };
  if (claims) {
    await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ localId: account.localId, customAttributes: JSON.stringify(claims) }),
    });
  }
  return account.localId;
}

/** Signs in through the login page, as a reader would, and waits for the way back. */
export async function signIn(page: Page, reader: { email: string; password: string }, from = "/login") {
  if (from === "/login" || !page.url().includes("/login")) await page.goto(from);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Email address").fill(reader.email);
  await page.getByLabel("Password").fill(reader.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Account:/ }).or(page.locator("summary[aria-label^='Account:']"))).toBeVisible();
}
