import type { Browser, Page } from "@playwright/test";
import { AppLayout } from "../pages/layout.ts";
import { NotificationsPage } from "../pages/notifications.ts";
import { apiLogin, call, type FreshUser } from "../support/api.ts";
import { expectNoViolations, LANDMARK_RULES } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { socketConnected } from "../support/realtime.ts";

/** A page's first load on two busy cores: the bundle, the user, the screen (expectReady's own bound is 7 s). */
const FIRST_LOAD = { timeout: 20_000 };

/**
 * Issue 12 §4: opening the notifications screen, however it is reached, clears the bell as its click does; and the
 * bell and the list agree at every moment — a notification arriving while the list is open, one marked read, all
 * marked read in another tab. Everything happens to users of the test's own, so no demo account's bell moves.
 */

interface Assigner {
  token: string;
  schoolId: string;
  incidentId: number;
  studentId: number;
}

/** A coordinator of the test's own and an open incident of the school to assign formative actions on. */
async function assignerFor(coordinator: FreshUser): Promise<Assigner> {
  const session = await apiLogin(coordinator.email, coordinator.password);
  const auth = { token: session.token, schoolId: coordinator.schoolId };
  const { data } = await call<{ data: { incidents: { id: number; students: { id: number | null }[] }[] } }>(
    "/api/incidents?status=open",
    auth,
  );
  const incident = data.incidents.find((i) => i.students.some((s) => s.id !== null));
  if (!incident) throw new Error("the school has no open incident with a named student");
  return { ...auth, incidentId: incident.id, studentId: incident.students.find((s) => s.id !== null)!.id! };
}

let sent = 0;
/** One notification for `reader` alone: a formative action assigned to them ("Acción formativa asignada…"). */
async function notify(assigner: Assigner, reader: FreshUser): Promise<string> {
  const guideline = `Seguimiento E2E ${Date.now().toString(36)}-${sent++}`;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
  await call(`/api/incidents/${assigner.incidentId}/formative-actions`, {
    method: "POST",
    token: assigner.token,
    schoolId: assigner.schoolId,
    body: { student_id: assigner.studentId, guideline, responsible_id: reader.id, starts_on: today, repeat: "none" },
  });
  return guideline;
}

/** A session of each reader's own for reading the server's bell: one sign-in, not one per look. */
const readerSessions = new Map<string, ReturnType<typeof apiLogin>>();

/** The bell's count as the server keeps it (what the 30 s poll reads). */
async function serverBell(reader: FreshUser): Promise<number> {
  if (!readerSessions.has(reader.email)) readerSessions.set(reader.email, apiLogin(reader.email, reader.password));
  const session = await readerSessions.get(reader.email)!;
  const { data } = await call<{ data: { user: { unviewed_notifications_count: number } } }>(`/api/users/${reader.id}`, {
    token: session.token,
    schoolId: reader.schoolId,
  });
  return data.user.unviewed_notifications_count;
}

/** The reader signed in on a page of its own (own storage and socket), at `to`. */
async function openAs(browser: Browser, reader: FreshUser, to: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const connected = socketConnected(page);
  await signInWithStorage(page, reader.email, { password: reader.password, to });
  await connected;
  return page;
}

test("opening the notifications screen from the menu clears the bell as the bell's click does", async ({
  page,
  freshUser,
}, testInfo) => {
  // Two fresh users and three first loads of the app: more than the default 45 s on two busy cores.
  test.setTimeout(90_000);
  const reader = await freshUser({ profile: "docente", privacyAccepted: true });
  const assigner = await assignerFor(await freshUser({ profile: "coordinador", privacyAccepted: true }));
  const first = await notify(assigner, reader);
  await notify(assigner, reader);

  const connected = socketConnected(page);
  await signInWithStorage(page, reader.email, { password: reader.password, to: "/register" });
  const layout = new AppLayout(page);
  await layout.expectReady(/\/register$/, FIRST_LOAD);
  await connected;
  await expect(layout.bell(2)).toBeVisible();

  // From the menu, not the bell: the screen itself clears it, on the server too.
  await layout.menuItem("menu.notifications").click();
  await expect(page).toHaveURL(/\/notifications$/);
  const screen = new NotificationsPage(page);
  await expect(screen.item(new RegExp(first))).toBeVisible();
  await expect(layout.bell(0)).toBeVisible();
  await expect(layout.bellBadge).toBeHidden();
  await expect.poll(() => serverBell(reader)).toBe(0);
  // Cleared is not read: both stay unread in the list until marked.
  await expect(screen.unreadSummary(2)).toBeVisible();
  await expectNoViolations(page, testInfo, "notifications-es", LANDMARK_RULES);

  // The bell's click does the same: a new arrival rings it on this screen, the click clears it.
  // The reload opens a new socket: the arrival is sent once it is connected (as the first part waits for), else it
  // reaches this page only with the next 30 s poll.
  const reconnected = socketConnected(page);
  await page.goto("/register");
  await layout.expectReady(/\/register$/, FIRST_LOAD);
  await reconnected;
  await notify(assigner, reader);
  await expect(layout.bell(1)).toBeVisible();
  await layout.bell(1).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(layout.bell(0)).toBeVisible();
  await expect.poll(() => serverBell(reader)).toBe(0);
  await expect(screen.unreadSummary(3)).toBeVisible();
});

test("the bell and the list agree while notifications arrive and are read, in two tabs", async ({
  browser,
  freshUser,
}) => {
  // Two fresh users and two tabs, each with its first load and socket: more than the default 45 s on busy cores.
  test.setTimeout(90_000);
  const reader = await freshUser({ profile: "docente", privacyAccepted: true });
  const assigner = await assignerFor(await freshUser({ profile: "coordinador", privacyAccepted: true }));
  const older = await notify(assigner, reader);

  const a = await openAs(browser, reader, "/notifications");
  const b = await openAs(browser, reader, "/register");
  const [layoutA, layoutB] = [new AppLayout(a), new AppLayout(b)];
  const [listA, listB] = [new NotificationsPage(a), new NotificationsPage(b)];
  await expect(listA.item(new RegExp(older))).toBeVisible();
  await expect(layoutA.bell(0)).toBeVisible();
  await expect(layoutB.bell(0)).toBeVisible();

  // A notification arrives while the list is open: the bell rings and the list shows it, unread, at once.
  const fresh = await notify(assigner, reader);
  await expect(layoutA.bell(1)).toBeVisible();
  await expect(listA.newBadge(listA.item(new RegExp(fresh)))).toBeVisible();
  await expect(listA.unreadSummary(2)).toBeVisible();
  await expect(layoutB.bell(1)).toBeVisible();

  // Read in the list: it is seen, so the bell lets it go — here and in the other tab.
  await listA.markReadButton(listA.item(new RegExp(fresh))).click();
  await expect(listA.newBadge(listA.item(new RegExp(fresh)))).toBeHidden();
  await expect(layoutA.bell(0)).toBeVisible();
  await expect(layoutB.bell(0)).toBeVisible();
  await expect.poll(() => serverBell(reader)).toBe(0);

  // Everything read in the other tab: the open list here follows without a reload.
  await b.goto("/notifications");
  await expect(listB.unreadSummary(1)).toBeVisible(FIRST_LOAD);
  await b.getByRole("button", { name: t("es", "notifications:markAllRead") }).click();
  await expect(listB.allRead).toBeVisible();
  await expect(listA.allRead).toBeVisible();
  await expect(listA.newBadge(listA.item(new RegExp(older)))).toBeHidden();
  await expect(layoutA.bell(0)).toBeVisible();

  await a.context().close();
  await b.context().close();
});
