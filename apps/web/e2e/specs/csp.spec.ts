import type { Page } from "@playwright/test";
import { LoginPage } from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { call, rootApi } from "../support/api.ts";
import { DEMO, DEMO_PASSWORD } from "../support/env.ts";
import { acceptPrivacyWhenShown, expect, test } from "../support/fixtures.ts";
import { socketConnected } from "../support/realtime.ts";
import { screenshot } from "../support/screenshot.ts";

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Every Content-Security-Policy violation the page reports, from the first script on. */
async function watchViolations(page: Page) {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations ??= [];
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => [...console, ...(await page.evaluate(() => window.cspViolations ?? []))];
}

test("the built app runs under its Content-Security-Policy: sign-in, socket, help videos, token refresh", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await acceptPrivacyWhenShown(page);

  // The page the server sends: the policy in the header, no inline script in the HTML, the nonce handed over.
  const served = await page.request.get("/");
  const policy = served.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self';");
  const html = await served.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  // The splash's styles are inline (nothing may block the first paint), under this answer's nonce.
  expect(html).toMatch(/<style nonce="[\w-]{22}">/);
  expect(html).not.toMatch(/<style(?![^>]*\bnonce="[\w-]{22}")[^>]*>/);
  expect(html).toMatch(/<meta property="csp-nonce" nonce="[\w-]{22}">/);

  // A YouTube help video on the landing screen, next to the seeded video file.
  const root = await rootApi();
  const { data } = await call<{ data: { helpVideo: { id: number } } }>("/api/admin/help-videos", {
    method: "POST",
    token: root.token,
    body: { title: "Recorrido en YouTube", video_url: "https://youtu.be/dQw4w9WgXcQ", screen_url: "/register" },
  });
  try {
    const connected = socketConnected(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO.director, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/register$/);
    const layout = new AppLayout(page);
    await layout.expectReady(/\/register$/);
    await connected;
    await screenshot(page, "csp-register", false);

    // The help modal (Mantine's <style> tags and react-remove-scroll's, all with the nonce) and both players.
    await layout.header.getByRole("button", { name: "Ayuda de esta pantalla" }).click();
    const help = page.getByRole("dialog", { name: "Videos de ayuda" });
    await help.getByRole("button", { name: "Cómo registrar una incidencia" }).click();
    // No video host is reachable from here: the player falls back to the direct link once the file fails to load
    // (a load the policy allows — media-src names the host; the violation check at the end would say otherwise).
    const direct = page.getByRole("link", { name: "Abrir el video en una pestaña nueva" });
    await expect(direct.or(page.locator("video"))).toBeVisible();
    await screenshot(page, "csp-help-file", false);
    await page.getByRole("button", { name: "Volver a la lista" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Recorrido en YouTube" }).click();
    await expect(page.locator("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    await screenshot(page, "csp-help-youtube", false);
    await page.keyboard.press("Escape");

    // The token refresh the app runs 5 minutes before expiry, brought forward: the HttpOnly cookie does its work.
    const before = await page.evaluate(() => localStorage.getItem("token"));
    await page.evaluate(() => localStorage.setItem("token_expires_at", String(Date.now() + 5 * 60_000 + 1500)));
    await page.reload();
    await layout.expectReady(/\/register$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token")), { timeout: 10_000 }).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem("refresh_token"))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain("convive_refresh");
    const refreshCookie = (await page.context().cookies()).find((c) => c.name === "convive_refresh");
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth/refresh" });
    // Still signed in with the new token: the next screen loads.
    await layout.menuItem("menu.notifications").click();
    await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
    await screenshot(page, "csp-after-refresh", false);
  } finally {
    await call(`/api/admin/help-videos/${data.helpVideo.id}`, { method: "DELETE", token: root.token });
  }
  expect(await violations()).toEqual([]);
});
