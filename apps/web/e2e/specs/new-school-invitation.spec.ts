import type { Page } from "@playwright/test";
import { AppLayout } from "../pages/layout.ts";
import { SetupChecklistPage } from "../pages/setup-checklist.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { DEMO } from "../support/env.ts";
import { expect, privacyDialog, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { linkInMail } from "../support/mailbox.ts";

/**
 * Issue 26 §4, a new school that starts itself: root creates a school with its first Director, who receives the
 * invitation e-mail (read from the run's mailbox, as she would read hers), opens its link on the school's own
 * address, chooses her password, is signed in and lands on the setup checklist; the screens of the still empty
 * school then say where set-up starts instead of "No encontrado / Reintentar".
 */

const es = (key: string, params: Record<string, string | number> = {}) => t("es", key, params);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = "Directora.Nueva.2026";

/** The shared empty state of a screen waiting on set-up: its title, its line, the way to the school year. */
async function expectSetupFirst(page: Page, screen: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: es("setupFirst:title") })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByText(es(`setupFirst:screens.${screen}`))).toBeVisible();
  await expect(main.getByRole("link", { name: es("setupFirst:action") })).toHaveAttribute(
    "href",
    "/master-configuration/scholar-cicle",
  );
  await expect(page.getByText("No encontrado")).toHaveCount(0);
  await expect(page.getByRole("button", { name: es("common:actions.retry") })).toHaveCount(0);
}

test("root creates a school with its Director, who accepts the e-mailed invitation and lands on the checklist", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const slug = `nueva-${unique()}`;
  const name = `Colegio Amanecer ${slug.slice(-4)}`;
  const email = `directora-${unique()}@convive.test`;

  await test.step("root creates the school and names its Director", async () => {
    await signInWithStorage(page, DEMO.root, { to: "/admin-school-creator" });
    await new AppLayout(page).expectReady(/\/admin-school-creator$/, { timeout: 30_000 });
    await page
      .getByRole("main")
      .getByRole("button", { name: es("admin:schools.new") })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: es("admin:schools.createTitle") });
    await dialog.getByRole("textbox", { name: es("admin:schools.name"), exact: true }).fill(name);
    await dialog.getByRole("textbox", { name: es("admin:schools.slug") }).fill(slug);
    await dialog.getByRole("textbox", { name: es("admin:schools.directorFirstName") }).fill("Marta");
    await dialog.getByRole("textbox", { name: es("admin:schools.directorSurname") }).fill("Salas");
    await dialog.getByRole("textbox", { name: es("admin:schools.directorEmail") }).fill(email);
    await dialog.getByRole("button", { name: es("admin:schools.create") }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
  });

  // A new browser, as the Director's own: nothing of root's session.
  const context = await browser.newContext();
  const director = await context.newPage();

  await test.step("the e-mail's link opens on the school's own address; she chooses her password", async () => {
    const link = await linkInMail(email);
    expect(link.hostname).toBe(`${slug}.localhost`);
    expect(link.pathname).toBe("/RecoverPassword");
    await director.goto(link.toString());
    await expect(director.getByRole("heading", { level: 1, name: es("auth:invitation.title") })).toBeVisible();
    await expect(director.getByText(email)).toBeVisible();
    await director.getByRole("textbox", { name: es("auth:reset.new"), exact: true }).fill(PASSWORD);
    await director.getByRole("textbox", { name: es("auth:reset.confirm"), exact: true }).fill(PASSWORD);
    await director.getByRole("button", { name: es("auth:invitation.create") }).click();
  });

  await test.step("she is signed in and lands on the checklist at 0 of 7", async () => {
    await expect(director).toHaveURL(/\/master-configuration\/general-information$/, { timeout: 20_000 });
    // As after any first sign-in in a school: the privacy notice first.
    const notice = privacyDialog(director);
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await notice.getByRole("button", { name: "Aceptar" }).click({ timeout: 30_000 });
    await expect(notice).toBeHidden({ timeout: 30_000 });
    const checklist = new SetupChecklistPage(director, "es");
    await expect(checklist.card(0)).toBeVisible({ timeout: 30_000 });
    await expectNoViolations(director, testInfo, "checklist after the invitation");
  });

  for (const [path, screen] of [
    ["/strategic-vision", "strategicVision"],
    ["/ratings", "ratings"],
    ["/register", "registration"],
  ] as const) {
    await test.step(`${path} of the empty school shows where set-up starts`, async () => {
      // On the school's own address, where her session lives (the link opened there).
      await director.goto(new URL(path, director.url()).toString());
      await expectSetupFirst(director, screen);
      await expectNoViolations(director, testInfo, `${path} empty (1280)`);
      await resizeTo(director, { width: 390, height: 844 });
      await expectSetupFirst(director, screen);
      await expectNoViolations(director, testInfo, `${path} empty (390)`);
      await resizeTo(director, { width: 1280, height: 800 });
    });
  }

  await test.step("the empty state's button opens the school year's screen", async () => {
    await director
      .getByRole("main")
      .getByRole("link", { name: es("setupFirst:action") })
      .click();
    await expect(director).toHaveURL(/\/master-configuration\/scholar-cicle$/);
  });
  await context.close();
});
