import type { Locator, Page } from "@playwright/test";
import { LoginPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { MasterConfigurationPage, mcPath } from "../pages/master-configuration.ts";
import { SETUP_STAGES, SetupChecklistPage } from "../pages/setup-checklist.ts";
import { apiLogin, call, type FreshUser, profileIds } from "../support/api.ts";
import { expectNoViolations, LANDMARK_RULES, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { acceptInvitation } from "../support/mailbox.ts";
import { newSchoolWithDirector } from "../support/new-school.ts";

/**
 * Issue 12 §2: a new school's Director lands on the setup checklist — the seven stages, what each unlocks, whether
 * it is done and a link to the screen that completes it — instead of an empty registration form, and is led by
 * it (and by the next-step line of every master-configuration screen) from 0 to 7 of 7. Root creates the school
 * and its Director through the admin API. The screens' own forms are new-school.spec's subject: here some stages
 * are completed through the screens and the others through the same API calls, to follow the guidance.
 */

const es = (key: string, params: Record<string, string | number> = {}) => t("es", key, params);

/** The Director's own API calls in the school, standing in for a screen new-school.spec drives. */
async function directorApi(slug: string, director: FreshUser) {
  const session = await apiLogin(director.email, director.password);
  return {
    post: <T = { data: Record<string, { id: number }> }>(path: string, body: unknown) =>
      call<T>(path, { method: "POST", token: session.token, schoolId: slug, body }),
    get: <T>(path: string) => call<T>(path, { token: session.token, schoolId: slug }),
  };
}

const dialog = (page: Page, name: string): Locator => page.getByRole("dialog", { name, exact: true });

/** Saves a FormModal and waits for it to close. */
async function save(modal: Locator) {
  await modal.getByRole("button", { name: es("actions.save"), exact: true }).click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
}

test("a new school's Director lands on the setup checklist and is led by it from 0 to 7 of 7", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const { slug, director } = await newSchoolWithDirector("es");
  const { post, get } = await directorApi(slug, director);
  const layout = new AppLayout(page, "es");
  const mc = new MasterConfigurationPage(page, "es");
  const setup = new SetupChecklistPage(page, "es");

  await test.step("signing in lands on the checklist at 0 of 7, every stage with what it unlocks", async () => {
    const login = new LoginPage(page, "es");
    await login.goto();
    await login.signIn(director.email, director.password);
    await expect(page).toHaveURL(/\/master-configuration\/general-information$/, { timeout: 15_000 });
    const card = setup.card(0);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole("listitem")).toHaveCount(7);
    for (const stage of SETUP_STAGES) {
      const row = setup.stage(card, stage);
      await expect(row).toContainText(setup.unlocks(stage));
      await expect(row).toContainText(setup.pending);
      await expect(setup.fixLink(row, stage)).toBeVisible();
    }
    await expectNoViolations(page, testInfo, "checklist-0", LANDMARK_RULES);
  });

  await test.step("its next step opens the school years, which say the step is done there", async () => {
    await setup.nextButton(setup.card(0), "schoolYear").click();
    await expect(page).toHaveURL(new RegExp(`${mcPath("scholar-cicle")}$`));
    await expect(mc.title).toHaveText(es("nav.scholarCicle"));
    await expect(setup.strip).toContainText(setup.stripProgress(0));
    await expect(setup.strip).toContainText(setup.stripHere("schoolYear"));
    // The screen has loaded its own data too (its empty state offers the first year).
    await expect(mc.main.getByRole("button", { name: es("masterConfiguration:years.new") }).first()).toBeVisible();
    await expectNoViolations(page, testInfo, "next-step-line", LANDMARK_RULES);
  });

  await test.step("with the year and a period, the line leads on to levels, grades and groups", async () => {
    const { data } = await post("/api/school-years", {
      name: "2026-2027",
      starts_on: "2026-08-24",
      ends_on: "2027-07-09",
    });
    await post(`/api/school-years/${data.school_year!.id}/periods`, {
      name: "Trimestre 1",
      starts_on: "2026-08-24",
      ends_on: "2026-11-27",
    });
    await page.reload();
    await expect(setup.strip).toContainText(setup.stripProgress(2));
    await setup.stripButton("grades").click();
    await expect(page).toHaveURL(new RegExp(`${mcPath("level-grade-group")}$`));
    await expect(setup.strip).toContainText(setup.stripHere("grades"));
  });

  await test.step("a level, a grade and a group through the screen: the line follows each save", async () => {
    await mc.main
      .getByRole("button", { name: es("masterConfiguration:sections.new") })
      .first()
      .click();
    const sectionForm = dialog(page, es("masterConfiguration:sections.createTitle"));
    await sectionForm.getByRole("textbox", { name: es("masterConfiguration:sections.name") }).fill("Primaria");
    await save(sectionForm);
    await mc.main
      .getByRole("button", { name: es("masterConfiguration:grades.addLabel", { section: "Primaria" }) })
      .click();
    const gradeForm = dialog(page, es("masterConfiguration:grades.createTitle", { section: "Primaria" }));
    await gradeForm.getByRole("textbox", { name: es("masterConfiguration:grades.name") }).fill("1°");
    await save(gradeForm);
    await expect(setup.strip).toContainText(setup.stripProgress(3));
    await expect(setup.strip).toContainText(setup.stripHere("groups"));

    await mc.main
      .getByRole("button", { name: es("masterConfiguration:groups.addLabel", { grade: "1°", section: "Primaria" }) })
      .click();
    const groupForm = dialog(page, es("masterConfiguration:groups.createTitle", { grade: "1°", section: "Primaria" }));
    await groupForm.getByRole("textbox", { name: es("masterConfiguration:groups.name") }).fill("A");
    await save(groupForm);
    await expect(setup.strip).toContainText(setup.stripProgress(4));
    await setup.stripButton("subjects").click();
    await expect(page).toHaveURL(new RegExp(`${mcPath("subject")}$`));
  });

  await test.step("with subjects and students, the checklist shows what is done and what is left", async () => {
    const grades = await get<{ data: { grades: { id: number }[] } }>("/api/grades");
    await post("/api/subjects", { name: "Matemáticas", grade_ids: grades.data.grades.map((g) => g.id) });
    await post("/api/students", { enrollment: "GUI-001", first_name: "Luis", paternal_surname: "Pérez" });
    await page.reload();
    await expect(setup.strip).toContainText(setup.stripProgress(6));
    await setup.stripList.click();
    await expect(page).toHaveURL(new RegExp(`${mcPath("general-information")}$`));
    const card = setup.card(6);
    await expect(card).toBeVisible();
    for (const stage of SETUP_STAGES.slice(0, 6)) await expect(setup.stage(card, stage)).toContainText(setup.done);
    await expect(setup.stage(card, "users")).toContainText(setup.pending);
    await setup.nextButton(card, "users").click();
    await expect(page).toHaveURL(new RegExp(`${mcPath("school-users")}$`));
    await expect(setup.strip).toContainText(setup.stripHere("users"));
  });

  await test.step("an invitation sent is not yet a member: the staff stage says so and stays pending", async () => {
    await post("/api/school-users", {
      first_name: "Tomás",
      paternal_surname: "Maestro",
      email: `tomas.${slug}@convive.test`,
      profile_id: (await profileIds(slug)).get("docente"),
    });
    // Sent through the API, not the screen (whose save refreshes the checklist): the page loads afresh to read it.
    await page.goto(mcPath("general-information"));
    const card = setup.card(6);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(setup.stage(card, "users")).toContainText(es("masterConfiguration:setup.status.invited"));
  });

  await test.step("the seventh stage: once Tomás accepts, the school is set up and the line goes", async () => {
    // Tomás accepts from his e-mail (the run's mailbox): the invitation's token is only there.
    await acceptInvitation(`tomas.${slug}@convive.test`, "Tomas.Maestro.2026");
    await page.goto(mcPath("school-users"));
    await expect(mc.title).toHaveText(es("nav.schoolUsers"));
    await expect(setup.strip).toHaveCount(0);
    await layout.menuItem("menu.masterConfiguration").click();
    const card = setup.card(7);
    await expect(card).toBeVisible();
    await expect(card).toContainText(setup.complete);
  });

  await test.step("once set up, the Director lands on the spec's first module again", async () => {
    await layout.logoutItem.click();
    const login = new LoginPage(page, "es");
    await login.expectShown();
    await login.signIn(director.email, director.password);
    await layout.expectReady(/\/register$/);
  });
});

test("at 390 px in English, the checklist is the landing view and its next step opens the screen", async ({
  page,
}, testInfo) => {
  await resizeTo(page, { width: 390, height: 844 });
  const { director } = await newSchoolWithDirector("en");
  const setup = new SetupChecklistPage(page, "en");
  await signInWithStorage(page, director.email, { password: director.password, language: "en", to: "/" });
  await expect(page).toHaveURL(/\/master-configuration\/general-information$/, { timeout: 15_000 });
  const card = setup.card(0);
  await expect(card).toBeVisible();
  await expect(setup.stage(card, "students")).toContainText(setup.unlocks("students"));
  await expectNoViolations(page, testInfo, "checklist-390-en", LANDMARK_RULES);
  await setup.nextButton(card, "schoolYear").click();
  await expect(page).toHaveURL(new RegExp(`${mcPath("scholar-cicle")}$`));
  await expect(setup.strip).toContainText(setup.stripHere("schoolYear"));
});
