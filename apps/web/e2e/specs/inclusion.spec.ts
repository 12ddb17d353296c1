/// <reference types="node" />
import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, type Lang, t } from "../support/i18n.ts";
import type { SpecSchool } from "../support/school.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 28 §2–§3, "done when": the orientadora records a condition with reasonable adjustments for a 3° A student
 * (a condition type of the school's own, added first); without the family's disability consent the dialog says so
 * and saves nothing; she closes Diego's conditioned enrollment and opens a new one; the 3° A teacher registering an
 * incident sees the marker beside Sofía and, in one click, the adjustments but not the condition's description; the
 * mother acknowledges the carta compromiso from her phone. Then every screen in both languages at 390 and 1280 px
 * (screenshots looked at by people; axe-core clean; nothing runs off a phone's edge).
 */

const SIZE = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } } as const;
type Width = keyof typeof SIZE;
const fileDialog = (page: Page) => page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });
const DESCRIPTION = "Hipoacusia leve bilateral, diagnóstico de audiología (confidencial)";
const FRONT_ROW = "Sentarla en primera fila, cerca del pizarrón y de la maestra";
const WRITTEN = "Instrucciones de los exámenes también por escrito";
const DETAILS = "Acuerdo del consejo técnico: tres reportes de conducta en el bimestre";
const INTERNAL = "La mamá pidió tratar el diagnóstico solo con orientación";
/** A small real PDF (the server checks the bytes, not the name). */
const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  ),
});
const COMMITMENTS = ["Entregar las tareas completas cada semana", "Asistir a la reunión mensual con orientación"];

/** A screenshot, the axe scan, and at 390 px no sideways scroll. */
async function check(page: Page, testInfo: TestInfo, name: string, width: Width) {
  await screenshot(page, `${name}-${width}`, false);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

/** The accounts accept the privacy notice through the API first: its dialog would otherwise take the first click. */
async function acceptNotice(school: SpecSchool, ...emails: string[]) {
  for (const email of emails) {
    const who = await apiLogin(email);
    await call(`/api/users/${who.userId}`, {
      method: "POST",
      token: who.token,
      schoolId: school.id,
      body: { privacy_notice_viewed: 1 },
    });
  }
}

interface Kids {
  sofia: { id: number; name: string };
  diego: { id: number; name: string };
}

/** Sofía (3° A Primaria, visual condition) and Diego (1° A Secundaria, conditioned): the demo's monitored pair. */
async function demoKids(school: SpecSchool): Promise<Kids> {
  const who = await apiLogin(school.email("orientador1"));
  const find = async (q: string) => {
    const { data } = await call<{ data: { items: { student: { id: number; name: string } }[] } }>(
      `/api/inclusion/monitored?q=${encodeURIComponent(q)}`,
      { token: who.token, schoolId: school.id },
    );
    const item = data.items.find((i) => i.student.name.startsWith(q));
    if (!item) throw new Error(`${q} is not among the monitored students`);
    return item.student;
  };
  return { sofia: await find("Sofía Ramírez"), diego: await find("Diego Ramírez") };
}

/** Opens the student's file over the notifications screen, on its Inclusion tab. */
async function openInclusion(page: Page, email: string, lang: Lang, studentId: number) {
  await signInWithStorage(page, email, { language: lang, to: `/notifications?student=${studentId}&fileTab=inclusion` });
  const tab = fileDialog(page).getByTestId("inclusion-tab");
  await expect(tab).toBeVisible({ timeout: 30_000 });
  return tab;
}

/** Picks an option of a Mantine select by the field's label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

test("the orientadora records a condition and a conditioned enrollment; the teacher sees only the adjustments; the mother agrees from her phone", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(300_000);
  const orientador = school.email("orientador1");
  await acceptNotice(school, orientador, school.docente, school.familia);
  const { sofia, diego } = await demoKids(school);
  const es = (key: string, params?: Record<string, string | number>) => t("es", `inclusion:${key}`, params);

  // 1. The orientadora, at her desk: Sofía's Inclusion tab shows the demo's visual condition.
  await resizeTo(page, SIZE[1280]);
  let tab = await openInclusion(page, orientador, "es", sofia.id);
  await expect(tab.getByTestId("inclusion-condition").filter({ hasText: "Visual" })).toBeVisible();

  // A condition type of the school's own, in both languages.
  await tab.getByRole("button", { name: es("types.button") }).click();
  const types = page.getByRole("dialog", { name: es("types.title") });
  await types.getByRole("button", { name: es("types.add") }).click();
  await types.getByRole("textbox", { name: es("types.name") }).fill("Auditiva");
  await types.getByRole("textbox", { name: es("types.nameEn") }).fill("Hearing");
  await types.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
  await expect(toast(page, es("types.saved")).last()).toBeVisible();
  await expect(types.getByTestId("condition-type").filter({ hasText: "Auditiva" })).toBeVisible();
  await check(page, testInfo, "inclusion-types-es", 1280);
  await types
    .getByRole("button", { name: t("es", "actions.close") })
    .first()
    .click();
  await expect(types).toBeHidden();

  // 2. She records the hearing condition: description, two adjustments, a barrier, USAER.
  await tab.getByRole("button", { name: es("tab.newCondition") }).click();
  const modal = page.getByRole("dialog", { name: es("form.conditionTitle", { name: sofia.name }) });
  await choose(page, modal, es("form.type"), "Auditiva");
  await modal.getByRole("textbox", { name: es("form.description") }).fill(DESCRIPTION);
  const rows = modal.getByTestId("adjustment-row");
  await rows
    .nth(0)
    .getByRole("textbox", { name: es("form.adjustment") })
    .fill(FRONT_ROW);
  await rows
    .nth(0)
    .getByRole("textbox", { name: es("form.appliedBy") })
    .fill("Todos los docentes");
  await modal.getByRole("button", { name: es("form.addAdjustment") }).click();
  await choose(page, rows.nth(1), es("form.kind"), es("kind.assessment"));
  await rows
    .nth(1)
    .getByRole("textbox", { name: es("form.adjustment") })
    .fill(WRITTEN);
  await rows
    .nth(1)
    .getByRole("textbox", { name: es("form.appliedBy") })
    .fill("Docente titular");
  await modal.getByRole("button", { name: es("form.addBarrier") }).click();
  await modal
    .getByTestId("barrier-row")
    .getByRole("textbox", { name: es("form.barrier") })
    .fill("Ruido del patio durante las clases");
  await modal.getByRole("checkbox", { name: es("form.usaer") }).check();
  // The audiologist's report, uploaded as soon as it is chosen.
  await modal.locator('input[type="file"]').setInputFiles(pdf("informe-audiologia.pdf"));
  await expect(modal.getByRole("img", { name: es("files.uploaded") })).toBeVisible();
  await check(page, testInfo, "inclusion-condition-modal-es", 1280);
  await modal.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
  await expect(toast(page, es("form.saved")).last()).toBeVisible();
  await expect(modal).toBeHidden();
  const hearing = tab.getByTestId("inclusion-condition").filter({ hasText: "Auditiva" });
  await expect(hearing).toContainText(DESCRIPTION);
  await expect(hearing.getByTestId("condition-adjustment")).toHaveCount(2);
  await expect(hearing).toContainText("USAER");
  await expect(hearing.getByRole("button", { name: /informe-audiologia\.pdf/ })).toBeVisible();
  // She edits it: an internal note the family never reads.
  await hearing.getByRole("button", { name: es("condition.editName", { type: "Auditiva" }) }).click();
  const edit = page.getByRole("dialog", { name: es("form.editConditionTitle", { name: sofia.name }) });
  await expect(edit.getByRole("textbox", { name: es("form.description") })).toHaveValue(DESCRIPTION);
  await edit.getByRole("textbox", { name: es("form.internal") }).fill(INTERNAL);
  await edit.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(hearing).toContainText(INTERNAL);

  // 3. Diego's family has not given the disability consent: the dialog says why and where, and cannot save.
  tab = await openInclusion(page, orientador, "es", diego.id);
  await tab.getByRole("button", { name: es("tab.newCondition") }).click();
  const blocked = page.getByRole("dialog", { name: es("form.conditionTitle", { name: diego.name }) });
  await expect(blocked.getByTestId("condition-consent-missing")).toContainText(
    "La familia no ha otorgado su consentimiento expreso",
  );
  await expect(blocked.getByRole("button", { name: t("es", "actions.save"), exact: true })).toBeDisabled();
  await check(page, testInfo, "inclusion-consent-missing-es", 1280);
  await blocked.getByRole("link", { name: es("consent.openTab") }).click();
  await expect(blocked).toBeHidden();
  await expect(fileDialog(page).getByRole("tab", { name: /Consentimiento/, selected: true })).toBeVisible();
  await fileDialog(page)
    .getByRole("tab", { name: new RegExp(es("tab.label")) })
    .click();

  // 4. Diego's conditioned enrollment: the demo's (acknowledged) closes as "continues"; a new one opens.
  const old = tab.getByTestId("inclusion-enrollment").first();
  await old.getByRole("button", { name: es("enrollment.close") }).click();
  const outcome = page.getByRole("dialog", { name: es("outcome.title", { name: diego.name }) });
  await outcome.getByRole("radio", { name: es("outcome.continued") }).check();
  await outcome.getByRole("button", { name: es("enrollment.close") }).click();
  await expect(toast(page, es("outcome.saved")).last()).toBeVisible();
  await expect(old).toContainText(es("outcome.continued"));
  await tab.getByRole("button", { name: es("tab.newEnrollment") }).click();
  const enroll = page.getByRole("dialog", { name: es("form.enrollmentTitle", { name: diego.name }) });
  await enroll.getByRole("checkbox", { name: es("reason.disciplinary") }).check();
  await enroll.getByRole("textbox", { name: es("form.details") }).fill(DETAILS);
  await enroll.getByRole("textbox", { name: es("form.commitment", { n: 1 }) }).fill(COMMITMENTS[0]!);
  await enroll.getByRole("button", { name: es("form.addCommitment") }).click();
  await enroll.getByRole("textbox", { name: es("form.commitment", { n: 2 }) }).fill(COMMITMENTS[1]!);
  await check(page, testInfo, "inclusion-enrollment-modal-es", 1280);
  await enroll.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
  await expect(toast(page, es("form.saved")).last()).toBeVisible();
  const fresh = tab.getByTestId("inclusion-enrollment").filter({ hasText: es("enrollment.open") });
  await expect(fresh).toContainText(COMMITMENTS[1]!);
  await expect(fresh).toContainText(es("letter.none"));
  // The carta compromiso opens as a PDF in a new tab (fetched with the session, then shown).
  const opened = page.waitForEvent("popup");
  await fresh.getByRole("button", { name: es("letter.pdf") }).click();
  const letterTab = await opened;
  await expect.poll(() => letterTab.url()).toMatch(/^blob:/);
  await letterTab.close();
  // The letter signed on paper, scanned and uploaded.
  await fresh.locator('input[type="file"]').setInputFiles(pdf("carta-firmada.pdf"));
  await expect(toast(page, es("letter.paperSaved")).last()).toBeVisible();
  await expect(fresh.getByRole("button", { name: /carta-firmada\.pdf/ })).toBeVisible();
  await check(page, testInfo, "inclusion-tab-staff-es", 1280);

  // 5. The 3° A teacher registering an incident, on a phone in English: the marker beside Sofía, one click, the
  //    adjustments — and nothing of the condition behind them.
  await resizeTo(page, SIZE[390]);
  await signInWithStorage(page, school.docente, { language: "en", to: "/register" });
  const results = page.getByRole("main").getByRole("list", { name: t("en", "registration:students.results") });
  await expect(results.first()).toBeVisible({ timeout: 30_000 });
  const marker = results.first().getByRole("button", { name: t("en", "inclusion:marker.label", { name: sofia.name }) });
  await marker.click();
  const adjustments = page.getByRole("dialog", {
    name: t("en", "inclusion:marker.title", { name: sofia.name }),
  });
  await expect(adjustments.getByText(FRONT_ROW)).toBeVisible();
  await expect(adjustments.getByText(WRITTEN)).toBeVisible();
  await expect(adjustments.getByTestId("adjustment")).toHaveCount(5);
  await expect(adjustments).not.toContainText(DESCRIPTION);
  await expect(adjustments).not.toContainText(/Auditiva|Hearing|Visual|USAER|Ruido del patio/);
  await check(page, testInfo, "inclusion-adjustments-en", 390);
  await adjustments.getByRole("button", { name: t("en", "inclusion:close") }).click();
  // The marker opened its own dialog only: Sofía was not ticked by the click.
  await expect(results.first().getByRole("checkbox", { name: new RegExp(`^${sofia.name}`) })).not.toBeChecked();

  // 6. The mother, on her phone: Diego's new carta compromiso, "Enterado y de acuerdo" with a comment; she never
  //    reads the details or the internal notes.
  tab = await openInclusion(page, school.familia, "es", diego.id);
  const letter = tab.getByTestId("inclusion-enrollment").filter({ hasText: es("enrollment.open") });
  await expect(letter).toContainText(COMMITMENTS[0]!);
  await expect(tab).not.toContainText(DETAILS);
  await expect(tab.getByRole("button", { name: es("tab.newCondition") })).toHaveCount(0);
  await expect(letter.getByRole("button", { name: es("enrollment.close") })).toHaveCount(0);
  await letter.getByTestId("acknowledge-letter").scrollIntoViewIfNeeded();
  await check(page, testInfo, "inclusion-family-letter-es", 390);
  await letter.getByRole("textbox", { name: es("letter.comment") }).fill("Lo platicamos en casa con Diego.");
  await letter.getByRole("button", { name: es("letter.acknowledge") }).click();
  await expect(toast(page, es("letter.acknowledged")).last()).toBeVisible();
  await expect(letter.getByTestId("acknowledge-letter")).toHaveCount(0);
  await expect(letter.getByTestId("letter-ack")).toContainText("(familia)");
  await expect(letter).toContainText("Lo platicamos en casa con Diego.");
  await letter.getByTestId("letter-ack").scrollIntoViewIfNeeded();
  await check(page, testInfo, "inclusion-family-acknowledged-es", 390);
  // Sofía's tab: her conditions with their adjustments, without the internal notes.
  await page.goto(`/notifications?student=${sofia.id}&fileTab=inclusion`);
  const hers = fileDialog(page).getByTestId("inclusion-condition").filter({ hasText: "Auditiva" });
  await expect(hers).toContainText(FRONT_ROW);
  await expect(fileDialog(page).getByTestId("inclusion-tab")).not.toContainText(INTERNAL);
});

test("the inclusion screens in both languages on a phone and a desktop", async ({ page, school }, testInfo) => {
  test.setTimeout(300_000);
  const orientador = school.email("orientador1");
  await acceptNotice(school, orientador, school.docente, school.familia);
  const { sofia } = await demoKids(school);
  for (const lang of LANGS) {
    for (const width of [390, 1280] as const) {
      const tr = (key: string, params?: Record<string, string | number>) => t(lang, `inclusion:${key}`, params);
      await resizeTo(page, SIZE[width]);

      // The monitored students where counsellors work; a row opens the file on its Inclusion tab.
      await signInWithStorage(page, orientador, { language: lang, to: "/support?view=monitored" });
      const panel = page.getByTestId("monitored-students");
      const row = panel.getByTestId("monitored-row").filter({ hasText: sofia.name });
      await expect(row).toBeVisible({ timeout: 20_000 });
      await check(page, testInfo, `inclusion-monitored-${lang}`, width);
      await row.getByRole("link", { name: sofia.name }).click();
      const tab = fileDialog(page).getByTestId("inclusion-tab");
      await expect(tab.getByTestId("inclusion-condition").first()).toBeVisible();
      await check(page, testInfo, `inclusion-tab-${lang}`, width);
      await tab.getByRole("button", { name: tr("tab.newCondition") }).click();
      const modal = page.getByRole("dialog", { name: tr("form.conditionTitle", { name: sofia.name }) });
      await expect(modal.getByTestId("adjustment-row")).toHaveCount(1);
      await check(page, testInfo, `inclusion-condition-${lang}`, width);

      // The teacher's one click from the registration screen.
      await signInWithStorage(page, school.docente, { language: lang, to: "/register" });
      const results = page.getByRole("main").getByRole("list", { name: t(lang, "registration:students.results") });
      const marker = results.first().getByRole("button", { name: tr("marker.label", { name: sofia.name }) });
      await marker.scrollIntoViewIfNeeded({ timeout: 30_000 });
      await check(page, testInfo, `inclusion-picker-${lang}`, width);
      await marker.click();
      const adjustments = page.getByRole("dialog", { name: tr("marker.title", { name: sofia.name }) });
      await expect(adjustments.getByTestId("adjustment").first()).toBeVisible();
      await check(page, testInfo, `inclusion-marker-${lang}`, width);

      // The family reads Sofía's tab: conditions and adjustments, nothing to change.
      const family = await openInclusion(page, school.familia, lang, sofia.id);
      await expect(family.getByTestId("inclusion-condition").first()).toBeVisible();
      await expect(family.getByRole("button", { name: tr("tab.newCondition") })).toHaveCount(0);
      await check(page, testInfo, `inclusion-family-${lang}`, width);
    }
  }
});
