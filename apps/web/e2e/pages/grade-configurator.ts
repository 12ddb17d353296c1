import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";
import { MasterConfigurationPage } from "./master-configuration.ts";

/** master-configuration/grade-configurator (features/master-configuration/grade-configurator). */
export class GradeConfiguratorPage extends MasterConfigurationPage {
  constructor(page: Page, lang: Lang = "es") {
    super(page, lang);
  }

  text(key: string, params: Record<string, string | number> = {}) {
    return t(this.lang, `gradeConfig:${key}`, params);
  }

  /** A card of the screen by its title (a section named by its h2). */
  card(titleKey: string): Locator {
    return this.main.getByRole("region", { name: this.text(titleKey), exact: true });
  }
  get scales(): Locator {
    return this.card("scales.title");
  }
  get measures(): Locator {
    return this.card("measures.title");
  }
  get habits(): Locator {
    return this.measures.getByRole("list", { name: this.text("measures.habits") });
  }
  get settings(): Locator {
    return this.card("settings.title");
  }
  get alerts(): Locator {
    return this.card("alerts.title");
  }
  /** The open form (Mantine modal) with this title. */
  dialog(title: string): Locator {
    return this.page.getByRole("dialog", { name: title, exact: true });
  }

  async goto() {
    await this.page.goto("/master-configuration/grade-configurator");
    await expect(this.title).toHaveText(t(this.lang, "nav.grade-configurator"));
    await expect(this.main.locator(".mantine-Loader-root, .mantine-Skeleton-root")).toHaveCount(0, {
      timeout: 15_000,
    });
  }

  /** Saves a form and waits for it to close. */
  async save(dialog: Locator) {
    await dialog.getByRole("button", { name: t(this.lang, "actions.save"), exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
  }

  /** Fills a scale's names. */
  async names(dialog: Locator, es: string, en: string) {
    await dialog
      .getByRole("textbox", { name: this.text("scales.nameEs"), exact: true })
      .first()
      .fill(es);
    await dialog
      .getByRole("textbox", { name: this.text("scales.nameEn"), exact: true })
      .first()
      .fill(en);
  }

  /** One level's row of the levels editor (1-based). */
  level(dialog: Locator, n: number): Locator {
    return dialog.getByRole("group", { name: this.text("scales.level", { n }), exact: true });
  }
}
