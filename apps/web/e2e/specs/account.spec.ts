import type { Page } from "@playwright/test";
import { AccountPage } from "../pages/account.ts";
import { LoginPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { ApiCallError, apiLogin, call, type FreshUser } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { toast } from "../support/toasts.ts";

/** Signs the fresh user in through the form and opens /account from the header's user block (spec §2). */
async function openAccount(page: Page, user: FreshUser) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.email, user.password);
  const layout = new AppLayout(page);
  await layout.expectReady(/\/register$/);
  await layout.userBlock.click();
  await layout.expectReady(/\/account$/);
  await expect(layout.title).toHaveText("Cuenta");
  return { layout, account: new AccountPage(page) };
}

const stillValid = (token: string) =>
  call("/api/auth/sessions", { token }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiCallError && error.status === 401) return false;
      throw error;
    },
  );

test.describe("account screen", () => {
  test("reached from the user block; editing the name updates the header", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", privacyAccepted: true, firstName: "Renata" });
    const { layout, account } = await openAccount(page, user);
    await expect(layout.userBlock).toContainText("Renata Automática");
    await expect(account.firstName).toHaveValue("Renata");
    await expect(account.email).toHaveValue(user.email);
    await expect(account.saveProfile).toBeDisabled();

    await account.firstName.fill("Renata Sofía");
    await account.saveProfile.click();
    await expect(toast(page, "¡Guardado con éxito!")).toBeVisible();
    await expect(layout.userBlock).toContainText("Renata Sofía Automática");

    await page.reload();
    await expect(account.firstName).toHaveValue("Renata Sofía");

    // An empty first name is refused.
    await account.firstName.fill("");
    await account.saveProfile.click();
    await expect(page.getByRole("main").getByText("Campos vacíos")).toBeVisible();
  });

  test("the language chosen here switches the interface and is saved on the account", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", privacyAccepted: true });
    const { layout, account } = await openAccount(page, user);
    await account.languageOption("en").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(layout.title).toHaveText("Account");
    const session = await apiLogin(user.email, user.password);
    await expect
      .poll(async () => {
        const { data } = await call<{ data: { user: { language: string } } }>(`/api/users/${user.id}`, {
          token: session.token,
        });
        return data.user.language;
      })
      .toBe("en");
  });

  test("lists the signed-in devices and ends another one", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", privacyAccepted: true });
    const other = await apiLogin(user.email, user.password);
    const { account } = await openAccount(page, user);
    await expect(account.sessions).toHaveCount(2);
    await expect(account.endButtons).toHaveCount(1);

    await account.endButtons.click();
    await expect(toast(page, t("es", "account:sessions.ended"))).toBeVisible();
    await expect(account.sessions).toHaveCount(1);
    expect(await stillValid(other.token)).toBe(false);
    // This page's own session goes on.
    await page.reload();
    await expect(account.sessions).toHaveCount(1);
  });

  test("changing the password ends the other sessions; the new one signs in", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", privacyAccepted: true });
    const other = await apiLogin(user.email, user.password);
    const { layout, account } = await openAccount(page, user);

    await account.currentPassword.fill(user.password);
    await account.newPassword.fill("Otra.Clave.2026!");
    await account.confirmPassword.fill("Otra.Clave.2027!");
    await account.changePassword.click();
    await expect(page.getByRole("main").getByText("Las contraseñas no coinciden")).toBeVisible();

    await account.confirmPassword.fill("Otra.Clave.2026!");
    await account.changePassword.click();
    await expect(toast(page, "Contraseña actualizada")).toBeVisible();
    await expect.poll(() => stillValid(other.token)).toBe(false);

    await layout.logoutItem.click();
    const login = new LoginPage(page);
    await login.expectShown();
    await login.signIn(user.email, "Otra.Clave.2026!");
    await layout.expectReady(/\/register$/);
  });
});
