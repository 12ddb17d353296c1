/// <reference types="node" />
import { apiLogin, call } from "../../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations } from "../../support/axe.ts";
import { acceptPrivacyWhenShown, expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { screenshot } from "../../support/screenshot.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 30 §1 as a family would do it: the mother opens an incident about her son on her phone (390 px, Spanish),
 * taps "Enterado", writes a comment in the small dialog and confirms; the screen says so quietly. The director then
 * opens the incident at a desk and sees her acknowledgement — who, when, what she wrote — beside the students.
 */
test("the mother acknowledges an incident from her phone and the director sees it", async ({
  browser,
  school,
}, testInfo) => {
  test.setTimeout(180_000);
  const director = await apiLogin(school.director);
  const mother = await apiLogin(school.familia);
  const auth = { token: director.token, schoolId: school.id };
  for (const who of [director, mother]) {
    await call(`/api/users/${who.userId}`, {
      method: "POST",
      token: who.token,
      schoolId: school.id,
      body: { privacy_notice_viewed: 1 },
    });
  }

  // An incident about Diego, shown to his family.
  const { data: mine } = await call<{
    data: { children: { id: number; name: string; group: { id: number } | null }[] };
  }>("/api/my-children", { token: mother.token, schoolId: school.id });
  const diego = mine.children.find((c) => c.name.startsWith("Diego"))!;
  const { data: options } = await call<{ data: { categories: { types: { id: number; is_active: boolean }[] }[] } }>(
    "/api/incidents/registration-options",
    auth,
  );
  const type = options.categories.flatMap((c) => c.types).find((ty) => ty.is_active)!;
  const { data: created } = await call<{ data: { incident: { id: number } } }>("/api/incidents", {
    ...auth,
    method: "POST",
    body: {
      students: [{ student_id: diego.id, role: "involved" }],
      type_id: type.id,
      detail: "Empujó a un compañero en la fila de la cooperativa.",
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      group_id: diego.group?.id ?? null,
      visible_to_family: true,
    },
  });
  const id = created.incident.id;
  const comment = "Ya lo hablamos en casa con Diego.";

  // The mother, on her phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    reducedMotion: "reduce",
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  await acceptPrivacyWhenShown(page);
  await signInWithStorage(page, school.familia, { language: "es", to: `/incident-details?id=${id}` });
  const asked = page.getByRole("region", { name: t("es", "incidentDetails:acknowledgement.askTitle") });
  await expect(asked).toBeVisible({ timeout: 25_000 });
  await screenshot(page, "acknowledgement-asked-390-es", false);
  await expectNoViolations(page, testInfo, "acknowledgement-asked-390");
  await expectNoSidewaysScroll(page, "acknowledgement-asked-390");
  await asked.getByRole("button", { name: t("es", "incidentDetails:acknowledgement.button") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(t("es", "incidentDetails:acknowledgement.dialogIntro"));
  await dialog.getByRole("textbox", { name: t("es", "incidentDetails:acknowledgement.comment") }).fill(comment);
  await screenshot(page, "acknowledgement-dialog-390-es", false);
  await expectNoViolations(page, testInfo, "acknowledgement-dialog-390");
  await dialog.getByRole("button", { name: t("es", "incidentDetails:acknowledgement.submit") }).click();
  await expect(toast(page, t("es", "incidentDetails:acknowledgement.done"))).toBeVisible();
  await expect(dialog).toBeHidden();
  const done = page.getByRole("region", { name: t("es", "incidentDetails:acknowledgement.title") });
  await expect(done).toContainText(/Enterado el \d{1,2} \w+/);
  await expect(done.getByRole("button")).toHaveCount(0);
  await screenshot(page, "acknowledgement-done-390-es");
  await phone.close();

  // The director, at a desk: the family's acknowledgement beside the students.
  const desk = await browser.newContext({
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    reducedMotion: "reduce",
  });
  const deskPage = await desk.newPage();
  await acceptPrivacyWhenShown(deskPage);
  await signInWithStorage(deskPage, school.director, { language: "es", to: `/incident-details?id=${id}` });
  const card = deskPage.getByRole("region", { name: t("es", "incidentDetails:acknowledgement.staffTitle") });
  await expect(card).toBeVisible({ timeout: 25_000 });
  await expect(card).toContainText(/Gabriela Torres Aguilar \(Madre\): enterado el \d{1,2} \w+/);
  await expect(card).toContainText(`«${comment}»`);
  await expect(card).toContainText(t("es", "incidentDetails:acknowledgement.familyDone"));
  await screenshot(deskPage, "acknowledgement-director-1280-es");
  await expectNoViolations(deskPage, testInfo, "acknowledgement-director-1280");
  await desk.close();
});
