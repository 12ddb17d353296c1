import { chooseLanguage, LoginPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";

/** Spec §1: Spanish by default, English on demand, kept under the local key `language`. */
test.describe("language switch", () => {
  test("the login screen is Spanish by default and switches to English at once", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(login.title).toHaveText("Inicia sesión");
    await expect(login.email).toBeVisible();
    await expect(page.getByRole("button", { name: "Mostrar u ocultar la contraseña" })).toBeVisible();

    let loads = 0;
    page.on("load", () => loads++);
    await chooseLanguage(page, "en");
    login.use("en");
    await expect(login.title).toHaveText("Sign in");
    await expect(login.email).toBeVisible();
    await expect(login.submit).toBeVisible();
    await expect(page.getByRole("button", { name: "Show or hide the password" })).toBeVisible();
    expect(loads, "no reload").toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(login.title).toHaveText("Sign in");

    // Messages follow the language too (spec §5 'empty fields').
    await login.submit.click();
    await expect(page.getByText("empty fields")).toHaveCount(2);
  });

  test("the header dropdown switches the layout to English and the choice survives a reload", async ({
    page,
    freshUser,
  }) => {
    // A user of its own: switching also saves the language on the account.
    const user = await freshUser({ profile: "director", privacyAccepted: true });
    await signInWithStorage(page, user.email, { password: user.password, to: "/register" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(layout.title).toHaveText("Registro de incidencias");
    await expect(layout.menuItem("menu.archive")).toHaveText("Archivo");

    let loads = 0;
    page.on("load", () => loads++);
    await layout.chooseLanguage("en");
    await expect(layout.title).toHaveText("Incident Registration");
    await expect(layout.menuItem("menu.archive")).toHaveText("Archive");
    await expect(layout.menuItem("menu.masterConfiguration")).toHaveText("Master configuration");
    await expect(layout.logoutItem).toBeVisible();
    await expect(layout.header.getByRole("button", { name: "Help for this screen" })).toBeVisible();
    expect(loads, "no reload").toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");

    await page.reload();
    await layout.expectReady(/\/register$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(layout.title).toHaveText("Incident Registration");
    await expect(layout.language).toHaveValue("en");

    await layout.chooseLanguage("es");
    await expect(layout.title).toHaveText("Registro de incidencias");
  });

  test("after a logout the sign-in screen is Spanish, unless English was chosen on it (issue 12 §9)", async ({
    page,
    freshUser,
  }) => {
    const user = await freshUser({ profile: "director", privacyAccepted: true });
    await signInWithStorage(page, user.email, { password: user.password, to: "/register" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await layout.chooseLanguage("en");
    await expect(layout.title).toHaveText("Incident Registration");

    // English was chosen inside: signing out goes back to the Spanish sign-in screen.
    await layout.logoutItem.click();
    const login = new LoginPage(page);
    await login.expectShown();
    await expect(login.title).toHaveText("Inicia sesión");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    // Chosen on the sign-in screen itself: kept after signing in and out again.
    await chooseLanguage(page, "en");
    login.use("en");
    await expect(login.title).toHaveText("Sign in");
    await login.signIn(user.email, user.password);
    const english = new AppLayout(page, "en");
    await english.expectReady(/\/register$/);
    await english.logoutItem.click();
    await login.expectShown();
    await expect(login.title).toHaveText("Sign in");
  });
});
