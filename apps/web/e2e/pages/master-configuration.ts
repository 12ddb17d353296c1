import type { Locator, Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/** The master-configuration children with a screen of their own, in the sub-navigation's setup order. */
export const MC_SCREENS = [
  { child: "general-information", titleKey: "nav.generalInformation" },
  { child: "scholar-cicle", titleKey: "nav.scholarCicle" },
  { child: "level-grade-group", titleKey: "nav.levelGradeGroup" },
  { child: "subject", titleKey: "nav.subject" },
  { child: "school-users", titleKey: "nav.schoolUsers" },
  { child: "students-profile", titleKey: "nav.studentsProfile" },
  { child: "user-profile", titleKey: "nav.userProfile" },
  { child: "cycle-details", titleKey: "nav.cycleDetails" },
] as const;

export type McChild = (typeof MC_SCREENS)[number]["child"];

export const mcPath = (child: string) => `/master-configuration/${child}`;

/** The frame of every master-configuration child (shared/MasterConfigurationPage.tsx). */
export class MasterConfigurationPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "es",
  ) {}

  /** The layout's h1 (the screen's title). */
  get title(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }
  get main(): Locator {
    return this.page.getByRole("main");
  }
  /** The desktop tabs (hidden below the sm breakpoint, and absent with fewer than two children). */
  get subNav(): Locator {
    return this.page.getByRole("navigation", { name: t(this.lang, "masterConfiguration:nav.label") });
  }
  subNavLink(titleKey: string): Locator {
    return this.subNav.getByRole("link", { name: t(this.lang, titleKey), exact: true });
  }
  async open(child: string) {
    await this.page.goto(mcPath(child));
  }
}
