import { ChangePasswordPage, LoginPage, SchoolSelectionPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { COLEGIO, DEMO, DEMO_PASSWORD, NORTE } from "../support/env.ts";
import { acceptPrivacyNotice, expect, privacyDialog, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";

/** Spec §4 login flow: what each demo account meets right after signing in. */
test.describe("sign-in outcomes of the demo accounts", () => {
  test("root lands on the schools screen", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.root, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin-school-creator$/);
    await expect(toast(page, "Sesión Iniciada")).toBeVisible();
    await new AppLayout(page).expectReady();
  });

  test.describe(() => {
    // The toast's place is measured while it shows (it closes by itself after a few seconds): the privacy notice,
    // accepted by a handler before each action, once took long enough for the toast to go first. Accepted here after.
    test.use({ autoAcceptPrivacy: false });
    test("director lands on /register with 'Sesión Iniciada'", async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(DEMO.director, DEMO_PASSWORD);
      const signedIn = toast(page, "Sesión Iniciada");
      await expect(signedIn).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
      const layout = new AppLayout(page);
      // Issue 12 §7: the toast sits below the header (64 px), never over the bell or the user block.
      const top = (await signedIn.boundingBox())?.y ?? -1;
      const header = (await layout.header.boundingBox())!;
      expect(top).toBeGreaterThanOrEqual(header.y + header.height);
      if (await privacyDialog(page).isVisible()) await acceptPrivacyNotice(page);
      await layout.expectReady();
    });
  });

  test("docente lands on /register", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.docente, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/register$/);
    await new AppLayout(page).expectReady();
  });

  test("familia lands on /notifications", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.familia, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/notifications$/);
    await new AppLayout(page).expectReady();
    await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  });

  for (const school of [NORTE, COLEGIO]) {
    test(`multi chooses among both schools and enters ${school.name}`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(DEMO.multi, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/Schoolselection$/);
      const selection = new SchoolSelectionPage(page);
      await expect(selection.title).toBeVisible();
      await expect(selection.school(COLEGIO.name)).toBeVisible();
      await expect(selection.school(NORTE.name)).toBeVisible();
      await expect(selection.schools).toHaveCount(2);
      await selection.choose(school.name);
      const layout = new AppLayout(page);
      await layout.expectReady(/\/register$/);
      // The header names the chosen school beside its logo (issue 12 §3).
      await expect(layout.header.getByText(school.name, { exact: true })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("school_id"))).toBe(school.id);
    });
  }

  test("norte lands on /register in Instituto Norte", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.norte, DEMO_PASSWORD);
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await expect(layout.header.getByText(NORTE.name, { exact: true })).toBeVisible();
  });

  test("nuevo must change the password first", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.nuevo, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/Changepassword$/);
    await expect(new ChangePasswordPage(page).title).toBeVisible();
    // Every other screen sends them back (spec §2 rule 4).
    await page.goto("/register");
    await expect(page).toHaveURL(/\/Changepassword$/);
  });

  const refused = [
    { who: "sinrol", email: DEMO.sinrol, message: "Este usuario no tiene un rol asignado. Contacte al administrador." },
    { who: "sinescuela", email: DEMO.sinescuela, message: "Usuario sin escuela asignada" },
    { who: "inactivo", email: DEMO.inactivo, message: "Usuario desactivado" },
  ];
  for (const { who, email, message } of refused) {
    test(`${who} is signed out with '${message}'`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(email, DEMO_PASSWORD);
      await expect(toast(page, message)).toBeVisible();
      await login.expectShown();
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    });
  }

  test("a wrong password reads 'Error al Iniciar Sesión'", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.director, "not-the-password");
    await expect(toast(page, "Error al Iniciar Sesión")).toBeVisible();
    await login.expectShown();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("empty fields are refused before calling the server", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.submit.click();
    await expect(page.getByText("Campos vacíos")).toHaveCount(2);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("privacy notice at first sign-in", () => {
  test.use({ autoAcceptPrivacy: false });

  test("a school user accepts it once; it does not come back", async ({ page, freshUser, school }) => {
    const user = await freshUser({ profile: "docente" });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/register$/);
    const dialog = privacyDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(school.name);
    await acceptPrivacyNotice(page);

    // Signed in again: once the school's information (which carries the notice) is loaded, no modal.
    const schoolInformation = page.waitForResponse((r) => r.url().includes("/api/schoolInformation") && r.ok());
    await page.reload();
    await new AppLayout(page).expectReady(/\/register$/);
    await schoolInformation;
    await page.waitForTimeout(300);
    await expect(dialog).toBeHidden();
  });
});
