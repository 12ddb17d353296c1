import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/** The language dropdown of every screen (components/LanguageMenu.tsx: a native select, ES/EN). */
export const languageSelect = (page: Page): Locator => page.getByRole("combobox", { name: /^(Idioma|Language)$/ });

export async function chooseLanguage(page: Page, language: Lang) {
  await languageSelect(page).selectOption(language);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** The screens outside the layout share AuthCard: a title (h1) and the language dropdown. */
abstract class AuthScreen {
  constructor(
    readonly page: Page,
    protected lang: Lang = "es",
  ) {}
  use(lang: Lang) {
    this.lang = lang;
    return this;
  }
  heading(text: string): Locator {
    return this.page.getByRole("heading", { level: 1, name: text });
  }
}

/** "/" (spec §2, §4 login flow). */
export class LoginPage extends AuthScreen {
  get title() {
    return this.heading(t(this.lang, "auth:login.title"));
  }
  get email() {
    return this.page.getByRole("textbox", { name: t(this.lang, "auth:login.email"), exact: true });
  }
  get password() {
    return this.page.getByRole("textbox", { name: t(this.lang, "auth:login.password"), exact: true });
  }
  get submit() {
    return this.page.getByRole("button", { name: t(this.lang, "auth:login.submit") });
  }
  get forgot() {
    return this.page.getByRole("link", { name: t(this.lang, "auth:login.forgot") });
  }
  async goto() {
    await this.page.goto("/");
    await expect(this.title).toBeVisible();
  }
  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
  /** Back on the login screen, signed out. */
  async expectShown() {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.title).toBeVisible();
  }
}

/** /Schoolselection. */
export class SchoolSelectionPage extends AuthScreen {
  get title() {
    return this.heading(t(this.lang, "auth:schoolSelection.title"));
  }
  school(name: string) {
    return this.page.getByRole("button", { name: new RegExp(name) });
  }
  get schools() {
    return this.page.getByRole("main").getByRole("listitem");
  }
  async choose(name: string) {
    await this.school(name).click();
  }
}

/** /Changepassword. */
export class ChangePasswordPage extends AuthScreen {
  get title() {
    return this.heading(t(this.lang, "auth:changePassword.title"));
  }
  get current() {
    return this.page.getByRole("textbox", { name: t(this.lang, "auth:changePassword.current"), exact: true });
  }
  get newPassword() {
    return this.page.getByRole("textbox", { name: t(this.lang, "auth:changePassword.new"), exact: true });
  }
  get confirm() {
    return this.page.getByRole("textbox", { name: t(this.lang, "auth:changePassword.confirm"), exact: true });
  }
  get submit() {
    return this.page.getByRole("button", { name: t(this.lang, "auth:changePassword.submit") });
  }
  async change(current: string, next: string, confirmation = next) {
    await this.current.fill(current);
    await this.newPassword.fill(next);
    await this.confirm.fill(confirmation);
    await this.submit.click();
  }
}

/** /RecoverPassword. */
export class RecoverPasswordPage extends AuthScreen {
  get title() {
    return this.heading(t(this.lang, "auth:recover.title"));
  }
  get email() {
    return this.page.getByRole("textbox", { name: t(this.lang, "auth:recover.email"), exact: true });
  }
  get submit() {
    return this.page.getByRole("button", { name: t(this.lang, "auth:recover.submit") });
  }
  get sent() {
    return this.page.getByRole("status").filter({ hasText: t(this.lang, "auth:recover.sent") });
  }
}

/** /page-not-found. */
export class NotFoundPage extends AuthScreen {
  get title() {
    return this.heading(t(this.lang, "auth:notFound.title"));
  }
  async expectShown() {
    await expect(this.page).toHaveURL(/\/page-not-found$/);
    await expect(this.title).toBeVisible();
  }
}
