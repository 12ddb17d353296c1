import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * /incident-graph (features/incident-graph): the shared filters, the tab "Incidencias en el tiempo" (stacked bars and
 * their table) and the tab "Mapa de coincidencias" (the sigma map, the strongest pairs table, a student's panel).
 */
export class IncidentGraphPage {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  use(lang: Lang) {
    this.lang = lang;
    return this;
  }
  private tx(key: string, params: Record<string, string | number> = {}) {
    return t(this.lang, `incidentGraph:${key}`, params);
  }
  tab(view: "time" | "map"): Locator {
    return this.page.getByRole("tab", { name: this.tx(`tabs.${view}`) });
  }
  get pairsTable(): Locator {
    return this.page.getByTestId("strongest-pairs");
  }
  get map(): Locator {
    return this.page.getByTestId("co-occurrence-map");
  }
  get mapToggle(): Locator {
    return this.page.getByRole("button", { name: this.tx("map.show") });
  }
  get seriesTable(): Locator {
    return this.page
      .getByRole("table")
      .filter({ has: this.page.getByRole("columnheader", { name: this.tx("time.period") }) });
  }
  /** The bars of the stacked chart (recharts draws each segment as a path in a rectangle group). */
  get bars(): Locator {
    return this.page.locator(".recharts-bar-rectangle path");
  }
  studentButton(name: string): Locator {
    return this.pairsTable.getByRole("button", { name: new RegExp(`^${escapeRe(name)}`) }).first();
  }
  get studentPanel(): Locator {
    return this.page.getByRole("dialog");
  }
  get openArchive(): Locator {
    return this.studentPanel.getByRole("link", { name: this.tx("student.openArchive") });
  }

  async expectMapDrawn() {
    await expect(this.map).toBeVisible({ timeout: 20_000 });
    await expect(this.map).toHaveAttribute("aria-label", /.+/);
    // Sigma's WebGL layers and its label canvas.
    await expect(this.map.locator("canvas").first()).toBeAttached({ timeout: 20_000 });
  }
}
