import type { Locator, Page } from "@playwright/test";

/** A toast (Mantine notification, role alert) with this text; `position` is its container (spec §9, §8). */
export function toast(page: Page, text: string | RegExp, position?: string): Locator {
  const scope = position ? page.locator(`[data-position="${position}"]`) : page;
  return scope.locator(".mantine-Notification-root").filter({ hasText: text });
}
