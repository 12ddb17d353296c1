import { AppLayout } from "../pages/layout.ts";
import { NotificationsPage } from "../pages/notifications.ts";
import { apiLogin, call } from "../support/api.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { socketConnected } from "../support/realtime.ts";

/**
 * Spec §2/§4 bell: the unviewed count, live updates, and the click that resets it and opens /notifications.
 * docente@ of the spec's own school starts with one unviewed welcome notification; only this test changes it.
 */
test("bell: count, live reset over the socket, notifications list and mark read", async ({ page, school }) => {
  const connected = socketConnected(page);
  const { session } = await signInWithStorage(page, school.docente, { to: "/register" });
  const layout = new AppLayout(page);
  await layout.expectReady(/\/register$/);
  await expect(layout.bell(1)).toBeVisible();
  await expect(layout.bellBadge).toHaveText("1");
  await connected;

  // Another session of the same user resets the count (what the bell click sends, spec §7): the open page hears
  // it over the socket, well before the next 30 s poll.
  const other = await apiLogin(school.docente);
  await call(`/api/users/${session.userId}`, {
    method: "POST",
    token: other.token,
    schoolId: school.id,
    body: { unviewed_notifications_count: 0 },
  });
  await expect(layout.bellBadge).toBeHidden({ timeout: 2_000 });
  await expect(layout.bell(0)).toBeVisible({ timeout: 2_000 });
  expect(page.url()).toMatch(/\/register$/);

  await layout.bell(0).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(layout.title).toHaveText("Notificaciones");
  const screen = new NotificationsPage(page);
  const welcome = screen.item(`¡Bienvenido a ${school.name}!`);
  await expect(welcome).toBeVisible();
  await expect(screen.newBadge(welcome)).toBeVisible();
  await expect(screen.unreadSummary(1)).toBeVisible();

  await screen.markReadButton(welcome).click();
  await expect(screen.newBadge(welcome)).toBeHidden();
  await expect(screen.markReadButton(welcome)).toBeHidden();
  await expect(screen.allRead).toBeVisible();

  // Read on the server too: a reload shows the same.
  await page.reload();
  await expect(screen.item(`¡Bienvenido a ${school.name}!`)).toBeVisible();
  await expect(screen.allRead).toBeVisible();
  await expect(layout.bellBadge).toBeHidden();
});
