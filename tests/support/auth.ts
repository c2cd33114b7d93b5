import { test as base, expect, type Page } from "@playwright/test";
import { authEmulatorHost, E2E_AUTH_EMULATOR_PORT, FIREBASE_PROJECT_ID } from "../../scripts/lib/local-auth";

/** The end-to-end stack's own Auth emulator (playwright.config.ts starts it beside `npm start`'s). */
const emulatorOrigin = `http://${authEmulatorHost(E2E_AUTH_EMULATOR_PORT)}`;
const emulator = `${emulatorOrigin}/identitytoolkit.googleapis.com/v1`;
/** The emulator lets "owner" act as the Admin SDK: set claims, look up and delete accounts. */
const asOwner = { "Content-Type": "application/json", Authorization: "Bearer owner" };

export interface Credentials {
  email: string;
  password: string;
  name: string;
}

export interface Account extends Credentials {
  uid: string;
}

/** An account signed in through the site, with the page it is signed in on. */
export interface SignedIn extends Account {
  page: Page;
}

let counter = 0;
/** Fresh, unique credentials for one test (no account exists for them yet). */
export function newReader(name = "Test Reader"): Credentials {
  counter++;
  return { email: `reader-${Date.now()}-${process.pid}-${counter}@example.test`, password: "lantern-light-42", name };
}

async function emulatorCall<T>(path: string, body: object, headers: Record<string, string> = asOwner): Promise<T> {
  const response = await fetch(`${emulator}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Auth emulator ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates an account in the Auth emulator directly (for tests that are not about signing up). */
export async function createAccount(credentials: Credentials, claims?: Record<string, unknown>): Promise<Account> {
  const { localId } = await emulatorCall<{ localId: string }>(
    "/accounts:signUp?key=emulator",
    {
      email: credentials.email,
      password: credentials.password,
      displayName: credentials.name,
      returnSecureToken: true,
    },
    { "Content-Type": "application/json" },
  );
  if (claims) {
    await emulatorCall(`/projects/${FIREBASE_PROJECT_ID}/accounts:update`, {
      localId,
      customAttributes: JSON.stringify(claims),
    });
  }
  return { ...credentials, uid: localId };
}

/** Deletes the account with this email, if there is one. */
export async function removeAccount(email: string) {
  const { users = [] } = await emulatorCall<{ users?: Array<{ localId: string }> }>(
    `/projects/${FIREBASE_PROJECT_ID}/accounts:lookup`,
    { email: [email] },
  );
  for (const { localId } of users) await emulatorCall(`/projects/${FIREBASE_PROJECT_ID}/accounts:delete`, { localId });
}

/** Signs in through the login page, as a reader would, and waits for the way back. */
export async function signIn(page: Page, credentials: Pick<Credentials, "email" | "password">, from = "/login") {
  if (from === "/login" || !page.url().includes("/login")) await page.goto(from);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Email address").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByRole("button", { name: /^Account:/ }).or(page.locator("summary[aria-label^='Account:']")),
  ).toBeVisible();
}

/** Signs out from the account menu in the header, with the button named, and waits for the way back in. */
export async function signOut(page: Page, button: "Sign out" | "Sign out and clear this device" = "Sign out") {
  await page
    .getByRole("banner")
    .getByLabel(/^Account:/)
    .click();
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** Every account a test makes, removed from the emulator when it ends. */
export interface Accounts {
  /** An account in the emulator, not signed in anywhere. */
  create(name?: string, claims?: Record<string, unknown>): Promise<Account>;
  /** Credentials for an account the test makes itself (through the sign-up form). */
  credentials(name?: string): Credentials;
}

// Each fixture hands its value to the test through `provide` (Playwright's `use`, renamed so the React
// hooks lint rule does not take it for a hook).
export const test = base.extend<
  { accounts: Accounts; reader: SignedIn; moderator: SignedIn },
  { authEmulator: string }
>({
  /** The emulator starts seconds after the site answers: a worker waits for it once, before its first account. */
  authEmulator: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide) => {
      await expect
        .poll(
          () =>
            fetch(emulatorOrigin).then(
              (response) => response.ok,
              () => false,
            ),
          { message: `the Auth emulator on ${emulatorOrigin}`, timeout: 60_000 },
        )
        .toBe(true);
      await provide(emulatorOrigin);
    },
    { scope: "worker", timeout: 75_000 },
  ],

  accounts: async ({ authEmulator: _ }, provide) => {
    const emails: string[] = [];
    await provide({
      async create(name, claims) {
        const credentials = newReader(name);
        emails.push(credentials.email);
        return createAccount(credentials, claims);
      },
      credentials(name) {
        const credentials = newReader(name);
        emails.push(credentials.email);
        return credentials;
      },
    });
    for (const email of emails) await removeAccount(email);
  },

  /** A fresh reader, signed in on the test's own page. */
  reader: async ({ page, accounts }, provide) => {
    const reader = await accounts.create("Test Reader");
    await signIn(page, reader);
    await provide({ ...reader, page });
  },

  /** A fresh moderator (the `admin` claim), signed in on a page in a browser context of its own. */
  moderator: async ({ browser, accounts }, provide) => {
    const moderator = await accounts.create("Moderator", { admin: true });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, moderator);
    await provide({ ...moderator, page });
    await context.close();
  },
});

export { expect };
