import { MasterConfigurationPage, mcPath } from "../../pages/master-configuration.ts";
import { apiLogin, call, createUser, rootApi } from "../../support/api.ts";
import { resizeTo } from "../../support/axe.ts";
import { DEMO } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { newSchoolWithDirector } from "../../support/new-school.ts";
import { toast } from "../../support/toasts.ts";

/** Focused master-configuration flows (issue 4 item 12): institutional colours, CURP check. */

const es = (key: string, params: Record<string, string | number> = {}) => t("es", key, params);

test("general information saves colour 1 and the navigation bar repaints at once", async ({ page }) => {
  // A school of the test's own: the demo school's colours are shared by the other specs running alongside.
  const root = await rootApi();
  const slug = `e2e-col-${Date.now().toString(36)}`;
  await call("/api/admin/schools", {
    method: "POST",
    token: root.token,
    body: { id: slug, name: `Colores ${slug}`, time_zone: "America/Mexico_City" },
  });
  const director = await createUser({ schoolId: slug, profile: "director", privacyAccepted: true });
  await signInWithStorage(page, director.email, { password: director.password, to: mcPath("general-information") });
  const mc = new MasterConfigurationPage(page, "es");
  await expect(mc.title).toHaveText(es("nav.generalInformation"));

  const navVar = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--convive-nav").trim().toLowerCase(),
    );
  const color = "#1b4332";
  expect(await navVar()).not.toBe(color);

  const input = mc.main.getByRole("textbox", { name: es("masterConfiguration:colors.color1"), exact: true });
  await input.fill(color);
  await input.press("Tab");
  await mc.main.getByRole("button", { name: es("actions.save"), exact: true }).click();
  await expect(toast(page, es("messages.saved"))).toBeVisible();
  // Without a reload: the theme follows the saved colours.
  await expect.poll(navVar).toBe(color);
  await expect(input).toHaveValue(color);

  // And it stays after a reload (the server kept it).
  await page.reload();
  await expect(mc.title).toHaveText(es("nav.generalInformation"));
  await expect.poll(navVar).toBe(color);
});

test("students-profile refuses a CURP with a wrong check digit", async ({ page }) => {
  await signInWithStorage(page, DEMO.director, { to: mcPath("students-profile") });
  const mc = new MasterConfigurationPage(page, "es");
  await expect(mc.title).toHaveText(es("nav.studentsProfile"));
  await mc.main
    .getByRole("button", { name: es("masterStudents:list.new") })
    .first()
    .click();
  const editor = page.getByRole("dialog", { name: es("masterStudents:student.createTitle") });
  await expect(editor).toBeVisible();

  const curp = editor.getByRole("textbox", { name: es("masterStudents:student.curp"), exact: true });
  // The template's example is HEGS160427MDFRRFA2; its last character is the check digit.
  await curp.fill("HEGS160427MDFRRFA9");
  await expect(editor.getByText(es("masterStudents:student.curpInvalid"))).toBeVisible();
  await expect(curp).toHaveAttribute("aria-invalid", "true");

  await curp.fill("HEGS160427MDFRRFA2");
  await expect(editor.getByText(es("masterStudents:student.curpInvalid"))).toBeHidden();
  await expect(editor.getByLabel(es("masterStudents:student.curpValid"))).toBeVisible();
});

/**
 * Spec §5: a head teacher cannot be unassigned while they own a group. Level-grade-group offers no such action (its
 * group form only changes the head teacher), so the refusal is met where the UI offers it: deactivating the
 * Docente (head teacher of 3° A Primaria) of the spec's own school on school-users. The server refuses; nothing
 * changes.
 */
const OWNER_MESSAGE = {
  es: "No es posible desasignarlo, ya que tiene un grupo asignado como titular",
  en: "It is not possible to unassign it, since there is an owner group assigned to the user",
} as const;

for (const lang of ["es", "en"] as const) {
  test(`school-users refuses to deactivate a head teacher (${lang})`, async ({ page, school }) => {
    await signInWithStorage(page, school.director, { language: lang, to: mcPath("school-users") });
    const mc = new MasterConfigurationPage(page, lang);
    await expect(mc.title).toHaveText(t(lang, "nav.schoolUsers"));
    await mc.main
      .getByRole("searchbox", { name: t(lang, "masterUsers:list.search"), exact: true })
      .fill(school.docente);
    const row = mc.main.getByRole("row").filter({ hasText: school.docente });
    await expect(row).toHaveCount(1);
    const deactivate = row.getByRole("button", {
      name: new RegExp(`^${t(lang, "masterUsers:deactivate.label", { name: "" })}`),
    });
    await deactivate.click();
    const confirm = page.getByRole("dialog").filter({ hasText: t(lang, "masterUsers:deactivate.message") });
    await confirm.getByRole("button", { name: t(lang, "masterUsers:deactivate.confirm"), exact: true }).click();
    await expect(confirm.getByRole("alert")).toHaveText(OWNER_MESSAGE[lang]);
    // The footer button (the header has an "X" of the same name).
    await confirm
      .getByRole("button", { name: t(lang, "actions.close"), exact: true })
      .last()
      .click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText(t(lang, "masterUsers:status.active"), { exact: true })).toBeVisible();
  });
}

/**
 * Issue 25 §2: the school's quiet hours, set by its Director on general information. Half a window is refused with
 * the form's own message and nothing is saved; a window across midnight is saved and kept; it can be cleared again.
 * On a phone in English, then at 1280 px in Spanish.
 */
test("the Director sets the quiet hours across midnight, is told when one end is missing, and clears them", async ({
  page,
}) => {
  // Two rounds (a phone in English, a desktop in Spanish), each with a save refused, two saves and a reload.
  test.setTimeout(90_000);
  const { slug, director } = await newSchoolWithDirector();
  const saved = async () => {
    const { token } = await apiLogin(director.email, director.password);
    type Info = { quiet_hours_start: string | null; quiet_hours_end: string | null };
    const { data } = await call<{ data: { school_info: Info } }>("/api/school-info", { token, schoolId: slug });
    return [data.school_info.quiet_hours_start, data.school_info.quiet_hours_end];
  };

  for (const [lang, size] of [
    ["en", { width: 390, height: 844 }],
    ["es", { width: 1280, height: 800 }],
  ] as const) {
    await resizeTo(page, size);
    await signInWithStorage(page, director.email, {
      password: director.password,
      language: lang,
      to: mcPath("general-information"),
    });
    const mc = new MasterConfigurationPage(page, lang);
    await expect(mc.title).toHaveText(t(lang, "nav.generalInformation"));
    const quiet = mc.main.getByRole("group", { name: t(lang, "masterConfiguration:general.quietHoursTitle") });
    const start = quiet.getByLabel(t(lang, "masterConfiguration:general.quietHoursStart"));
    const end = quiet.getByLabel(t(lang, "masterConfiguration:general.quietHoursEnd"));
    const save = mc.main.getByRole("button", { name: t(lang, "actions.save"), exact: true });

    // Only the start: the form says both or neither, and the server keeps what it had.
    const before = await saved();
    await start.fill("21:00");
    await end.fill("");
    await save.click();
    await expect(mc.main.getByText(t(lang, "masterConfiguration:validation.quietHoursBoth")).first()).toBeVisible();
    expect(await saved()).toEqual(before);

    // 21:00 to 07:00, across midnight: saved and shown again after a reload.
    await end.fill("07:00");
    await save.click();
    await expect(toast(page, t(lang, "messages.saved"))).toBeVisible();
    await expect.poll(saved).toEqual(["21:00", "07:00"]);
    await page.reload();
    await expect(start).toHaveValue("21:00");
    await expect(end).toHaveValue("07:00");

    // Cleared: no quiet hours.
    await quiet.getByRole("button", { name: t(lang, "masterConfiguration:general.quietHoursClear") }).click();
    await expect(start).toHaveValue("");
    await save.click();
    await expect(toast(page, t(lang, "messages.saved"))).toBeVisible();
    await expect.poll(saved).toEqual([null, null]);
  }
});
