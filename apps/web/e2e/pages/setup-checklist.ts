import type { Locator, Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/** The seven setup stages in the checklist's order (spec §3 setup-completion report). */
export const SETUP_STAGES = ["schoolYear", "periods", "grades", "groups", "subjects", "students", "users"] as const;
export type SetupStage = (typeof SETUP_STAGES)[number];

/**
 * The setup checklist on master configuration's entry screen (shared/SetupChecklist.tsx) and the next-step line on
 * the other master-configuration screens (shared/SetupNextStep.tsx), issue 12 §2.
 */
export class SetupChecklistPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "es",
  ) {}

  private text(key: string, params: Record<string, string | number> = {}) {
    return t(this.lang, `masterConfiguration:setup.${key}`, params);
  }

  /** The checklist card, named by its progress: "Configuración de la escuela: 3 de 7". */
  card(done: number): Locator {
    return this.page.getByRole("region", { name: `${this.text("title")}: ${this.text("ring", { done, total: 7 })}` });
  }
  /** One stage of the list, found by its name. */
  stage(card: Locator, stage: SetupStage): Locator {
    return card
      .getByRole("listitem")
      .filter({ has: this.page.getByText(this.text(`stages.${stage}`), { exact: true }) });
  }
  stageName(stage: SetupStage) {
    return this.text(`stages.${stage}`);
  }
  unlocks(stage: SetupStage) {
    return this.text(`unlocks.${stage}`);
  }
  /** The link that completes the stage (the action's wording while it is pending). */
  fixLink(scope: Locator, stage: SetupStage): Locator {
    return scope.getByRole("link", { name: this.text(`fix.${stage}`), exact: true });
  }
  /** The button to the next pending stage's screen. */
  nextButton(scope: Locator, stage: SetupStage): Locator {
    return scope.getByRole("link", { name: this.text("next", { step: this.text(`fix.${stage}`) }) });
  }
  get pending() {
    return this.text("status.pending");
  }
  get done() {
    return this.text("status.done");
  }
  get complete() {
    return this.text("complete");
  }

  /** The next-step line on the other master-configuration screens. */
  get strip(): Locator {
    return this.page.getByRole("region", { name: this.text("strip.label") });
  }
  stripProgress(done: number) {
    return this.text("strip.progress", { count: this.text("ring", { done, total: 7 }) });
  }
  /** On the screen that completes the next stage, the line says so instead of offering a button. */
  stripHere(stage: SetupStage) {
    return this.text("strip.here", { step: this.text(`fix.${stage}`) });
  }
  stripButton(stage: SetupStage): Locator {
    return this.strip.getByRole("link", { name: this.text(`fix.${stage}`), exact: true });
  }
  get stripList(): Locator {
    return this.strip.getByRole("link", { name: this.text("strip.list") });
  }
}
