import type { Locator, Page } from "@playwright/test";
import { GradeConfiguratorPage } from "../../pages/grade-configurator.ts";
import { expectNoViolations, resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { newSchoolWithDirector } from "../../support/new-school.ts";
import { screenshot } from "../../support/screenshot.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 13 §1 "Done when": the Director sets a conduct scale and four habits — from scratch, through the screens,
 * not the suggested setup — and sees them listed; the screen in English; axe-core clean; phone and desktop.
 */

/** Picks `option` in the Mantine Select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a new school's Director sets a conduct scale and four habits by hand (es)", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { director } = await newSchoolWithDirector("es");
  await signInWithStorage(page, director.email, {
    password: director.password,
    language: "es",
    to: "/master-configuration/grade-configurator",
  });
  const gc = new GradeConfiguratorPage(page, "es");
  await gc.goto();
  const es = (key: string, params: Record<string, string | number> = {}) => gc.text(key, params);

  await test.step("a school without scales is offered the suggested setup, and may start by hand", async () => {
    await expect(gc.card("starter.title").getByRole("button", { name: es("starter.button") })).toBeVisible();
    await expect(gc.scales.getByText(es("scales.empty"))).toBeVisible();
    await expect(gc.measures.getByText(es("measures.noConduct"))).toBeVisible();
  });

  await test.step("a numeric conduct scale: 5 to 10 in halves, 6 passes", async () => {
    await gc.scales.getByRole("button", { name: es("scales.new") }).click();
    const form = gc.dialog(es("scales.createTitle"));
    await gc.names(form, "Calificación de conducta", "Conduct mark");
    await form.getByRole("textbox", { name: es("scales.min"), exact: true }).fill("5");
    await form.getByRole("textbox", { name: es("scales.max"), exact: true }).fill("10");
    await choose(page, form, es("scales.step"), "0.5");
    // A passing mark off the halves is refused before saving, with the rule's own words.
    await form.getByRole("textbox", { name: es("scales.passing"), exact: true }).fill("6.3");
    await form.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
    await expect(form.getByText(es("errors.SCALE_PASSING"))).toBeVisible();
    await form.getByRole("textbox", { name: es("scales.passing"), exact: true }).fill("6");
    await gc.save(form);
    const scale = gc.scales.getByRole("listitem").filter({ hasText: "Calificación de conducta" });
    await expect(scale.getByText(es("scales.summary", { min: 5, max: 10, step: 0.5, passing: 6 }))).toBeVisible();
    await expect(scale.getByText(`${es("scales.version", { version: 1 })} · 1 versión`)).toBeVisible();
  });

  await test.step("a levels scale for the habits, with a level added and moved up", async () => {
    await gc.scales.getByRole("button", { name: es("scales.new") }).click();
    const form = gc.dialog(es("scales.createTitle"));
    await gc.names(form, "Frecuencia", "Frequency");
    await form.getByText(es("scales.kinds.levels"), { exact: true }).click();
    const rows: [string, string, string][] = [
      ["S", "Siempre", "Always"],
      ["C", "Casi siempre", "Almost always"],
      ["N", "Nunca", "Never"],
    ];
    for (const [i, [code, nameEs, nameEn]] of rows.entries()) {
      const row = gc.level(form, i + 1);
      await row.getByRole("textbox", { name: es("scales.code"), exact: true }).fill(code);
      await row.getByRole("textbox", { name: es("scales.nameEs"), exact: true }).fill(nameEs);
      await row.getByRole("textbox", { name: es("scales.nameEn"), exact: true }).fill(nameEn);
    }
    await form.getByRole("button", { name: es("scales.addLevel") }).click();
    const fourth = gc.level(form, 4);
    await fourth.getByRole("textbox", { name: es("scales.code"), exact: true }).fill("A");
    await fourth.getByRole("textbox", { name: es("scales.nameEs"), exact: true }).fill("A veces");
    await fourth.getByRole("textbox", { name: es("scales.nameEn"), exact: true }).fill("Sometimes");
    await form.getByRole("button", { name: es("scales.moveUp", { n: 4 }) }).click();
    await expect(gc.level(form, 3).getByRole("textbox", { name: es("scales.code"), exact: true })).toHaveValue("A");
    await gc.save(form);
    const scale = gc.scales.getByRole("listitem").filter({ hasText: "Frecuencia" });
    await expect(scale.getByRole("listitem")).toHaveText([
      "S · Siempre",
      "C · Casi siempre",
      `A · A veces (${es("scales.fails")})`,
      `N · Nunca (${es("scales.fails")})`,
    ]);
  });

  await test.step("the conduct on the numeric scale", async () => {
    await gc.measures.getByRole("button", { name: es("measures.newConduct") }).click();
    const form = gc.dialog(es("measures.createConductTitle"));
    await expect(form.getByRole("textbox", { name: t("es", "incidentsConfig:names.es") })).toHaveValue("Conducta");
    await expect(form.getByRole("combobox", { name: es("measures.scale"), exact: true })).toHaveValue(
      "Calificación de conducta",
    );
    await gc.save(form);
    await expect(gc.measures.getByRole("listitem").filter({ hasText: "Conducta" })).toContainText(
      es("measures.onScale", { scale: "Calificación de conducta" }),
    );
  });

  await test.step("four habits on the levels scale, listed in order", async () => {
    const habits: [string, string][] = [
      ["Puntualidad", "Punctuality"],
      ["Uniforme", "Uniform"],
      ["Tareas", "Homework"],
      ["Participación", "Participation"],
    ];
    for (const [nameEs, nameEn] of habits) {
      await gc.measures.getByRole("button", { name: es("measures.newHabit") }).click();
      const form = gc.dialog(es("measures.createHabitTitle"));
      await form.getByRole("textbox", { name: t("es", "incidentsConfig:names.es") }).fill(nameEs);
      await form.getByRole("textbox", { name: t("es", "incidentsConfig:names.en") }).fill(nameEn);
      await choose(page, form, es("measures.scale"), "Frecuencia");
      await gc.save(form);
      await expect(toast(page, t("es", "messages.saved")).first()).toBeVisible();
    }
    await expect(gc.habits.getByRole("listitem")).toHaveCount(4);
    for (const [i, [nameEs]] of habits.entries()) {
      await expect(gc.habits.getByRole("listitem").nth(i)).toContainText(nameEs);
      await expect(gc.habits.getByRole("listitem").nth(i)).toContainText(
        es("measures.onScale", { scale: "Frecuencia" }),
      );
    }
    await expect(gc.measures.getByText(es("measures.habitsCount", { count: 4, max: 20 }))).toBeVisible();
    // Reorder: Participación first.
    for (let i = 3; i > 0; i--) {
      await gc.habits.getByRole("button", { name: es("measures.moveUp", { name: "Participación" }) }).click();
      await expect(gc.habits.getByRole("listitem").nth(i - 1)).toContainText("Participación");
    }
  });

  await test.step("grace days, the points reset and an alert", async () => {
    await gc.settings.getByRole("textbox", { name: es("settings.graceDays") }).fill("5");
    await gc.settings.getByRole("radio", { name: es("settings.resets.period") }).check();
    await gc.settings.getByRole("button", { name: es("settings.save") }).click();
    await expect(gc.settings.getByRole("button", { name: es("settings.save") })).toBeDisabled();
    await gc.alerts.getByRole("button", { name: es("alerts.new") }).click();
    await gc.save(gc.dialog(es("alerts.createTitle")));
    await expect(gc.alerts.getByText("3 incidencias de clasificación Grave en 30 días")).toBeVisible();
    // The suggested setup is no longer offered.
    await expect(gc.card("starter.title")).toHaveCount(0);
  });

  await test.step("after a reload everything is still there", async () => {
    await page.reload();
    await gc.goto();
    await expect(gc.habits.getByRole("listitem")).toHaveCount(4);
    await expect(gc.settings.getByRole("textbox", { name: es("settings.graceDays") })).toHaveValue("5");
    await expect(gc.settings.getByRole("radio", { name: es("settings.resets.period") })).toBeChecked();
  });

  await expectNoViolations(page, testInfo, "grade-configurator-es-1280");
  await screenshot(page, "grade-configurator-es-1280");
  await resizeTo(page, { width: 390, height: 844 });
  await expect(gc.habits.getByRole("listitem")).toHaveCount(4);
  await expectNoViolations(page, testInfo, "grade-configurator-es-390");
  await screenshot(page, "grade-configurator-es-390");
  // The scale form on a phone (the whole screen).
  await gc.scales
    .getByRole("button", { name: t("es", "incidentsConfig:actions.editLabel", { name: "Frecuencia" }) })
    .click();
  const form = gc.dialog(es("scales.editTitle", { name: "Frecuencia" }));
  await expect(form.getByText(es("scales.kindFixed"))).toBeVisible();
  await expectNoViolations(page, testInfo, "grade-configurator-es-390-levels");
  await screenshot(page, "grade-configurator-es-390-levels", false);
});

test("the grade configurator in English, on the demo's setup", async ({ page, school }, testInfo) => {
  await signInWithStorage(page, school.director, { language: "en", to: "/master-configuration/grade-configurator" });
  const gc = new GradeConfiguratorPage(page, "en");
  await gc.goto();
  await expect(gc.title).toHaveText("Grades configurator");
  for (const key of ["scales.title", "measures.title", "settings.title", "points.title", "alerts.title"]) {
    await expect(gc.card(key)).toBeVisible();
  }
  const en = (key: string, params: Record<string, string | number> = {}) => gc.text(key, params);
  await expect(gc.scales.getByRole("listitem").filter({ hasText: "Mark 5 to 10" }).first()).toContainText(
    en("scales.summary", { min: 5, max: 10, step: 0.5, passing: 6 }),
  );
  await expect(gc.measures.getByRole("listitem").filter({ hasText: "Conduct" }).first()).toContainText(
    en("measures.onScale", { scale: "Mark 5 to 10" }),
  );
  await expect(gc.habits.getByRole("listitem")).toHaveText([/Punctuality/, /Uniform/, /Homework/, /Participation/]);
  await expect(gc.settings.getByText(en("settings.graceDays"))).toBeVisible();
  await expect(gc.alerts.getByText("Conduct below the passing mark")).toBeVisible();
  await expect(gc.card("points.title").getByRole("link", { name: en("points.observations") })).toBeVisible();
  // A scale's form says what a change does to the ratings already given.
  await gc.scales
    .getByRole("button", { name: t("en", "incidentsConfig:actions.editLabel", { name: "Mark 5 to 10" }) })
    .click();
  const form = gc.dialog(en("scales.editTitle", { name: "Mark 5 to 10" }));
  await expect(form.getByText(en("scales.kindFixed"))).toBeVisible();
  await form.getByRole("button", { name: t("en", "actions.cancel") }).click();

  await expectNoViolations(page, testInfo, "grade-configurator-en-1280");
  await screenshot(page, "grade-configurator-en-1280");
  await resizeTo(page, { width: 390, height: 844 });
  await expectNoViolations(page, testInfo, "grade-configurator-en-390");
  await screenshot(page, "grade-configurator-en-390");
});
