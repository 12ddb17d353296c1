import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { ArchivePage } from "../../pages/archive.ts";
import { IncidentDetailsPage } from "../../pages/incident-details.ts";
import { AppLayout } from "../../pages/layout.ts";
import { NotificationsPage } from "../../pages/notifications.ts";
import { RegistrationPage } from "../../pages/registration.ts";
import { apiLogin, call } from "../../support/api.ts";
import { expectNoViolations } from "../../support/axe.ts";
import { acceptPrivacyWhenShown, expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { socketConnected } from "../../support/realtime.ts";
import type { SpecSchool } from "../../support/school.ts";

/**
 * Issue 5, "done when": a teacher registers an incident involving two students from a phone, the head teacher and
 * the family are told at once, the Director assigns and completes a formative action, holds a parent meeting and
 * closes the incident, the teacher is told — and it is all in the archive with its timeline, exportable.
 *
 * Accounts: docente1@ (recorder; heads 1° A Primaria), docente9@ (head teacher of 1° A Secundaria), familia@
 * (mother of Diego Ramírez Torres in 1° A Secundaria) and director@, all of the spec's own school.
 */
const RECORDER = "docente1";
const HEAD_TEACHER = "docente9";
const TYPE = "Agresión verbal entre estudiantes";
const GUIDELINE = "Diálogo reflexivo con los estudiantes involucrados";

interface StudentOption {
  id: number;
  name: string;
}

/** Diego (familia@'s son) and one classmate of his, read through the API the registration screen uses. */
async function studentsOfDiegosGroup(school: SpecSchool): Promise<{ diego: StudentOption; classmate: StudentOption }> {
  const recorder = await apiLogin(school.email(RECORDER));
  const auth = { token: recorder.token, schoolId: school.id };
  const { data } = await call<{ data: { students: (StudentOption & { group_id: number })[] } }>(
    `/api/incidents/student-options?q=${encodeURIComponent("Diego Ramírez")}`,
    auth,
  );
  const diego = data.students.find((s) => s.name.startsWith("Diego Ramírez Torres"));
  if (!diego) throw new Error("the demo data has no Diego Ramírez Torres");
  const group = await call<{ data: { students: StudentOption[] } }>(
    `/api/incidents/student-options?group_id=${diego.group_id}`,
    auth,
  );
  const classmate = group.data.students.find((s) => s.id !== diego.id)!;
  return { diego, classmate };
}

/** A signed-in page of its own (own context: own storage and socket), ready at `to`. */
async function openAs(browser: Browser, email: string, to: string, phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  await acceptPrivacyWhenShown(page);
  const connected = socketConnected(page);
  await signInWithStorage(page, email, { to });
  await connected;
  return page;
}

/** The bell's unviewed count (no badge: none). */
const bellCount = async (page: Page) => {
  const badge = new AppLayout(page).bellBadge;
  return (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
};

test("incident from a phone to closure: notifications, follow-up, family view, archive and export", async ({
  page,
  browser,
  school,
}, testInfo) => {
  test.setTimeout(240_000);
  const { diego, classmate } = await studentsOfDiegosGroup(school);

  // The head teacher and the mother are signed in elsewhere before anything happens.
  const headPage = await openAs(browser, school.email(HEAD_TEACHER), "/archive");
  const familyPage = await openAs(browser, school.familia, "/notifications");
  await expect(new AppLayout(headPage).header).toBeVisible();
  const headBefore = await bellCount(headPage);
  const familyBefore = await bellCount(familyPage);

  // 1. The teacher registers from a phone: two students (Diego involved, a classmate affected), a type, a place.
  const teacherPage = await openAs(browser, school.email(RECORDER), "/register", true);
  const registration = new RegistrationPage(teacherPage);
  await registration.goto("/register");
  await expectNoViolations(teacherPage, testInfo, "registration (phone, es)");
  const detail = `Durante el recreo insultó a un compañero frente al grupo (${testInfo.testId}).`;
  const folio = await registration.registerIncident({
    students: [
      { name: diego.name, search: "Diego Ramírez" },
      { name: classmate.name, search: classmate.name, role: "affected" },
    ],
    category: "Convivencia",
    type: TYPE,
    detail,
    place: "Patio",
  });
  expect(folio).toBeGreaterThan(0);

  // 2. The head teacher's and the family's bells rise at once (socket push, no reload, no 30 s poll).
  await expect.poll(() => bellCount(headPage), { timeout: 5_000 }).toBeGreaterThan(headBefore);
  await expect.poll(() => bellCount(familyPage), { timeout: 5_000 }).toBeGreaterThan(familyBefore);
  await familyPage.reload();
  const familyNotifications = new NotificationsPage(familyPage);
  await expect(familyNotifications.item(/Incidencia registrada: Diego/)).toBeVisible();
  // The family's notice never names the other child.
  await expect(familyNotifications.item(classmate.name)).toHaveCount(0);

  // 3. The Director finds it in the archive, assigns and completes a formative action, holds a meeting, closes it.
  await signInWithStorage(page, school.director, { to: "/archive" });
  const archive = new ArchivePage(page);
  await archive.goto();
  await archive.searchFor(String(folio));
  await archive.open(folio);
  const details = new IncidentDetailsPage(page);
  await expect(details.folioHeading(folio)).toBeVisible();
  await expect(details.status("open")).toBeVisible();
  await details.addAction({ student: diego.name, guideline: GUIDELINE });
  await details.setOccurrence(GUIDELINE, 0, true);
  await expect(details.actionState(GUIDELINE, "completed")).toBeVisible();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
  await details.scheduleMeeting({
    day: today,
    time: "13:30",
    place: "Dirección",
    agreements: "Revisar el avance",
    about: diego.name,
    offered: classmate.name,
  });
  const meeting = details.meetings.first();
  await expect(details.meetingStatus(meeting, "scheduled")).toBeVisible();
  await details.updateMeeting(meeting, { status: "held", minutes: "La familia se compromete a dar seguimiento." });
  await expect(details.meetingStatus(details.meetings.first(), "held")).toBeVisible();
  await details.close("Se cumplieron las medidas formativas y los acuerdos con la familia.");
  await expect(details.status("closed")).toBeVisible();
  const timeline = await details.timelineEntries();
  await expect.poll(() => timeline.count()).toBeGreaterThanOrEqual(5);
  await expectNoViolations(page, testInfo, "incident details (desktop, es)");

  // 4. The teacher who recorded it is told it was closed.
  await teacherPage.goto("/notifications");
  await expect(new NotificationsPage(teacherPage).item(/Incidencia cerrada/)).toBeVisible();

  // 5. The family sees their son, and the other child only as "Otro estudiante".
  await familyPage.goto(`/archive?q=${folio}`);
  const familyArchive = new ArchivePage(familyPage);
  await expect(familyArchive.otherStudent.first()).toBeVisible();
  await familyArchive.open(folio);
  const familyDetails = new IncidentDetailsPage(familyPage);
  await expect(familyDetails.folioHeading(folio)).toBeVisible();
  await expect(familyPage.getByRole("main").getByText(diego.name).first()).toBeVisible();
  await expect(familyPage.getByRole("main").getByText(classmate.name)).toHaveCount(0);
  await expect(familyDetails.closeButton).toHaveCount(0);

  // 6. Back in the archive, the Director exports the filtered list.
  await archive.goto(`q=${folio}`);
  await expectNoViolations(page, testInfo, "archive (desktop, es)");
  const download = await archive.exportXlsx();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 2).toString()).toBe("PK");

  // The head teacher reads the incident in their archive too (their group's incident).
  await headPage.goto(`/archive?q=${folio}`);
  await new ArchivePage(headPage).open(folio);
  await expect(new IncidentDetailsPage(headPage).status("closed")).toBeVisible();

  for (const p of [headPage, familyPage, teacherPage]) await p.context().close();
});
