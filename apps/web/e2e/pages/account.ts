import type { Locator, Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/** /account (features/account): profile, language, password and signed-in devices. */
export class AccountPage {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  private field(key: string): Locator {
    return this.page.getByRole("main").getByRole("textbox", { name: t(this.lang, key), exact: true });
  }
  get firstName() {
    return this.field("account:profile.firstName");
  }
  get paternalSurname() {
    return this.field("account:profile.paternalSurname");
  }
  get email() {
    return this.field("account:profile.email");
  }
  get saveProfile() {
    return this.page.getByRole("main").getByRole("button", { name: t(this.lang, "actions.save"), exact: true });
  }
  get currentPassword() {
    return this.field("account:password.current");
  }
  get newPassword() {
    return this.field("account:password.new");
  }
  get confirmPassword() {
    return this.field("account:password.confirm");
  }
  get changePassword() {
    return this.page.getByRole("main").getByRole("button", { name: t(this.lang, "account:password.submit") });
  }
  /** The language choice of the account (a segmented control: its radios are hidden behind their labels). */
  languageOption(lang: Lang): Locator {
    const label = t(this.lang, lang === "es" ? "language.esLong" : "language.enLong");
    return this.page.getByRole("main").getByText(label, { exact: true });
  }
  get sessionsSection(): Locator {
    return this.page
      .getByRole("main")
      .getByRole("list")
      .filter({ has: this.page.getByText(t(this.lang, "account:sessions.thisDevice")) });
  }
  get sessions(): Locator {
    return this.sessionsSection.getByRole("listitem");
  }
  /** The buttons that end another device's session. */
  get endButtons(): Locator {
    return this.sessionsSection.getByRole("button", { name: t(this.lang, "account:sessions.end"), exact: false });
  }
}
