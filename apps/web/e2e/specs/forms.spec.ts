/// <reference types="node" />
import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 29 §1, §2, "done when": the director builds a permission slip with a condition (the live preview follows)
 * and sends it to 3° A; the mother answers for Sofía on her phone; the father sees who answered; the director sees
 * 1 of N answered, reminds the rest and exports. Screens checked with axe; the phone one without sideways scroll.
 */

const SIZE = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } } as const;
const es = (key: string, params?: Record<string, string | number>) => t("es", `forms:${key}`, params);
const TITLE = "Permiso: salida al zoológico";
const ASK = "¿Autoriza la salida?";
const WHY = "¿Por qué no asistirá?";

async function check(page: Page, testInfo: TestInfo, name: string, width: 390 | 1280) {
  await screenshot(page, `${name}-${width}`, false);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

async function acceptNotice(schoolId: string, ...emails: string[]) {
  for (const email of emails) {
    const who = await apiLogin(email);
    await call(`/api/users/${who.userId}`, {
      method: "POST",
      token: who.token,
      schoolId,
      body: { privacy_notice_viewed: 1 },
    });
  }
}

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** One question through the question dialog. */
async function addQuestion(
  page: Page,
  type: string,
  label: string,
  labelEn: string,
  extra?: (d: Locator) => Promise<void>,
) {
  await page.getByRole("button", { name: es("editor.addQuestion") }).click();
  const dialog = page.getByRole("dialog", { name: es("editor.addQuestion") });
  await choose(page, dialog, es("editor.type"), es(`types.${type}`));
  await dialog.getByRole("textbox", { name: t("es", "incidentsConfig:names.es") }).fill(label);
  await dialog.getByRole("textbox", { name: t("es", "incidentsConfig:names.en") }).fill(labelEn);
  await extra?.(dialog);
  await dialog.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("the director sends a permission slip to 3° A, the mother answers on her phone, the father sees it, the director reminds and exports", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(300_000);
  const domain = school.director.split("@")[1]!;
  const director = await apiLogin(school.director);
  const { data } = await call<{ data: { students: { id: number; enrollment: string; first_name: string }[] } }>(
    `/api/students?search=${encodeURIComponent("Sofía Ramírez")}`,
    { token: director.token, schoolId: school.id },
  );
  const sofia = data.students[0]!;
  // The featured family's second guardian: his account is named from the first child's enrollment.
  const father = `familia.${sofia.enrollment.toLowerCase()}.2@${domain}`;
  await acceptNotice(school.id, school.director, school.familia, father);

  // 1. The director builds the slip: a yes/no, a question shown only on "no", the signed acknowledgement.
  await resizeTo(page, SIZE[1280]);
  await signInWithStorage(page, school.director, { language: "es", to: "/master-configuration/form-configurator" });
  await page.getByRole("button", { name: es("editor.newTemplate") }).click({ timeout: 30_000 });
  await page.getByRole("textbox", { name: t("es", "incidentsConfig:names.es") }).fill(TITLE);
  await page.getByRole("textbox", { name: t("es", "incidentsConfig:names.en") }).fill("Permission: zoo trip");
  await addQuestion(page, "yes_no", ASK, "Do you authorise the trip?", async (d) => {
    await d.getByRole("switch", { name: es("editor.requiredSwitch") }).check();
  });
  await addQuestion(page, "long_text", WHY, "Why will they not attend?", async (d) => {
    await choose(page, d, es("editor.conditionField"), ASK);
    await choose(page, d, es("editor.conditionValue"), "No");
  });
  await addQuestion(
    page,
    "acknowledgement",
    "He leído y acepto las condiciones",
    "I have read and accept the conditions",
  );
  const preview = page.getByTestId("form-preview");
  await expect(preview.getByText(ASK)).toBeVisible();
  await expect(preview.getByText(WHY)).toBeHidden();
  await preview.getByRole("radio", { name: "No" }).check();
  await expect(preview.getByText(WHY)).toBeVisible();
  await page.getByRole("button", { name: es("editor.save") }).click();
  await expect(toast(page, t("es", "messages.saved")).last()).toBeVisible();
  await check(page, testInfo, "forms-configurator", 1280);

  // 2. She sends it to 3° A with a due date a week away.
  await page.goto("/forms-parents");
  await page.getByRole("button", { name: es("send.open") }).click({ timeout: 30_000 });
  const send = page.getByRole("dialog", { name: es("send.title") });
  await choose(page, send, es("send.template"), TITLE);
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await send.getByLabel(es("send.due")).fill(due);
  await send.getByRole("combobox", { name: es("send.groups") }).click();
  await page.getByRole("option", { name: /^3° A Primaria/ }).click();
  // The multi-select stays open for more picks; a click elsewhere in the dialog closes it.
  await send.getByText(es("send.title")).click();
  await send.getByRole("button", { name: es("send.submit"), exact: true }).click();
  await expect(send).toBeHidden();
  const total = page.getByTestId("completion-total");
  await expect(total).toHaveText(/^0 de \d+ respondidos$/);
  const students = Number((await total.textContent())!.match(/de (\d+)/)![1]);
  const formUrl = page.url();

  // 3. The mother, on her phone: Sofía's row, "yes", the signature.
  await resizeTo(page, SIZE[390]);
  await signInWithStorage(page, school.familia, { language: "es", to: "/forms-parents" });
  await page.getByRole("button", { name: new RegExp(TITLE) }).click({ timeout: 30_000 });
  await page.getByRole("radio", { name: "Sí" }).check();
  await expect(page.getByText(WHY)).toBeHidden();
  await page.getByRole("checkbox", { name: "He leído y acepto las condiciones" }).check();
  await page.getByRole("textbox", { name: es("answer.signer") }).fill("Gabriela Torres Aguilar");
  await page.getByRole("button", { name: es("family.submit") }).click();
  await expect(page.getByTestId("answered-by")).toContainText("Gabriela");
  await check(page, testInfo, "forms-family", 390);

  // 4. The father sees that she answered.
  await signInWithStorage(page, father, { language: "es", to: `/forms-parents${new URL(formUrl).search}` });
  await expect(page.getByTestId("answered-by")).toContainText("Gabriela", { timeout: 30_000 });

  // 5. The director: 1 of N answered, reminds the rest, exports.
  await resizeTo(page, SIZE[1280]);
  await signInWithStorage(page, school.director, { language: "es", to: `/forms-parents${new URL(formUrl).search}` });
  await expect(page.getByTestId("completion-total")).toHaveText(`1 de ${students} respondidos`, { timeout: 30_000 });
  await page.getByRole("button", { name: es("staff.remind") }).click({ timeout: 30_000 });
  await expect(toast(page, /recordatorio/).last()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: es("staff.export") }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await check(page, testInfo, "forms-completion", 1280);
});

test("in English: the director sends a form to one chosen student, the family answers on the phone, the director sees it answered", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(240_000);
  const en = (key: string, params?: Record<string, string | number>) => t("en", `forms:${key}`, params);
  const director = await apiLogin(school.director);
  const { data } = await call<{ data: { students: { id: number; first_name: string }[] } }>(
    `/api/students?search=${encodeURIComponent("Sofía Ramírez")}`,
    { token: director.token, schoolId: school.id },
  );
  expect(data.students[0]).toBeTruthy();
  await acceptNotice(school.id, school.director, school.familia);
  // The template through the API (the configurator is the first test's): a choice, a yes/no, a text, a signature.
  const TITLE_EN = "Lunch preferences";
  await call("/api/form-templates", {
    method: "POST",
    token: director.token,
    schoolId: school.id,
    body: {
      name: "Preferencias de comida",
      name_en: TITLE_EN,
      fields: [
        {
          key: "menu",
          type: "single_choice",
          label: "Menú",
          label_en: "Menu",
          required: true,
          options: [
            { value: "regular", label: "Normal", label_en: "Regular" },
            { value: "veg", label: "Vegetariano", label_en: "Vegetarian" },
          ],
        },
        { key: "allergy", type: "yes_no", label: "¿Tiene alergias?", label_en: "Any allergies?", required: true },
        {
          key: "which",
          type: "short_text",
          label: "¿Cuáles?",
          label_en: "Which ones?",
          condition: { field: "allergy", equals: "yes" },
        },
        { key: "ok", type: "acknowledgement", label: "Confirmo", label_en: "I confirm", required: true },
      ],
    },
  });

  // 1. The director, in English at 1280 px, sends it to Sofía alone through the student picker.
  await resizeTo(page, SIZE[1280]);
  await signInWithStorage(page, school.director, { language: "en", to: "/forms-parents" });
  await page.getByRole("button", { name: en("send.open") }).click({ timeout: 30_000 });
  const send = page.getByRole("dialog", { name: en("send.title") });
  await choose(page, send, en("send.template"), TITLE_EN);
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await send.getByLabel(en("send.due")).fill(due);
  // The label names both the pills' wrapper and the input inside it.
  const pick = send.locator("input").and(send.getByLabel(en("send.students")));
  await pick.click();
  await pick.fill("Sofía Ramírez");
  await page
    .getByRole("option", { name: /^Sofía Ramírez/ })
    .first()
    .click();
  await send.getByText(en("send.title")).click();
  await send.getByRole("button", { name: en("send.submit"), exact: true }).click();
  await expect(send).toBeHidden();
  await expect(page.getByTestId("completion-total")).toHaveText(en("staff.answered", { done: 0, total: 1 }));
  const formUrl = page.url();

  // 2. The mother, in English on her phone: the questions in English, the conditional one after "Yes".
  await resizeTo(page, SIZE[390]);
  await signInWithStorage(page, school.familia, { language: "en", to: "/forms-parents" });
  await page.getByRole("button", { name: new RegExp(TITLE_EN) }).click({ timeout: 30_000 });
  await page.getByRole("radio", { name: "Vegetarian" }).check();
  await expect(page.getByText("Which ones?")).toBeHidden();
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("textbox", { name: "Which ones?" }).fill("Peanuts");
  await page.getByRole("checkbox", { name: "I confirm" }).check();
  await page.getByRole("textbox", { name: en("answer.signer") }).fill("Gabriela Torres Aguilar");
  await check(page, testInfo, "forms-family-en", 390);
  await page.getByRole("button", { name: en("family.submit") }).click();
  await expect(page.getByTestId("answered-by")).toContainText("Gabriela");

  // 3. The director, in English at 1280 px: 1 of 1 answered.
  await resizeTo(page, SIZE[1280]);
  await signInWithStorage(page, school.director, { language: "en", to: `/forms-parents${new URL(formUrl).search}` });
  await expect(page.getByTestId("completion-total")).toHaveText(en("staff.answered", { done: 1, total: 1 }), {
    timeout: 30_000,
  });
  await check(page, testInfo, "forms-completion-en", 1280);
});
