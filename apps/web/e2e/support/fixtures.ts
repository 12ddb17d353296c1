/// <reference types="node" />
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { type ApiSession, apiLogin, createUser, type FreshUser, type FreshUserOptions } from "./api.ts";
import { BASE_URL, DEMO_PASSWORD } from "./env.ts";
import type { Lang } from "./i18n.ts";
import { closeSchools, ownSchool, type SpecSchool } from "./school.ts";

/** The privacy-notice modal in either language (features/privacy/PrivacyNotice.tsx). */
export const privacyDialog = (page: Page): Locator =>
  page.getByRole("dialog", { name: /Aviso de privacidad|Privacy notice/ });

/** Accepts the privacy notice when it is up; resolves when it is gone. */
export async function acceptPrivacyNotice(page: Page) {
  const dialog = privacyDialog(page);
  await dialog.getByRole("button", { name: /^(Aceptar|Accept)$/ }).click();
  await expect(dialog).toBeHidden();
}

export interface BrowserSession {
  session: ApiSession;
  schoolId: string | null;
}

/**
 * Signs in without the login form: a server session opened from the test process, written into local storage
 * the way the app keeps it (src/lib/storage.ts). For the tests whose subject is not the sign-in itself.
 */
export async function signInWithStorage(
  page: Page,
  email: string,
  options: { password?: string; schoolId?: string | null; language?: Lang; to?: string } = {},
): Promise<BrowserSession> {
  const session = await apiLogin(email, options.password ?? DEMO_PASSWORD);
  const active = session.user.schools.filter((s) => s.is_active);
  const schoolId = options.schoolId !== undefined ? options.schoolId : active.length === 1 ? active[0]!.id : null;
  // The refresh token goes where the server puts it: an HttpOnly cookie for the refresh call only.
  await page.context().addCookies([
    {
      name: "convive_refresh",
      value: session.refreshToken,
      domain: new URL(BASE_URL).hostname,
      path: "/api/auth/refresh",
      httpOnly: true,
      sameSite: "Strict",
    },
  ]);
  // A static file of the same origin: local storage is writable without loading the app.
  await page.goto("/logo-convive.svg");
  await page.evaluate(
    ({ s, school, language }) => {
      localStorage.setItem("token", s.token);
      localStorage.setItem("token_expires_at", String(Date.now() + s.expiresIn * 1000));
      localStorage.setItem("user_id", String(s.userId));
      if (school) localStorage.setItem("school_id", school);
      if (language) localStorage.setItem("language", language);
    },
    { s: session, school: schoolId, language: options.language },
  );
  await page.goto(options.to ?? "/");
  return { session, schoolId };
}

/** Sets the interface language for the next load without touching the account (local storage key `language`). */
export async function setStoredLanguage(page: Page, language: Lang) {
  await page.evaluate((lng) => localStorage.setItem("language", lng), language);
}

/** Accepts the privacy notice whenever it shows up on this page, before the test's next action or assertion. */
export async function acceptPrivacyWhenShown(page: Page) {
  await page.addLocatorHandler(privacyDialog(page), async (dialog) => {
    // The notice can also leave by itself (the test signs out as it shows): then nothing is left to accept, and a
    // click waiting for a button that never comes back held the test for the whole action timeout.
    const accepted = dialog
      .getByRole("button", { name: /^(Aceptar|Accept)$/ })
      .click()
      .catch(() => undefined);
    await Promise.race([accepted, dialog.waitFor({ state: "hidden" })]);
    await expect(dialog).toBeHidden();
  });
}

interface Fixtures {
  /** Accept the privacy notice whenever it shows up (default); off for the tests about the modal itself. */
  autoAcceptPrivacy: boolean;
  /** The spec file's own copy of the demo school (support/school.ts); sign in with its accounts to write. */
  school: SpecSchool;
  /** Users of the test's own, created through the root API, in the spec's own school unless told otherwise. */
  freshUser: (options?: FreshUserOptions) => Promise<FreshUser>;
  /** Uncaught errors in the page fail the test. */
  pageErrors: string[];
}

interface WorkerFixtures {
  /** Closes the worker's database connections once its specs are done (support/school.ts). */
  schoolConnections: undefined;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  autoAcceptPrivacy: [true, { option: true }],
  page: async ({ page, autoAcceptPrivacy }, use) => {
    if (autoAcceptPrivacy) await acceptPrivacyWhenShown(page);
    await use(page);
  },
  school: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      await use(await ownSchool(testInfo));
    },
    // Loading a copy takes a few seconds (more on a busy machine): its own time limit, not the test's.
    { timeout: 60_000 },
  ],
  freshUser: async ({ school }, use) => {
    await use((options) => createUser({ schoolId: school.id, ...options }));
  },
  schoolConnections: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      await closeSchools();
    },
    { scope: "worker", auto: true },
  ],
  pageErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
      await use(errors);
      if (errors.length > 0) {
        await testInfo.attach("page-errors", { body: errors.join("\n"), contentType: "text/plain" });
      }
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
