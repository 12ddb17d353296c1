import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { RegistrationPage } from "../../pages/registration.ts";
import { apiLogin, call } from "../../support/api.ts";
import { expectNoViolations } from "../../support/axe.ts";
import { acceptPrivacyWhenShown, expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { type Lang, t } from "../../support/i18n.ts";
import type { SpecSchool } from "../../support/school.ts";
import { screenshot } from "../../support/screenshot.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 32 §3, "done when": a teacher, offline on a phone in Chromium, registers two incidents with a photo, closes
 * the tab, reopens it, comes back online, and both arrive once, with the notifications. The app must open with the
 * network cut (the service worker serves it; the registration screen's data comes from the device), show it is
 * offline, keep both incidents "pendiente de enviar" through the closed tab, and send them when the connection
 * returns. The second test does it on a desktop in English with a conflict: the type is deactivated while the
 * incident waits, and the teacher sends it with another type.
 *
 * The rest of the suite runs with service workers blocked (playwright.config.ts); these tests allow them.
 */
test.use({ serviceWorkers: "allow" });

const RECORDER = "docente1";
/** A 1×1 PNG: the server re-encodes pictures, so the evidence must be a real image. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface Option {
  id: number;
  name: string;
  group_id: number | null;
}
interface Options {
  groups: { id: number; label: string; mine: boolean }[];
  categories: {
    name_es: string;
    name_en: string | null;
    types: { id: number; name_es: string; name_en: string | null; is_active: boolean }[];
  }[];
}

/** Two students of the teacher's own group and two active types, as the registration screen lists them. */
async function whatTheTeacherSees(school: SpecSchool) {
  const teacher = await apiLogin(school.email(RECORDER));
  const auth = { token: teacher.token, schoolId: school.id };
  // The privacy notice accepted beforehand: what these tests look at is the offline registration, not the notice.
  await call(`/api/users/${teacher.userId}`, { ...auth, method: "POST", body: { privacy_notice_viewed: 1 } });
  const { data: options } = await call<{ data: Options }>("/api/incidents/registration-options", auth);
  const group = options.groups.find((g) => g.mine)!;
  const { data } = await call<{ data: { students: Option[] } }>(
    `/api/incidents/student-options?group_id=${group.id}`,
    auth,
  );
  // A category with three active types: the form lists them once the category is chosen (when there are several).
  const category = options.categories.find((c) => c.types.filter((x) => x.is_active).length >= 3)!;
  const several = options.categories.length > 1;
  return {
    students: data.students.slice(0, 2),
    types: category.types.filter((x) => x.is_active),
    category: several ? { es: category.name_es, en: category.name_en ?? category.name_es } : null,
  };
}

/** The service worker controls the page and the device holds the screen's data: the app opens offline now. */
async function readyOffline(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("convive-offline");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("snapshots")) return resolve(false);
          const keys = db.transaction("snapshots").objectStore("snapshots").getAllKeys();
          keys.onsuccess = () => {
            const all = (keys.result as string[]).join(" ");
            resolve(["current-user", '"options"', "group_id=", "school-information"].every((k) => all.includes(k)));
          };
          keys.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}

/** The incidents of the school whose detail has `text`, as the Director's archive finds them. */
async function incidentsWith(school: SpecSchool, text: string) {
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data } = await call<{ data: { incidents: { id: number; folio: number }[] } }>(
    `/api/incidents?q=${encodeURIComponent(text)}`,
    auth,
  );
  const notices = await call<{ data: { notifications: { link: string | null }[] } }>("/api/notifications", auth);
  return data.incidents.map((incident) => ({
    ...incident,
    notices: notices.data.notifications.filter((n) => n.link?.endsWith(`id=${incident.id}`)).length,
  }));
}

async function attachments(school: SpecSchool, id: number) {
  const director = await apiLogin(school.director);
  const { data } = await call<{ data: { incident: { attachments: unknown[] } } }>(`/api/incidents/${id}`, {
    token: director.token,
    schoolId: school.id,
  });
  return data.incident.attachments.length;
}

const offlineText = (lang: Lang) => t(lang, "offline:offline.title");

/** The picker's group list, drawn from what the device kept (offline) or the server: ready to tick students. */
const groupList = (registration: RegistrationPage, lang: Lang) =>
  registration.incidentForm.getByRole("combobox", { name: t(lang, "registration:students.group"), exact: true });

/** A new tab of the context, accepting the privacy notice whenever it shows (as the fixture's page does). */
async function newTab(context: BrowserContext) {
  const page = await context.newPage();
  await acceptPrivacyWhenShown(page);
  return page;
}

async function openRegistration(context: BrowserContext, lang: Lang) {
  const page = await newTab(context);
  const registration = new RegistrationPage(page, lang);
  await page.goto("/register");
  await expect(registration.incidentForm).toBeVisible({ timeout: 60_000 });
  return { page, registration };
}

test.describe("on a phone, in Spanish", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a teacher offline registers two incidents with a photo; both arrive once after the tab is closed and reopened", async ({
    page: first,
    context,
    school,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { students, types, category } = await whatTheTeacherSees(school);
    const stamp = Date.now().toString(36);
    const details = [`Sin señal en el patio (${stamp}) uno.`, `Sin señal en el patio (${stamp}) dos.`];
    const dir = mkdtempSync(join(tmpdir(), "convive-offline-"));
    const photo = join(dir, "patio.png");
    writeFileSync(photo, PNG_1X1);

    await signInWithStorage(first, school.email(RECORDER), { to: "/register" });
    const registration = new RegistrationPage(first, "es");
    // A new context's first load fetches every file cold: more than an action's wait on CI's busy cores.
    await expect(registration.incidentForm).toBeVisible({ timeout: 60_000 });
    await readyOffline(first);

    // The connection drops; the app opens anyway, and says it is offline.
    await context.setOffline(true);
    await first.reload();
    // Every module of the screen now comes from the service worker's cache: on CI's busy cores that is slow too.
    await expect(registration.incidentForm).toBeVisible({ timeout: 60_000 });
    await expect(first.getByTestId("offline-indicator")).toContainText(offlineText("es"));

    await expect(groupList(registration, "es")).toBeVisible({ timeout: 60_000 });
    for (const [i, detail] of details.entries()) {
      await registration.pickStudent({ name: students[i]!.name });
      if (category) await registration.chooseCategory(category.es);
      await registration.chooseType(types[0]!.name_es);
      await registration.detail.fill(detail);
      await registration.attach([photo]);
      await registration.submitIncident.click();
      await expect(first.getByTestId("registration-queued")).toContainText(t("es", "registration:offline.queuedTitle"));
      // On a phone the toast sits over the panel's buttons: the teacher closes it, as she would.
      await toast(first, t("es", "registration:offline.queuedToast")).locator("button").click();
      if (i === 0) await registration.registerAnother.click();
    }
    const pending = first.getByTestId("pending-record");
    await registration.registerAnother.click();
    await expect(pending).toHaveCount(2);
    await expect(pending.first()).toContainText(t("es", "registration:offline.state.pending"));
    await expectNoViolations(first, testInfo, "registration-offline-es");
    await screenshot(first, "registration-offline-es-390");

    // The tab is closed and opened again, still offline: both wait on the device.
    await first.close();
    const { page: second, registration: again } = await openRegistration(context, "es");
    await expect(again.incidentForm).toBeVisible({ timeout: 60_000 });
    await expect(second.getByTestId("pending-record")).toHaveCount(2);

    // Back online: both go by themselves, each once, with its photo and its notifications.
    await context.setOffline(false);
    await expect(second.getByTestId("sent-record")).toHaveCount(2, { timeout: 45_000 });
    await expect(second.getByTestId("pending-record")).toHaveCount(0);
    await expect(second.getByTestId("offline-indicator")).toBeHidden();
    await screenshot(second, "registration-offline-sent-es-390");
    for (const detail of details) {
      const found = await incidentsWith(school, detail);
      expect(found, detail).toHaveLength(1);
      expect(found[0]!.notices, `${detail}: the Director's notification`).toBe(1);
      expect(await attachments(school, found[0]!.id)).toBe(1);
    }
  });
});

test.describe("on a desktop, in English", () => {
  test("offline on a desktop in English: a type deactivated while the incident waited is explained, and sent with another", async ({
    page,
    context,
    school,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { students, types, category } = await whatTheTeacherSees(school);
    const [gone, other] = [types[1]!, types[2]!];
    const detail = `Written offline (${Date.now().toString(36)}).`;
    await signInWithStorage(page, school.email(RECORDER), { to: "/register", language: "en" });
    const registration = new RegistrationPage(page, "en");
    await expect(registration.incidentForm).toBeVisible({ timeout: 60_000 });
    await readyOffline(page);

    await context.setOffline(true);
    await page.reload();
    await expect(registration.incidentForm).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("offline-indicator")).toContainText(offlineText("en"));
    await expect(groupList(registration, "en")).toBeVisible({ timeout: 60_000 });
    await registration.pickStudent({ name: students[0]!.name });
    if (category) await registration.chooseCategory(category.en);
    await registration.chooseType(gone.name_en ?? gone.name_es);
    await registration.detail.fill(detail);
    await registration.submitIncident.click();
    await expect(page.getByTestId("registration-queued")).toContainText(t("en", "registration:offline.queuedTitle"));
    await screenshot(page, "registration-offline-en-1280");

    // Meanwhile the Director deactivates that type.
    const director = await apiLogin(school.director);
    await call(`/api/incident-types/${gone.id}`, {
      method: "PATCH",
      token: director.token,
      schoolId: school.id,
      body: { is_active: false },
    });

    await context.setOffline(false);
    const row = page.getByTestId("pending-record");
    await expect(row.getByText(t("en", "registration:offline.conflict.typeInactive"))).toBeVisible({
      timeout: 45_000,
    });
    // Online again: the screen reads afresh and no longer says it is offline.
    await expect(page.getByTestId("offline-indicator")).toBeHidden();
    await registration.registerAnother.click();
    await expectNoViolations(page, testInfo, "registration-offline-conflict-en");
    await screenshot(page, "registration-offline-conflict-en-1280");
    await row.getByRole("combobox", { name: t("en", "registration:offline.conflict.chooseType") }).click();
    await page.getByRole("option", { name: other.name_en ?? other.name_es, exact: true }).click();
    await row.getByRole("button", { name: t("en", "registration:offline.conflict.sendWithType") }).click();
    await expect(page.getByTestId("sent-record")).toHaveCount(1, { timeout: 30_000 });
    expect(await incidentsWith(school, detail)).toHaveLength(1);
  });
});
