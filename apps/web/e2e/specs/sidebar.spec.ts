import { AppLayout } from "../pages/layout.ts";
import { resizeTo } from "../support/axe.ts";
import { DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";

/** Spec §2/§9: expanded above 1000 px; at 1050 px or less choosing an item collapses it; a drawer below 1000. */
test.describe("sidebar by window width", () => {
  test("1280 px: expanded, and stays expanded after choosing an item", async ({ page }) => {
    await resizeTo(page, { width: 1280, height: 800 });
    await signInWithStorage(page, DEMO.director, { to: "/register" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await expect(layout.sidebar).toBeVisible();
    await expect(layout.sidebar).not.toHaveAttribute("data-rail", /.*/);
    const archive = layout.menuItem("menu.archive");
    await expect(archive).toBeVisible();
    await expect(layout.menuItem("menu.register")).toHaveAttribute("aria-current", "page");
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "true");

    await archive.click();
    await expect(page).toHaveURL(/\/incident-details$/);
    await expect(archive).toHaveAttribute("aria-current", "page");
    await expect(layout.sidebar).not.toHaveAttribute("data-rail", /.*/);
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "true");

    // The toggle collapses it to icons and expands it again.
    await layout.toggle.click();
    await expect(layout.sidebar).toHaveAttribute("data-rail", "true");
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "false");
    await layout.toggle.click();
    await expect(layout.sidebar).not.toHaveAttribute("data-rail", /.*/);
  });

  test("1040 px: expanded, choosing an item collapses it", async ({ page }) => {
    await resizeTo(page, { width: 1040, height: 800 });
    await signInWithStorage(page, DEMO.director, { to: "/register" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await expect(layout.sidebar).toBeVisible();
    await expect(layout.sidebar).not.toHaveAttribute("data-rail", /.*/);
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "true");

    await layout.menuItem("menu.ratings").click();
    await expect(page).toHaveURL(/\/ratings$/);
    await expect(layout.sidebar).toHaveAttribute("data-rail", "true");
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "false");
    // Still there as a rail of icons, the current item marked.
    await expect(layout.menuItem("menu.ratings")).toHaveAttribute("aria-current", "page");
  });

  test("900 px: collapsed; the toggle opens a drawer that closes after choosing", async ({ page }) => {
    await resizeTo(page, { width: 900, height: 800 });
    await signInWithStorage(page, DEMO.director, { to: "/register" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await expect(layout.sidebar).toBeHidden();
    await expect(layout.drawer).toBeHidden();
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "false");
    // The title moves into the content on narrow windows.
    await expect(layout.main.getByRole("heading", { level: 1 })).toHaveText("Registro de incidencias");

    await layout.toggle.click();
    await expect(layout.drawer).toBeVisible();
    const inDrawer = layout.drawer.getByRole("navigation");
    // The mobile version also shows the user's name and the notification counter.
    await expect(layout.drawer.getByText("Mariana Robles", { exact: true })).toBeVisible();
    await expect(layout.drawer.getByRole("button", { name: /Notificaciones sin ver/ })).toBeVisible();
    await expect(
      layout.menuItem("menu.logout", inDrawer).or(inDrawer.getByRole("button", { name: "Cerrar sesión" })),
    ).toBeVisible();

    await layout.menuItem("menu.archive", inDrawer).click();
    await expect(page).toHaveURL(/\/incident-details$/);
    await expect(layout.drawer).toBeHidden();
    await expect(layout.main.getByRole("heading", { level: 1 })).toHaveText("Detalle de incidencias");

    // Escape closes it too.
    await layout.toggle.click();
    await expect(layout.drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(layout.drawer).toBeHidden();
  });

  test("resizing across 1000 px collapses and expands it", async ({ page }) => {
    await resizeTo(page, { width: 1280, height: 800 });
    await signInWithStorage(page, DEMO.director, { to: "/register" });
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await expect(layout.sidebar).toBeVisible();
    await resizeTo(page, { width: 900, height: 800 });
    await expect(layout.sidebar).toBeHidden();
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "false");
    await resizeTo(page, { width: 1280, height: 800 });
    await expect(layout.sidebar).toBeVisible();
    await expect(layout.toggle).toHaveAttribute("aria-expanded", "true");
  });
});
