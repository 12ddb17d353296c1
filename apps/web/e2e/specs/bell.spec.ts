import { AppLayout } from "../pages/layout.ts";
import { NotificationsPage } from "../pages/notifications.ts";
import { apiLogin, call } from "../support/api.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { socketConnected, socketEvent } from "../support/realtime.ts";

/** A page's first load on two busy cores: the bundle, the user, the screen (expectReady's own bound is 7 s). */
const FIRST_LOAD = { timeout: 20_000 };

/**
 * Spec §2/§4 bell: the unviewed count, live updates, and the click that resets it and opens /notifications.
 * docente@ of the spec's own school starts with one unviewed welcome notification; only this test changes it.
 */
test("bell: count, live reset over the socket, notifications list and mark read", async ({ page, school }) => {
  // Two first loads of the app, a socket and a reload: more than the default 45 s on two busy cores.
  test.setTimeout(90_000);
  // A second session of the same user, which resets the count below. It accepts the privacy notice first: the
  // notice's dialog would otherwise cover the page on the first of the spec's runs only, and its handler take time
  // out of whichever assertion it interrupts.
  const other = await apiLogin(school.docente);
  await call(`/api/users/${other.userId}`, {
    method: "POST",
    token: other.token,
    schoolId: school.id,
    body: { privacy_notice_viewed: 1 },
  });
  const connected = socketConnected(page);
  const { session } = await signInWithStorage(page, school.docente, { to: "/register" });
  const layout = new AppLayout(page);
  await layout.expectReady(/\/register$/, FIRST_LOAD);
  await expect(layout.bell(1)).toBeVisible();
  await expect(layout.bellBadge).toHaveText("1");
  await connected;

  // Another session of the same user resets the count (what the bell click sends, spec §7): the open page hears
  // it over the socket — the push itself is awaited, not a time shorter than the 30 s poll.
  const pushed = socketEvent<{ count: number }>(page, "notifications:count");
  await call(`/api/users/${session.userId}`, {
    method: "POST",
    token: other.token,
    schoolId: school.id,
    body: { unviewed_notifications_count: 0 },
  });
  expect(await pushed).toMatchObject({ schoolId: school.id, count: 0 });
  await expect(layout.bellBadge).toBeHidden();
  await expect(layout.bell(0)).toBeVisible();
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
  await expect(screen.item(`¡Bienvenido a ${school.name}!`)).toBeVisible(FIRST_LOAD);
  await expect(screen.allRead).toBeVisible();
  await expect(layout.bellBadge).toBeHidden();
});
