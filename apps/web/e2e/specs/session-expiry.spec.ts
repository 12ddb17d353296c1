import { LoginPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { RegistrationPage } from "../pages/registration.ts";
import { apiLogin, endOtherSessions } from "../support/api.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { toast } from "../support/toasts.ts";

/** Spec §8: a 401 signs the user out with 'Sesión vencida!' at the bottom right. */
test("a session ended from another device signs the page out with 'Sesión vencida!'", async ({ page, freshUser }) => {
  const user = await freshUser({ profile: "docente", privacyAccepted: true });
  await signInWithStorage(page, user.email, { password: user.password, to: "/register" });
  const layout = new AppLayout(page);
  await layout.expectReady(/\/register$/);
  // The registration screen has made its own calls (they would otherwise be the first refused).
  await new RegistrationPage(page).goto();

  // From another session of the same user, end every other one (the page's included).
  const other = await apiLogin(user.email, user.password);
  expect(await endOtherSessions(other.token)).toBeGreaterThanOrEqual(1);

  // The next call the page makes is refused: no need to wait for the 30 s poll.
  await layout.menuItem("menu.notifications").click();
  await expect(toast(page, "Sesión vencida!", "bottom-right")).toBeVisible();
  await new LoginPage(page).expectShown();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

/** Spec §4 Layout: the signed-in status is re-checked when the page becomes visible or hidden. */
test("coming back to the tab re-checks the session and signs out one that was ended", async ({ page, freshUser }) => {
  const user = await freshUser({ profile: "docente", privacyAccepted: true });
  await signInWithStorage(page, user.email, { password: user.password, to: "/register" });
  const layout = new AppLayout(page);
  await layout.expectReady(/\/register$/);
  // The registration screen has made its own calls (they would otherwise be the first refused).
  await new RegistrationPage(page).goto();

  const other = await apiLogin(user.email, user.password);
  expect(await endOtherSessions(other.token)).toBeGreaterThanOrEqual(1);

  // No click, no poll: only the tab becoming visible again.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(toast(page, "Sesión vencida!", "bottom-right")).toBeVisible();
  await new LoginPage(page).expectShown();
});
