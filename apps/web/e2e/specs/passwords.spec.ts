import { ChangePasswordPage, chooseLanguage, LoginPage, RecoverPasswordPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { expect, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";

test.describe("password recovery", () => {
  test("reachable from the login screen without a token; confirms after an e-mail is sent", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.forgot.click();
    await expect(page).toHaveURL(/\/RecoverPassword$/);
    const recover = new RecoverPasswordPage(page);
    await expect(recover.title).toBeVisible();

    await recover.submit.click();
    await expect(page.getByText("Campos vacíos")).toBeVisible();

    await recover.email.fill("docente@convive.test");
    await recover.submit.click();
    await expect(recover.sent).toBeVisible();
    await page.getByRole("link", { name: "Volver a iniciar sesión" }).click();
    await login.expectShown();
  });
});

test.describe("forced password change", () => {
  test("mismatch, empty fields in both languages, then success lands in the app", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", passwordUpdated: false });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/Changepassword$/);
    const change = new ChangePasswordPage(page);
    await expect(change.title).toBeVisible();

    await change.submit.click();
    await expect(page.getByText("Campos vacíos")).toHaveCount(3);

    await change.change(user.password, "Nueva.Clave.2026", "Otra.Clave.2026");
    await expect(page.getByText("Las contraseñas no coinciden")).toBeVisible();
    await expect(page).toHaveURL(/\/Changepassword$/);

    await chooseLanguage(page, "en");
    change.use("en");
    await change.current.fill("");
    await change.newPassword.fill("");
    await change.confirm.fill("");
    await change.submit.click();
    await expect(page.getByText("empty fields")).toHaveCount(3);
    await change.change(user.password, "Nueva.Clave.2026", "Otra.Clave.2026");
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await change.change(user.password, "Nueva.Clave.2026");
    await expect(toast(page, "Updated password")).toBeVisible();
    const layout = new AppLayout(page, "en");
    await layout.expectReady(/\/register$/);

    // The new password is the one that signs in now.
    await layout.logoutItem.click();
    await login.use("en").expectShown();
    await login.signIn(user.email, "Nueva.Clave.2026");
    await layout.expectReady(/\/register$/);
  });

  test("a wrong current password is refused and the user stays", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", passwordUpdated: false });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    const change = new ChangePasswordPage(page);
    await expect(change.title).toBeVisible();
    await change.change("not-my-password", "Nueva.Clave.2026");
    // The server's message, as a toast and under the field.
    await expect(toast(page, "La contraseña actual no es correcta.")).toBeVisible();
    await expect(page.getByRole("main").getByText("La contraseña actual no es correcta.")).toBeVisible();
    // Never an error code in front of the user.
    await expect(page.getByText("CURRENT_PASSWORD_WRONG")).toHaveCount(0);
    await expect(page).toHaveURL(/\/Changepassword$/);
  });
});
