import { ArchivePage } from "../../pages/archive.ts";
import { DEMO } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";

/**
 * Issue 12 §8: below 1100 px the archive's filters wait behind a button that counts the active ones (the results
 * start at the top); from 1100 px they are a panel above the results.
 */
test("archive filters: behind a counted button at 1024 px, a panel at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInWithStorage(page, DEMO.director, { to: "/archive?status=open" });
  const archive = new ArchivePage(page);
  await archive.goto("status=open");
  const panel = page.getByRole("main").getByRole("region", { name: t("es", "archive:filters.title") });
  await expect(archive.filtersButton).toHaveAccessibleName(t("es", "archive:filters.openWithCount", { count: 1 }));
  await expect(panel).toHaveCount(0);
  await expect(archive.results).toBeVisible();
  await archive.filtersButton.click();
  await expect(archive.filtersDrawer).toBeVisible();
  await archive.closeFilters();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(panel).toBeVisible();
  await expect(archive.filtersButton).toHaveCount(0);
});
