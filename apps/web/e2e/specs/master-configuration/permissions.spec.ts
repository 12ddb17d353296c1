import { AppLayout } from "../../pages/layout.ts";
import { MasterConfigurationPage, MC_SCREENS, mcPath } from "../../pages/master-configuration.ts";
import { apiLogin, call, FRESH_PASSWORD, rootApi, TEMPORARY_PASSWORD } from "../../support/api.ts";
import { DEMO } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";

/**
 * Spec §6: each master-configuration child is guarded by its own permissions. A Director opens every one; a
 * profile without an area's permission gets /page-not-found from the URL and does not see it in the sub-navigation.
 */

const notFoundTitle = t("es", "auth:notFound.title");

test.describe("master configuration as the Director", () => {
  for (const screen of MC_SCREENS) {
    test(`opens ${screen.child} with its title and its tab`, async ({ page }) => {
      await signInWithStorage(page, DEMO.director, { to: mcPath(screen.child) });
      const mc = new MasterConfigurationPage(page, "es");
      await expect(page).toHaveURL(new RegExp(`${mcPath(screen.child)}$`));
      await expect(mc.title).toHaveText(t("es", screen.titleKey));
      await expect(page.getByRole("heading", { name: notFoundTitle })).toHaveCount(0);
    });
  }

  test("the module's entry goes to general information", async ({ page }) => {
    await signInWithStorage(page, DEMO.director, { to: "/master-configuration" });
    await expect(page).toHaveURL(/\/master-configuration\/general-information$/);
  });
});

test.describe("master configuration without the permissions", () => {
  test("a Docente gets /page-not-found on every child and has no master-configuration item", async ({ page }) => {
    await signInWithStorage(page, DEMO.docente, { to: "/" });
    const layout = new AppLayout(page, "es");
    await expect(layout.sidebar).toBeVisible();
    await expect(layout.menuItem("menu.masterConfiguration")).toHaveCount(0);
    for (const screen of MC_SCREENS) {
      await page.goto(mcPath(screen.child));
      await expect(page).toHaveURL(/\/page-not-found$/);
      await expect(page.getByRole("heading", { name: notFoundTitle })).toBeVisible();
    }
  });

  test("a custom profile with two areas' read sees only those two", async ({ page, school }) => {
    // The Director of the spec's own school builds the profile (POST /api/profiles, PUT …/permissions); root adds a
    // member with it.
    const director = await apiLogin(school.director);
    const name = `E2E lectura ${Date.now().toString(36)}`;
    const { data: created } = await call<{ data: { profile: { id: number } } }>("/api/profiles", {
      method: "POST",
      token: director.token,
      schoolId: school.id,
      body: { name },
    });
    const profileId = created.profile.id;
    await call(`/api/profiles/${profileId}/permissions`, {
      method: "PUT",
      token: director.token,
      schoolId: school.id,
      body: {
        permissions: [
          "module-master-configuration",
          "master-configuration-subjects.read",
          "master-configuration-school-year.read",
        ],
      },
    });
    const root = await rootApi();
    const email = `e2e-mc-${process.pid}-${Date.now().toString(36)}@convive.test`;
    await call("/api/admin/users", {
      method: "POST",
      token: root.token,
      body: {
        first_name: "Lectora",
        paternal_surname: "Parcial",
        maternal_surname: "E2E",
        email,
        language: "es",
        password: TEMPORARY_PASSWORD,
        school_id: school.id,
        profile_id: profileId,
      },
    });
    const first = await apiLogin(email, TEMPORARY_PASSWORD);
    await call("/api/user/change-password", {
      method: "POST",
      token: first.token,
      body: { current_password: TEMPORARY_PASSWORD, password: FRESH_PASSWORD, password_confirmation: FRESH_PASSWORD },
    });

    await signInWithStorage(page, email, { password: FRESH_PASSWORD, to: "/master-configuration" });
    const mc = new MasterConfigurationPage(page, "es");
    // The entry leads to a child the profile may open (the guard takes the catalogue's order: subjects first).
    await expect(page).toHaveURL(/\/master-configuration\/(subject|scholar-cicle)$/);
    await page.goto(mcPath("scholar-cicle"));
    await expect(mc.title).toHaveText(t("es", "nav.scholarCicle"));
    await expect(mc.subNav).toBeVisible();
    await expect(mc.subNav.getByRole("link")).toHaveCount(2);
    await expect(mc.subNavLink("nav.scholarCicle")).toBeVisible();
    await expect(mc.subNavLink("nav.subject")).toBeVisible();
    for (const hidden of MC_SCREENS.filter((s) => s.child !== "scholar-cicle" && s.child !== "subject")) {
      await expect(mc.subNavLink(hidden.titleKey)).toHaveCount(0);
    }

    await mc.subNavLink("nav.subject").click();
    await expect(page).toHaveURL(/\/master-configuration\/subject$/);
    await expect(mc.title).toHaveText(t("es", "nav.subject"));

    for (const child of [
      "general-information",
      "level-grade-group",
      "school-users",
      "students-profile",
      "user-profile",
    ]) {
      await page.goto(mcPath(child));
      await expect(page).toHaveURL(/\/page-not-found$/);
      await expect(page.getByRole("heading", { name: notFoundTitle })).toBeVisible();
    }
  });
});
