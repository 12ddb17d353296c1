import { DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";

/**
 * Issue 9: an invitation link opens /RecoverPassword?invitation=… (the one public screen besides login). The
 * token lives only in the e-mail, so these checks use a token that is not valid; accepting a real one is covered
 * by the API tests (apps/server/test/api/invitations.test.ts).
 */
const BAD = "invalid-invitation-token-0000000000000000";
const MESSAGE = {
  es: "La invitación no es válida: venció, ya se usó o fue cancelada. Pide a la escuela que te la envíe de nuevo.",
  en: "The invitation is not valid: it expired, was already used or was cancelled. Ask the school to send it again.",
} as const;

for (const lang of ["es", "en"] as const) {
  test(`an invitation link that is no longer valid says so (${lang})`, async ({ page }) => {
    await page.goto("/logo-convive.svg");
    await page.evaluate((lng) => localStorage.setItem("language", lng), lang);
    await page.goto(`/RecoverPassword?invitation=${BAD}`);
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "auth:invitation.title") })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(MESSAGE[lang]);
    await expect(page.getByRole("link", { name: t(lang, "auth:recover.backToLogin") })).toBeVisible();
  });
}

test("a signed-in person opening an invitation link stays on the invitation screen", async ({ page }) => {
  await signInWithStorage(page, DEMO.director, { to: `/RecoverPassword?invitation=${BAD}` });
  await expect(page).toHaveURL(/\/RecoverPassword\?invitation=/);
  await expect(page.getByRole("heading", { level: 1, name: t("es", "auth:invitation.title") })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(MESSAGE.es);
});

test("without an invitation, /RecoverPassword is still the password recovery", async ({ page }) => {
  await page.goto("/RecoverPassword");
  await expect(page.getByRole("heading", { level: 1, name: t("es", "auth:recover.title") })).toBeVisible();
});
