import type { Locator, Page } from "@playwright/test";
import { IncidentDetailsPage } from "../../pages/incident-details.ts";
import { RegistrationPage } from "../../pages/registration.ts";
import { apiLogin, call } from "../../support/api.ts";
import { expectNoViolations, resizeTo } from "../../support/axe.ts";
import { acceptPrivacyWhenShown, expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { LANGS, type Lang, t } from "../../support/i18n.ts";
import type { SpecSchool } from "../../support/school.ts";
import { screenshot } from "../../support/screenshot.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 9, reproduction 7: the teacher is warned, as they type, when a text families will read names another
 * student — at registration (detail, place) and on correction — sees how the family will read it, can jump to
 * the name to rewrite it, and may still save. Screenshots at phone and desktop width in both languages go to
 * artifacts/screenshots (family-text-warning-*.png).
 *
 * Accounts: docente4@ (es) and docente5@ (en) of the spec's own school, head teachers no other test registers with.
 */
const RECORDER: Record<Lang, string> = { es: "docente4", en: "docente5" };

interface Named {
  id: number;
  name: string;
  name_es?: string;
  name_en?: string | null;
}
interface Options {
  categories: (Named & { types: (Named & { is_active: boolean })[] })[];
  groups: (Named & { mine: boolean; label: string })[];
}

const localized = (n: Named, lang: Lang) => (lang === "en" && n.name_en ? n.name_en : n.name_es!);

/** The privacy notice accepted beforehand: its modal is not this spec's subject (and slow to go on a busy box). */
const acceptPrivacy = (session: { token: string; userId: number }, schoolId: string) =>
  call(`/api/users/${session.userId}`, {
    token: session.token,
    schoolId,
    method: "POST",
    body: { privacy_notice_viewed: 1 },
  });

/** A student of the teacher's own group, another school student from elsewhere, and a type to register. */
async function fixtures(school: SpecSchool, lang: Lang) {
  const recorder = await apiLogin(school.email(RECORDER[lang]));
  const auth = { token: recorder.token, schoolId: school.id };
  await acceptPrivacy(recorder, school.id);
  const { data: options } = await call<{ data: Options }>("/api/incidents/registration-options", auth);
  const mine = options.groups.find((g) => g.mine)!;
  const other = options.groups.find((g) => !g.mine)!;
  const studentsOf = async (groupId: number) =>
    (await call<{ data: { students: Named[] } }>(`/api/incidents/student-options?group_id=${groupId}`, auth)).data
      .students;
  const [classmate] = await studentsOf(mine.id);
  const [elsewhere] = await studentsOf(other.id);
  const category = options.categories.find((c) => c.types.some((ty) => ty.is_active))!;
  const type = category.types.find((ty) => ty.is_active)!;
  return {
    student: classmate!,
    other: elsewhere!,
    category: options.categories.length > 1 ? localized(category, lang) : undefined,
    type: localized(type, lang),
  };
}

/** The field's value between its selection marks (what typing would replace). */
const selected = (field: Locator) =>
  field.evaluate((el: HTMLTextAreaElement | HTMLInputElement) =>
    el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
  );

/** The warning in view, at desktop then phone width. */
async function shoot(page: Page, warning: Locator, name: string) {
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: width === 390 ? 844 : 800 });
    // Centred: the registration's sticky submit bar would hide the bottom of the warning.
    await warning.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await screenshot(page, `family-text-warning-${name}-${width}`, false);
  }
  await resizeTo(page, { width: 1280, height: 800 });
}

for (const lang of LANGS) {
  test(`a teacher is warned while typing another student's name, and may rewrite it or save (${lang})`, async ({
    page,
    school,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { student, other, category, type } = await fixtures(school, lang);
    // Mid-sentence, as every use below is: "…se burló de otro estudiante…".
    const hidden = lang === "es" ? "otro estudiante" : "another student";
    const said = (who: string, whom: string) =>
      lang === "es" ? `${who} se burló de ${whom} en el salón.` : `${who} made fun of ${whom} in the classroom.`;

    await acceptPrivacyWhenShown(page);
    await signInWithStorage(page, school.email(RECORDER[lang]), { language: lang, to: "/register" });
    const registration = new RegistrationPage(page, lang);
    // Signed in straight onto /register; a loaded machine may take a while to show the form.
    await expect(registration.incidentForm).toBeVisible({ timeout: 20_000 });
    await registration.pickStudent({ name: student.name });
    if (category) await registration.chooseCategory(category);
    await registration.chooseType(type);

    // The detail names a student of another group: the warning lists the name and the family's copy.
    await registration.detail.fill(said(student.name, other.name));
    const warning = registration.familyTextWarning("detail");
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(t(lang, "familyText:title"));
    await expect(warning).toContainText(t(lang, "familyText:readsAs", { student: student.name }));
    await expect(warning).toContainText(said(student.name, hidden));
    await shoot(page, warning, `registration-${lang}`);
    await expectNoViolations(page, testInfo, `registration with the family-text warning (${lang})`);

    // Pressing the name selects it in the detail; typing over it makes the warning go.
    await registration.familyTextName("detail", other.name).click();
    await expect.poll(() => selected(registration.detail)).toBe(other.name);
    await page.keyboard.type(lang === "es" ? "un compañero" : "a classmate");
    await expect(registration.detail).toHaveValue(said(student.name, lang === "es" ? "un compañero" : "a classmate"));
    await expect(warning).toBeHidden();

    // The place too; the teacher may save all the same (the families' copies are redacted by the server).
    await registration.place.fill(`${lang === "es" ? "Banca de" : "Desk of"} ${other.name}`);
    await expect(registration.familyTextWarning("place")).toBeVisible();
    await expect(registration.familyTextWarning("place")).toContainText(hidden);
    // Not shown to families: nothing to warn about.
    await registration.visibleToFamily.click();
    await expect(registration.familyTextWarning("place")).toBeHidden();
    await registration.visibleToFamily.click();
    await expect(registration.familyTextWarning("place")).toBeVisible();
    await registration.submitIncident.click();
    await expect(registration.savedHeading).toBeVisible();
    const folio = Number(/(\d+)/.exec((await registration.savedFolio.textContent()) ?? "")?.[1]);

    // On correction, the Director is warned the same way.
    const director = await apiLogin(school.director);
    await acceptPrivacy(director, school.id);
    const { data } = await call<{ data: { incidents: { id: number; folio: number }[] } }>(`/api/incidents?q=${folio}`, {
      token: director.token,
      schoolId: school.id,
    });
    const id = data.incidents.find((i) => i.folio === folio)!.id;
    await signInWithStorage(page, school.director, { language: lang, to: `/incident-details?id=${id}` });
    const details = new IncidentDetailsPage(page, lang);
    await expect(details.folioHeading(folio)).toBeVisible({ timeout: 20_000 });
    const dialog = await details.openCorrection();
    const detail = dialog.getByRole("textbox", { name: t(lang, "incidentDetails:correct.detail"), exact: true });
    await detail.fill(said(student.name, other.name));
    const correction = dialog.getByTestId("family-text-warning").first();
    await expect(correction).toBeVisible();
    await expect(correction).toContainText(said(student.name, hidden));
    await shoot(page, correction, `correction-${lang}`);
    await expectNoViolations(page, testInfo, `correction with the family-text warning (${lang})`);
    await dialog.getByRole("button", { name: t(lang, "incidentDetails:correct.submit"), exact: true }).click();
    await expect(toast(page, t(lang, "common:messages.saved"))).toBeVisible();
  });
}
