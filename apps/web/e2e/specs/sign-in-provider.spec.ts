/// <reference types="node" />
/// <reference path="../../../server/scripts/oidc-provider.d.ts" />
import type { Page, TestInfo } from "@playwright/test";
import { type LocalProvider, startLocalProvider } from "../../../server/scripts/local-oidc-provider.ts";
import { AppLayout } from "../pages/layout.ts";
import { call, rootApi } from "../support/api.ts";
import { DESKTOP, expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { E2E_PORT } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 32 §1, as a new user would try it: the platform administrator configures an identity provider for the
 * school (a real OpenID Connect provider run here, the one `npm run dev:oidc` runs); on the school's own address a
 * teacher signs in with its button and lands where the spec says; a disabled teacher is refused with the spec's
 * message ('Usuario desactivado' / 'User deactivated'). Spanish at 1280 px, English at 390 px; axe-core clean.
 */
const es = (key: string, params?: Record<string, string | number>) => t("es", `signInProvider:${key}`, params);
let idp: LocalProvider;
let configured: Promise<void> | undefined;
const SECRET = "e2e-client-secret";
const schoolPage = (schoolId: string) => `http://${schoolId}.localhost:${E2E_PORT}/`;

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await idp?.close();
});

/** The provider, with the school's client and its accounts (the school's real teacher, and one the root disables). */
async function providerFor(schoolId: string, teacher: string, disabled: string) {
  idp ??= await startLocalProvider({
    clients: [
      {
        client_id: `convive-${schoolId}`,
        client_secret: SECRET,
        redirect_uris: [`${schoolPage(schoolId)}api/auth/oidc/callback`],
      },
    ],
    accounts: [
      { sub: "teacher", email: teacher, email_verified: true, name: "Laura Méndez" },
      { sub: "disabled", email: disabled, email_verified: true, name: "Docente dada de baja" },
    ],
  });
  return idp;
}

async function check(page: Page, testInfo: TestInfo, name: string) {
  await screenshot(page, name);
  await expectNoViolations(page, testInfo, name);
  if (page.viewportSize()?.width === 390) await expectNoSidewaysScroll(page, name);
}

test("root configures a provider; a teacher signs in with it on the school's address and lands on Registro", async ({
  page,
  school,
  freshUser,
}, testInfo) => {
  const disabled = await freshUser({ profile: "docente", privacyAccepted: true });
  const provider = await providerFor(school.id, school.docente, disabled.email);
  await resizeTo(page, DESKTOP);
  await signInWithStorage(page, "root@convive.test", { language: "es", to: "/admin-school-creator" });
  const layout = new AppLayout(page);
  await layout.expectReady(/\/admin-school-creator$/);
  await layout.main
    .getByRole("button", { name: es("openLabel", { name: school.name }) })
    .filter({ visible: true })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: es("title", { name: school.name }) });
  await expect(dialog.getByText(`${schoolPage(school.id)}api/auth/oidc/callback`)).toBeVisible();
  await dialog.getByRole("textbox", { name: es("issuer") }).fill(provider.issuer);
  await dialog.getByRole("textbox", { name: es("clientId") }).fill(`convive-${school.id}`);
  await dialog.getByLabel(es("clientSecret")).fill(SECRET);
  await check(page, testInfo, "sign-in-provider-form-es-1280");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page, "¡Guardado con éxito!")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The teacher the root will refuse: disabled platform-wide.
  const root = await rootApi();
  await call(`/api/admin/users/${disabled.id}`, { method: "PATCH", token: root.token, body: { is_active: false } });
  configured = Promise.resolve();

  // The teacher on the school's own address (another origin: nothing of the root's session is there).
  await page.goto(schoolPage(school.id));
  const button = page.getByRole("link", { name: "Entrar con Google" });
  await expect(button).toBeVisible();
  await check(page, testInfo, "sign-in-provider-login-es-1280");
  await button.click();
  await page.getByRole("button", { name: /Laura Méndez/ }).click();
  // Spec §4: 'Sesión Iniciada', the privacy notice (accepted by the fixture), and the Docente's landing view: Registro.
  await expect(toast(page, "Sesión Iniciada")).toBeVisible();
  await expect(page).toHaveURL(/\/(register|incident-registration)$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a disabled teacher is refused with the spec's message, in English on a phone", async ({
  browser,
  school,
}, testInfo) => {
  test.skip(!configured, "needs the provider the first test configures");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${schoolPage(school.id)}logo-convive.svg`);
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.goto(schoolPage(school.id));
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: /dada de baja/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "User deactivated" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-mail" })).toBeVisible();
  await check(page, testInfo, "sign-in-provider-refused-en-390");
  await context.close();
});

test("the school's Director sees its provider in general information, read-only until root allows", async ({
  page,
  school,
}, testInfo) => {
  test.skip(!configured, "needs the provider the first test configures");
  await resizeTo(page, DESKTOP);
  await signInWithStorage(page, school.director, { language: "es", to: "/master-configuration/general-information" });
  const card = page.getByRole("region", { name: es("open") });
  await expect(card.getByText(es("cardSummary", { label: "Google" }))).toBeVisible({ timeout: 30_000 });
  await card.getByRole("button", { name: es("cardView") }).click();
  const dialog = page.getByRole("dialog", { name: es("title", { name: school.name }) });
  await expect(dialog.getByText(es("managedByPlatform"))).toBeVisible();
  await check(page, testInfo, "sign-in-provider-director-es-1280");
});
