import { LAYOUT_ROUTES, MASTER_CONFIGURATION_ROUTES } from "@convive/domain/core";
import { LoginPage, NotFoundPage, RecoverPasswordPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";

/** Spec §2 route guard, visited by typing the address (a fresh page load each time). */
test.describe("route guard by direct visits", () => {
  const protectedPaths = [
    ...new Set([...LAYOUT_ROUTES, ...MASTER_CONFIGURATION_ROUTES].map((r) => `/${r.path}`)),
    "/Schoolselection",
    "/Changepassword",
    "/page-not-found",
    "/no-such-screen/at-all",
  ];
  const CHUNK = 8;
  for (let from = 0; from < protectedPaths.length; from += CHUNK) {
    const paths = protectedPaths.slice(from, from + CHUNK);
    test(`without a token, paths ${from + 1}–${from + paths.length} (${paths[0]} …) lead to the login screen`, async ({
      page,
    }) => {
      for (const path of paths) {
        await page.goto(path);
        await expect(page, `${path} without a token`).toHaveURL(/\/$/);
      }
      await new LoginPage(page).expectShown();
    });
  }

  test("without a token /RecoverPassword is allowed", async ({ page }) => {
    await page.goto("/RecoverPassword");
    await expect(page).toHaveURL(/\/RecoverPassword$/);
    await expect(new RecoverPasswordPage(page).title).toBeVisible();
  });

  const homes = [
    { who: "director", email: DEMO.director, home: /\/register$/ },
    { who: "familia", email: DEMO.familia, home: /\/notifications$/ },
    { who: "root", email: DEMO.root, home: /\/admin-school-creator$/ },
  ];
  for (const { who, email, home } of homes) {
    test(`with a token / leads ${who} to their landing view`, async ({ page }) => {
      await signInWithStorage(page, email, { to: "/" });
      await new AppLayout(page).expectReady(home);
      // The login-like recovery screen also sends a signed-in user home (rule 3).
      await page.goto("/RecoverPassword");
      await expect(page).toHaveURL(home);
    });
  }

  const denied = [
    { who: "a Director", email: DEMO.director, path: "/admin-school-creator" },
    { who: "a Director", email: DEMO.director, path: "/help-video-creator" },
    { who: "a Familiar", email: DEMO.familia, path: "/master-configuration/general-information" },
    { who: "a Familiar", email: DEMO.familia, path: "/register" },
    { who: "a Docente", email: DEMO.docente, path: "/master-configuration/subject" },
    { who: "a Docente", email: DEMO.docente, path: "/master-configuration" },
    { who: "root", email: DEMO.root, path: "/register" },
    { who: "root", email: DEMO.root, path: "/notifications" },
    { who: "a Director", email: DEMO.director, path: "/no-such-screen" },
    { who: "root", email: DEMO.root, path: "/no-such-screen" },
  ];
  for (const { who, email, path } of denied) {
    test(`${who} visiting ${path} gets page-not-found`, async ({ page }) => {
      await signInWithStorage(page, email, { to: path });
      await new NotFoundPage(page).expectShown();
    });
  }

  test("a Director opens master configuration and its children", async ({ page }) => {
    await signInWithStorage(page, DEMO.director, { to: "/master-configuration" });
    const layout = new AppLayout(page);
    // The entry leads to the first child the user may open.
    await layout.expectReady(/\/master-configuration\/general-information$/);
    await page.goto("/master-configuration/subject");
    await layout.expectReady(/\/master-configuration\/subject$/);
    await expect(layout.title).toHaveText("Materias");
    await expect(layout.menuItem("menu.masterConfiguration")).toHaveAttribute("aria-current", "page");
  });

  test("paths match case-insensitively and ignore a trailing slash", async ({ page }) => {
    await signInWithStorage(page, DEMO.director, { to: "/Notifications/" });
    const layout = new AppLayout(page);
    await expect(layout.title).toHaveText("Notificaciones");
    await expect(page).not.toHaveURL(/page-not-found/);
  });
});
