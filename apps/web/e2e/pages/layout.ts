import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";
import { chooseLanguage, languageSelect } from "./auth.ts";

/** The layout (app/layout): header, sidebar or drawer, the screen's title and content. */
export class AppLayout {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  use(lang: Lang) {
    this.lang = lang;
    return this;
  }

  get header(): Locator {
    return this.page.getByRole("banner");
  }
  /** The screen's one h1: in the header on desktop, above the content on narrow windows. */
  get title(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }
  get main(): Locator {
    return this.page.getByRole("main");
  }
  get language(): Locator {
    return languageSelect(this.page);
  }
  async chooseLanguage(language: Lang) {
    await chooseLanguage(this.page, language);
    this.lang = language;
  }

  /** The sidebar column (desktop) — the drawer's copy is inside a dialog. */
  get sidebar(): Locator {
    return this.page.getByRole("navigation", { name: t(this.lang, "layout:sidebar.label") });
  }
  get drawer(): Locator {
    return this.page.getByRole("dialog", { name: t(this.lang, "layout:sidebar.label") });
  }
  menuItem(labelKey: string, scope: Locator = this.sidebar): Locator {
    return scope.getByRole("link", { name: t(this.lang, labelKey), exact: true });
  }
  get logoutItem(): Locator {
    return this.sidebar.getByRole("button", { name: t(this.lang, "menu.logout") });
  }
  /** The collapse/expand button (desktop) or the burger (narrow windows). */
  get toggle(): Locator {
    return this.header.getByRole("button", {
      name: new RegExp(`^(${t(this.lang, "layout:header.collapse")}|${t(this.lang, "layout:header.expand")})$`),
    });
  }

  /** The header bell; its accessible name carries the count. */
  bell(count = 0): Locator {
    const name =
      count > 0 ? t(this.lang, "notifications:bell.labelCount", { count }) : t(this.lang, "notifications:bell.label");
    return this.header.getByRole("button", { name, exact: true });
  }
  /** The red badge on the bell (Mantine Indicator), shown only with unviewed notifications. */
  get bellBadge(): Locator {
    return this.header.locator(".mantine-Indicator-indicator");
  }
  /** The user block: opens /account. */
  get userBlock(): Locator {
    return this.header.getByRole("link", {
      name: new RegExp(`^${t(this.lang, "layout:header.account", { name: "", role: "" }).split(":")[0]}`),
    });
  }

  /** The placeholder of a module whose screen has not landed yet. */
  get placeholder(): Locator {
    return this.main.getByText(t(this.lang, "layout:placeholder.title"));
  }

  /**
   * Signed in, content rendered, no dialog in the way. A page's first load (the signed-in bundle, the user, the
   * screen's chunk) can take longer than one assertion's time on two busy cores: such callers pass their own bound.
   */
  async expectReady(path?: RegExp, options: { timeout?: number } = {}) {
    if (path) await expect(this.page).toHaveURL(path, options);
    await expect(this.title).toBeVisible(options);
  }
}
