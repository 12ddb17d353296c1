import { ArchivePage } from "../../pages/archive.ts";
import { expectNoViolations, LANDMARK_RULES, resizeTo } from "../../support/axe.ts";
import { DEMO } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { LANGS, t } from "../../support/i18n.ts";

/**
 * Issue 12 §8, the archive at tablet and laptop widths. Below 1100 px the filters wait behind a button that counts
 * the active ones (the results start at the top); from 1100 px the most used ones also stay in a panel above the
 * results, the rest behind the same button. The table keeps status, group and recorder in view at 1024 px, its
 * columns can be chosen (remembered for the reader), and at 1280×800 at least eight rows show above the fold.
 */
test("archive filters: behind a counted button at 1024 px, the most used also in a panel at 1280 px", async ({
  page,
}, testInfo) => {
  await resizeTo(page, { width: 1024, height: 768 });
  await signInWithStorage(page, DEMO.director, { to: "/archive?status=open" });
  const archive = new ArchivePage(page);
  await archive.goto("status=open");
  await expect(archive.filtersButton).toHaveAccessibleName(t("es", "archive:filters.openWithCount", { count: 1 }));
  await expect(archive.filtersPanel).toHaveCount(0);
  await expect(archive.results).toBeVisible();
  // The button's visible words ("Filtros 1") are in its name, in order (WCAG 2.5.3).
  await expectNoViolations(page, testInfo, "archive-filtered-1024-es", LANDMARK_RULES);
  await archive.filtersButton.click();
  await expect(archive.filtersDrawer).toBeVisible();
  await archive.closeFilters();

  await resizeTo(page, { width: 1280, height: 800 });
  await expect(archive.filtersPanel).toBeVisible();
  await expectNoViolations(page, testInfo, "archive-filtered-1280-es", LANDMARK_RULES);
  for (const key of ["dates", "status", "classification", "type_id", "group_id"]) {
    await expect(archive.filtersPanel.getByText(t("es", `archive:filters.${key}`), { exact: true })).toBeVisible();
  }
  // The others are a click away, with the count of what is on.
  await expect(archive.filtersPanel.getByText(t("es", "archive:filters.recorded_by"))).toHaveCount(0);
  const drawer = await archive.filters();
  const recorder = { name: t("es", "archive:filters.recorded_by"), exact: true };
  await expect(drawer.getByRole("combobox", recorder).or(drawer.getByRole("textbox", recorder)).first()).toBeVisible();
  await archive.closeFilters();
});

test("the table keeps status, group and recorder in view at 1024 px; columns are chosen and remembered per user", async ({
  page,
}, testInfo) => {
  // Five loads of the archive by two accounts, a reload and an axe scan.
  test.setTimeout(90_000);
  await resizeTo(page, { width: 1024, height: 768 });
  await signInWithStorage(page, DEMO.director, { to: "/archive" });
  const archive = new ArchivePage(page);
  await archive.goto();
  await expect(archive.rows.first()).toBeVisible();
  const inView = async (key: string) => {
    const header = archive.columnHeader(key);
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.x + box.width, `${key} ends inside the window`).toBeLessThanOrEqual(1024);
  };
  for (const key of ["status", "group", "recorder"]) await inView(key);
  await expectNoViolations(page, testInfo, "archive-1024-es", LANDMARK_RULES);

  // Hide the students, show the classification: the table follows and keeps the choice after a reload.
  const chooser = await archive.columnsChooser();
  await chooser.getByRole("checkbox", { name: t("es", "archive:results.students") }).uncheck();
  await chooser.getByRole("checkbox", { name: t("es", "archive:results.classification") }).check();
  await page.keyboard.press("Escape");
  await expect(archive.columnHeader("students")).toHaveCount(0);
  await expect(archive.columnHeader("classification")).toBeVisible();
  await page.reload();
  await expect(archive.rows.first()).toBeVisible();
  await expect(archive.columnHeader("students")).toHaveCount(0);
  await expect(archive.columnHeader("classification")).toBeVisible();
  for (const key of ["status", "group", "recorder"]) await inView(key);

  // The choice is this reader's: another account in the same browser gets the table as it comes.
  await signInWithStorage(page, DEMO.multi, { to: "/archive", schoolId: "colegio-demo" });
  await archive.goto();
  await expect(archive.rows.first()).toBeVisible();
  await expect(archive.columnHeader("students")).toBeVisible();

  // Back to the first reader, who returns to the defaults.
  await signInWithStorage(page, DEMO.director, { to: "/archive" });
  await archive.goto();
  await expect(archive.columnHeader("students")).toHaveCount(0);
  await archive.columnsChooser();
  await page.getByRole("button", { name: t("es", "archive:columns.reset") }).click();
  await expect(archive.columnHeader("students")).toBeVisible();
  await expect(archive.columnHeader("classification")).toHaveCount(0);
});

test("at 1280×800 the Director sees at least eight rows above the fold, in both languages", async ({
  page,
}, testInfo) => {
  await resizeTo(page, { width: 1280, height: 800 });
  for (const lang of LANGS) {
    await signInWithStorage(page, DEMO.director, { to: "/archive", language: lang });
    const archive = new ArchivePage(page, lang);
    await archive.goto();
    await expect(archive.rows.nth(7)).toBeVisible();
    await expect(archive.filtersPanel).toBeVisible();
    const bottoms = await archive.rows.evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().bottom));
    expect(bottoms.filter((bottom) => bottom <= 800).length, `rows above the fold (${lang})`).toBeGreaterThanOrEqual(8);
    for (const key of ["status", "group", "recorder"]) await expect(archive.columnHeader(key)).toBeVisible();
    await expectNoViolations(page, testInfo, `archive-1280-${lang}`, LANDMARK_RULES);
  }
});
