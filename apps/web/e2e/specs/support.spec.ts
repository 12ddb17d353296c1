/// <reference types="node" />
import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { type Lang, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 28 §1 (external support) and the /support screen: the counsellor (orientador1@) refers Diego — his mother
 * gave her external-support consent in the demo — to an external psychologist with a review date, starts it, adds a
 * follow-up for the family and an internal one, and finds the referral on /support; the mother reads it from her
 * phone without the internal notes or the internal entry. Without the family's consent (Sofía) the form says why
 * and saves nothing. Both languages, phone and desktop, axe on the screen and every dialog. (The inclusion flows —
 * the teacher's marker, the carta compromiso — are inclusion.spec.ts.)
 */

/** A 1×1 PNG: the server re-encodes pictures, so a file must be a real image (the signed consent, a report). */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const SIZE = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } } as const;
type Width = keyof typeof SIZE;
const FIRST_LOAD = { timeout: 30_000 };
const fileDialog = (page: Page) => page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });

async function check(page: Page, testInfo: TestInfo, name: string, width: Width) {
  await screenshot(page, `${name}-${width}`, false);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

/** The accounts accept the privacy notice first: its dialog would otherwise take the first click. */
async function acceptNotice(...emails: string[]) {
  for (const email of emails) {
    const who = await apiLogin(email);
    for (const school of who.user.schools.filter((s) => s.is_active)) {
      await call(`/api/users/${who.userId}`, {
        method: "POST",
        token: who.token,
        schoolId: school.id,
        body: { privacy_notice_viewed: 1 },
      });
    }
  }
}

/** The mother's children (Sofía, Diego) by first name, from her own session. */
async function children(familia: string) {
  const who = await apiLogin(familia);
  const schoolId = who.user.schools.find((s) => s.is_active)!.id;
  const { data } = await call<{ data: { children: { id: number; first_name: string; name: string }[] } }>(
    "/api/my-children",
    { token: who.token, schoolId },
  );
  return Object.fromEntries(data.children.map((c) => [c.first_name, c]));
}

/** Chooses a file with the field's button and waits until it is uploaded (a save then only names it). */
async function attach(page: Page, scope: Locator, button: string, name: string, lang: Lang) {
  const chooser = page.waitForEvent("filechooser");
  await scope.getByRole("button", { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: "image/png", buffer: PNG_1X1 });
  await expect(scope.getByLabel(t(lang, "externalSupport:files.uploaded"))).toBeVisible();
}

/** Picks the 15th of next month in a day field (its calendar in a popover, or full screen on a phone). */
async function pickNextMonth15(page: Page, field: Locator, lang: Lang) {
  await field.click();
  await page.getByRole("button", { name: t(lang, "externalSupport:dates.nextMonth") }).click();
  // Each day is named by its full date ("15 diciembre 2026", "15 December 2026"); the 15th is never an outside day.
  await page.getByRole("button", { name: /^15 \p{L}+ \d{4}$/u }).click();
}

test("the counsellor refers Diego with a review date and follows it up; his mother reads it on her phone", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(300_000);
  const counsellor = school.email("orientador1");
  await acceptNotice(counsellor, school.familia);
  const kids = await children(school.familia);
  const diego = kids.Diego!;
  const sofia = kids.Sofía!;
  // An incident with one student, for "Refer to external support" from its details.
  const staff = await apiLogin(counsellor);
  const { data: archive } = await call<{
    data: { incidents: { id: number; students: { id: number | null; name: string | null }[] }[] };
  }>("/api/incidents?per_page=50", { token: staff.token, schoolId: school.id });
  const incident = archive.incidents.find((i) => i.students.length === 1 && i.students[0]!.name)!;

  for (const lang of ["es", "en"] as const) {
    const tr = (key: string, params?: Record<string, string | number>) => t(lang, `externalSupport:${key}`, params);
    // The counsellor works on one width; the screen is checked on both.
    const [staffWidth, otherWidth]: [Width, Width] = lang === "es" ? [1280, 390] : [390, 1280];
    const type = lang === "es" ? "Psicólogo" : "Psychologist";
    const specialist = lang === "es" ? "Psic. Laura Núñez" : "Dr. Laura Núñez";
    const shared =
      lang === "es" ? "Primera cita el martes; la familia acompaña." : "First session on Tuesday with the family.";
    const internal =
      lang === "es" ? "Nota interna: revisar con la titular." : "Internal note: check with the homeroom teacher.";
    const internalNotes =
      lang === "es" ? "La familia prefiere citas por la tarde." : "The family prefers afternoon sessions.";

    // Sofía: no external-support consent — the form explains why and where the family grants it; Save stays off.
    await resizeTo(page, SIZE[staffWidth]);
    await signInWithStorage(page, counsellor, {
      language: lang,
      to: `/support?student=${sofia.id}&fileTab=external-support`,
    });
    const file = fileDialog(page);
    const tab = file.getByRole("tab", { name: new RegExp(tr("tab.label")) });
    await expect(tab).toHaveAttribute("aria-selected", "true", FIRST_LOAD);
    await file.getByRole("button", { name: tr("tab.new") }).click();
    const blocked = page.getByRole("dialog", { name: tr("new.title", { name: sofia.name }) });
    await expect(blocked.getByTestId("referral-consent-missing")).toContainText(tr("consent.missingTitle"));
    await expect(blocked.getByRole("button", { name: tr("new.submit") })).toBeDisabled();
    await check(page, testInfo, `support-consent-missing-${lang}`, staffWidth);
    // Its link turns the file to the Consent tab, where the family's state is.
    await blocked.getByRole("link", { name: tr("consent.openTab") }).click();
    await expect(blocked).toBeHidden();
    await expect(file.getByRole("tab", { name: new RegExp(t(lang, "consent:tab")) })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    // Diego: his mother consented. A referral to a psychologist, reviewed on the 15th of next month.
    await signInWithStorage(page, counsellor, {
      language: lang,
      to: `/support?student=${diego.id}&fileTab=external-support`,
    });
    await expect(tab).toHaveAttribute("aria-selected", "true", FIRST_LOAD);
    await check(page, testInfo, `support-file-tab-${lang}`, staffWidth);
    await file.getByRole("button", { name: tr("tab.new") }).click();
    const form = page.getByRole("dialog", { name: tr("new.title", { name: diego.name }) });
    await expect(form.getByRole("combobox", { name: tr("fields.type") })).toBeEnabled();
    await expect(form.getByTestId("referral-consent-missing")).toHaveCount(0);
    await form.getByRole("combobox", { name: tr("fields.type") }).click();
    await page.getByRole("option", { name: type, exact: true }).click();
    await form.getByRole("textbox", { name: tr("fields.specialist") }).fill(specialist);
    await form.getByRole("textbox", { name: tr("fields.institution") }).fill("Centro Integral Andes");
    await form.getByRole("textbox", { name: tr("fields.contact") }).fill("55 8765 4321");
    await form
      .getByRole("textbox", { name: tr("fields.reason") })
      .fill(lang === "es" ? "Manejo de la frustración en clase." : "Handling frustration in class.");
    await pickNextMonth15(page, form.getByRole("button", { name: tr("fields.nextReview") }), lang);
    await form.getByRole("textbox", { name: tr("fields.internalNotes") }).fill(internalNotes);
    const consentFile = `consentimiento-${lang}.png`;
    await attach(page, form, tr("files.addOne"), consentFile, lang);
    await check(page, testInfo, `support-new-referral-${lang}`, staffWidth);
    await form.getByRole("button", { name: tr("new.submit") }).click();
    await expect(toast(page, tr("new.saved"))).toBeVisible();

    // It opens at once: requested, with the review date; started, then a follow-up for the family and an internal one.
    const details = page.getByRole("dialog", { name: tr("details.title", { type, name: diego.name }) });
    await expect(details.getByText(specialist)).toBeVisible();
    await expect(details.getByText(tr("status.requested"), { exact: true })).toBeVisible();
    await expect(details.getByTestId("referral-internal-notes")).toContainText(internalNotes);
    await details.getByRole("button", { name: tr("status.start") }).click();
    await expect(toast(page, tr("status.started"))).toBeVisible();
    await expect(details.getByText(tr("status.in_progress"), { exact: true })).toBeVisible();
    await expect(details.getByRole("button", { name: new RegExp(consentFile) })).toBeVisible();
    const entry = details.getByRole("textbox", { name: tr("followUps.new") });
    await entry.fill(shared);
    const report = `reporte-${lang}.png`;
    await attach(page, details, tr("files.addMany"), report, lang);
    await details.getByRole("button", { name: tr("followUps.add") }).click();
    await expect(
      details
        .getByTestId("referral-follow-up")
        .filter({ hasText: shared })
        .getByRole("button", { name: new RegExp(report) }),
    ).toBeVisible();
    await expect(entry).toHaveValue("");
    await entry.fill(internal);
    await details.getByRole("switch", { name: tr("followUps.internalLabel") }).check();
    await details.getByRole("button", { name: tr("followUps.add") }).click();
    await expect(details.getByTestId("referral-follow-up").filter({ hasText: internal })).toContainText(
      tr("followUps.internal"),
    );
    await check(page, testInfo, `support-details-${lang}`, staffWidth);
    await details.getByRole("button", { name: t(lang, "common:actions.close"), exact: true }).click();
    await expect(details).toBeHidden();

    // The support screen lists it; a row opens the same dialog. Both widths, and the specialist types.
    await page.goto("/support");
    // The sidebar names the screen for the counsellor (docente@ and familia@ never see it: app/layout/menu.test.ts).
    if (staffWidth === 1280) {
      await expect(page.getByRole("navigation").getByRole("link", { name: t(lang, "shell:menu.support") })).toBeVisible(
        FIRST_LOAD,
      );
    }
    await expect(page.getByRole("main").getByText(specialist).filter({ visible: true }).first()).toBeVisible(
      FIRST_LOAD,
    );
    for (const width of [otherWidth, staffWidth]) {
      await resizeTo(page, SIZE[width]);
      // The table from `sm` up, cards on a phone: the one shown.
      await expect(page.getByRole("main").getByText(specialist).filter({ visible: true }).first()).toBeVisible();
      await check(page, testInfo, `support-screen-${lang}`, width);
    }
    await page.getByRole("button", { name: tr("types.open") }).click();
    const types = page.getByRole("dialog", { name: tr("types.title") });
    await expect(types.getByTestId("trainer-type").first()).toBeVisible();
    await check(page, testInfo, `support-types-${lang}`, staffWidth);
    await types.getByRole("button", { name: t(lang, "common:actions.close"), exact: true }).click();
    await expect(types).toBeHidden();
    // The second tab, for the readers of inclusion: the students under monitoring (Sofía, with her condition).
    await page.getByRole("tab", { name: tr("page.monitored") }).click();
    await expect(page).toHaveURL(/[?&]view=monitored/);
    await expect(page.getByRole("main").getByText(sofia.name).filter({ visible: true }).first()).toBeVisible();
    await check(page, testInfo, `support-monitored-${lang}`, staffWidth);
    await page.getByRole("tab", { name: tr("page.referrals") }).click();
    const listed = page.getByRole("main").getByRole(staffWidth === 390 ? "listitem" : "row");
    await listed.filter({ hasText: specialist }).first().getByText(diego.name).click();
    await expect(details.getByTestId("referral-follow-up").filter({ hasText: shared })).toBeVisible();
    await expect(page).toHaveURL(/[?&]referral=\d+/);

    // Its details change as it goes (a new contact); it closes only with its outcome.
    await details.getByRole("button", { name: tr("edit.button") }).click();
    const edit = page.getByRole("dialog", { name: tr("edit.title") });
    await edit.getByRole("textbox", { name: tr("fields.contact") }).fill("55 1111 2222");
    await check(page, testInfo, `support-edit-${lang}`, staffWidth);
    await edit.getByRole("button", { name: t(lang, "common:actions.save"), exact: true }).click();
    await expect(toast(page, tr("edit.saved"))).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(details.getByText("55 1111 2222")).toBeVisible();
    await details.getByRole("button", { name: tr("status.close") }).click();
    await details.getByRole("button", { name: tr("status.confirmClose") }).click();
    await expect(details.getByText(tr("status.outcomeRequired"))).toBeVisible();
    const outcome =
      lang === "es"
        ? "Concluyó la atención; la familia continúa por su cuenta."
        : "Sessions ended; the family goes on privately.";
    await details.getByRole("textbox", { name: tr("fields.outcome") }).fill(outcome);
    await details.getByRole("button", { name: tr("status.confirmClose") }).click();
    await expect(toast(page, tr("status.closedDone"))).toBeVisible();
    await expect(details.getByText(tr("status.closed"), { exact: true })).toBeVisible();
    await expect(details.getByRole("textbox", { name: tr("followUps.new") })).toHaveCount(0);

    // From an incident's details: "Refer to external support" opens the same form for its student.
    await resizeTo(page, SIZE[staffWidth]);
    await page.goto(`/incident-details?id=${incident.id}`);
    await page.getByRole("button", { name: tr("refer.button") }).click(FIRST_LOAD);
    const fromIncident = page.getByRole("dialog", { name: tr("new.title", { name: incident.students[0]!.name! }) });
    await expect(fromIncident.getByRole("button", { name: tr("new.submit") })).toBeVisible();
    await check(page, testInfo, `support-from-incident-${lang}`, staffWidth);
    await fromIncident.getByRole("button", { name: t(lang, "common:actions.cancel") }).click();
    await expect(fromIncident).toBeHidden();

    // The mother, on her phone: the referral without the internal notes or the internal entry, and no actions.
    await resizeTo(page, SIZE[390]);
    await signInWithStorage(page, school.familia, {
      language: lang,
      to: `/notifications?student=${diego.id}&fileTab=external-support`,
    });
    const card = file.getByTestId("referral-card").filter({ hasText: specialist });
    await expect(card).toBeVisible(FIRST_LOAD);
    await expect(file.getByRole("button", { name: tr("tab.new") })).toHaveCount(0);
    await check(page, testInfo, `support-family-tab-${lang}`, 390);
    await card.getByRole("button").click();
    await expect(details.getByTestId("referral-follow-up").filter({ hasText: shared })).toBeVisible();
    await expect(details).toContainText(outcome);
    await expect(details).not.toContainText(internal);
    await expect(details).not.toContainText(internalNotes);
    await expect(details.getByTestId("referral-internal-notes")).toHaveCount(0);
    await expect(details.getByRole("button", { name: tr("followUps.add") })).toHaveCount(0);
    await expect(details.getByRole("button", { name: tr("status.close") })).toHaveCount(0);
    // The signed consent and the entry's report are hers to download (the server logs each read).
    await expect(details.getByRole("button", { name: new RegExp(consentFile) })).toBeVisible();
    const download = page.waitForEvent("download");
    await details.getByRole("button", { name: new RegExp(report) }).click();
    expect((await download).suggestedFilename()).toBe(report);
    await check(page, testInfo, `support-family-details-${lang}`, 390);
  }
});
