import { LoginPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";

/** Spec §4 Logout. Users of their own, so signing out never touches a session another test holds. */
test.describe("logout", () => {
  test("from the sidebar: 'Sesión Cerrada!', back on login, token gone, language kept", async ({ page, freshUser }) => {
    const user = await freshUser({ profile: "docente", privacyAccepted: true });
    await signInWithStorage(page, user.email, { password: user.password, to: "/register", language: "es" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);

    await layout.logoutItem.click();
    await expect(toast(page, "Sesión Cerrada!")).toBeVisible();
    await new LoginPage(page).expectShown();
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toEqual({ language: "es" });

    // A protected address now leads to the login screen.
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/register");
    await new LoginPage(page).expectShown();
  });

  test("in English: back on the Spanish sign-in screen (spec §1), the toast in Spanish too", async ({
    page,
    freshUser,
  }) => {
    // English chosen inside the app, not on the sign-in screen (issue 12 §9; language.spec.ts has the other case).
    const user = await freshUser({ profile: "docente", privacyAccepted: true, language: "en" });
    await signInWithStorage(page, user.email, { password: user.password, to: "/register", language: "en" });
    const layout = new AppLayout(page, "en");
    await layout.expectReady(/\/register$/);
    await layout.logoutItem.click();
    await expect(toast(page, "Sesión Cerrada!")).toBeVisible();
    await new LoginPage(page).expectShown();
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ language: "es" });
  });
});
