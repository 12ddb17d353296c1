import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/**
 * The school block of the header (app/layout/SchoolSwitcher.tsx, issue 12 §3): the school's logo and name; for a
 * member of several schools, the menu that switches between them without signing out.
 */
export class SchoolSwitcher {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "es",
  ) {}

  /** The header's button for a member of several schools, named by the school they are in. */
  button(school: string): Locator {
    return this.page
      .getByRole("banner")
      .getByRole("button", { name: t(this.lang, "layout:school.switchLabel", { name: school }), exact: true });
  }
  get menu(): Locator {
    return this.page.getByRole("menu");
  }
  option(school: string): Locator {
    return this.menu.getByRole("menuitem", { name: new RegExp(`^${school}`) });
  }

  /** Opens the menu from the header and chooses `to`; resolves when the header names it. */
  async switchTo(from: string, to: string) {
    await this.button(from).click();
    await expect(this.menu).toBeVisible();
    await this.option(to).click();
    await expect(this.button(to)).toBeVisible({ timeout: 15_000 });
  }
}
