/// <reference types="node" />
import type { Page, TestInfo } from "@playwright/test";
import { DESKTOP, expectNoSidewaysScroll, expectNoViolations, PHONE, resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { mailsTo } from "../../support/mailbox.ts";
import { screenshot } from "../../support/screenshot.ts";
import { switchLanguageInPlace } from "../../support/switch-language.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 31 §3: the Director schedules a weekly incident summary to the coordinators (and an address that does not
 * exist), sends it now, follows the deliveries in the history — the coordinator's e-mail arrives at the run's
 * mailbox, the wrong address lands on the 'Unsent email list' — in Spanish, then English; screenshots at 1280 and
 * 390 px, axe-core clean.
 */
const es = (key: string, params?: Record<string, string | number>) => t("es", `scheduledReports:${key}`, params);
const en = (key: string, params?: Record<string, string | number>) => t("en", `scheduledReports:${key}`, params);
const NAME = "Resumen semanal de incidencias";
const WRONG = "direccion@rechazado.invalid";

async function check(page: Page, testInfo: TestInfo, name: string, width: 390 | 1280) {
  await resizeTo(page, width === 390 ? PHONE : DESKTOP);
  // The pointer rests where the last click was (a dialog's close button): off the header, whose bell shows a tooltip.
  await page.mouse.move(5, 400);
  await screenshot(page, `${name}-${width}`);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

test("the Director schedules a weekly incident summary to the coordinators and follows its deliveries", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(150_000);
  await resizeTo(page, DESKTOP);
  await signInWithStorage(page, school.director, { language: "es", to: "/master-configuration/automatic-reports" });
  await expect(page.getByRole("heading", { name: "Reportes automáticos", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(es("empty"))).toBeVisible();

  await page.getByRole("button", { name: es("new") }).click();
  const form = page.getByRole("dialog", { name: es("form.newTitle") });
  await form.getByRole("textbox", { name: es("form.name") }).fill(NAME);
  await expect(form.getByRole("combobox", { name: es("form.type") })).toHaveValue("Resumen de incidencias");
  // A MultiSelect's box lies over its input: the click is the box's.
  await form.getByRole("combobox", { name: es("form.profiles") }).click({ force: true });
  await page.getByRole("option", { name: "Coordinador", exact: true }).click();
  // The list stays open for more picks; leaving the field closes it.
  await page.keyboard.press("Tab");
  await form.getByRole("button", { name: es("form.addEmail") }).click();
  await form.getByRole("textbox", { name: es("form.email") }).fill(WRONG);
  await check(page, testInfo, "automatic-reports-form-es", 1280);
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page, "¡Guardado con éxito!").last()).toBeVisible();

  const card = page.getByRole("listitem", { name: NAME });
  await expect(card.getByText(es("every.weekly", { weekday: "lunes", time: "07:00" }))).toBeVisible();

  // Send now, to everyone: the history opens and follows the run until each e-mail has its outcome.
  await card.getByRole("button", { name: es("sendNowLabel", { name: NAME }) }).click();
  await expect(toast(page, es("queued")).last()).toBeVisible();
  const history = page.getByRole("dialog", { name: `${es("runs.title")} · ${NAME}` });
  const runs = history.getByTestId("report-runs");
  const coordinator = school.email("coordinador1");
  await expect(runs.getByRole("listitem").filter({ hasText: coordinator })).toContainText(es("runs.delivery.sent"), {
    timeout: 30_000,
  });
  await expect(runs.getByRole("listitem").filter({ hasText: WRONG })).toContainText(es("runs.delivery.failed"), {
    timeout: 30_000,
  });
  const [mail] = await mailsTo(coordinator);
  expect(mail!.subject).toContain(NAME);
  await check(page, testInfo, "automatic-reports-history-es", 390);
  await history.getByRole("button", { name: "Cerrar" }).click();

  // The wrong address is on the screen's 'Unsent email list', with a retry.
  const unsent = page.getByRole("region", { name: es("unsent.title") });
  await expect(unsent.getByText(es("unsent.to", { report: NAME, recipient: WRONG }))).toBeVisible({ timeout: 30_000 });
  await expect(unsent.getByRole("button", { name: es("unsent.retryLabel", { recipient: WRONG }) })).toBeVisible();
  await check(page, testInfo, "automatic-reports-es", 390);

  await switchLanguageInPlace(page, "en");
  await expect(page.getByRole("region", { name: "Unsent email list" })).toBeVisible();
  await expect(
    page.getByRole("listitem", { name: NAME }).getByText(en("every.weekly", { weekday: "Monday", time: "07:00" })),
  ).toBeVisible();
  await check(page, testInfo, "automatic-reports-en", 1280);
  await check(page, testInfo, "automatic-reports-en", 390);
});
