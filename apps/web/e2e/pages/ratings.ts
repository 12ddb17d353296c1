import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/** /ratings (features/ratings): the grid, the phone's one-student view, the director's tabs and the family's cards. */
export class RatingsPage {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  get grid(): Locator {
    return this.page.getByRole("grid");
  }
  /** Rows of students (the header row left out). */
  get rows(): Locator {
    return this.grid.locator("tbody tr");
  }
  /** The value cells of the row (the comment cell left out). */
  cellsOf(row: number): Locator {
    return this.rows.nth(row).locator("td[data-cell]");
  }
  cell(row: number, col: number): Locator {
    return this.grid.locator(`td[data-cell="${row}:${col}"]`);
  }
  columnHeader(name: string): Locator {
    return this.grid.getByRole("columnheader", { name });
  }
  tab(key: "grid" | "points" | "completion"): Locator {
    return this.page.getByRole("tab", { name: t(this.lang, `ratings:tabs.${key}`) });
  }
  get pending(): Locator {
    return this.page.getByTestId("pending");
  }
  button(key: string, params: Record<string, string | number> = {}): Locator {
    return this.page.getByRole("button", { name: t(this.lang, `ratings:${key}`, params), exact: true });
  }

  /** Every value cell's shown text, row by row (a level's code, a mark). */
  async values(): Promise<string[][]> {
    return this.grid.evaluate((table) =>
      [...table.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td[data-cell]")].map((td) => (td.textContent ?? "").trim()),
      ),
    );
  }

  /** Waits until no cell is waiting or failed. */
  async expectAllSaved(timeout = 30_000) {
    await expect(this.pending).toHaveCount(0, { timeout });
    await expect(this.grid.locator('td[data-status="failed"]')).toHaveCount(0);
    await expect(this.grid.locator('td[data-status="saving"]')).toHaveCount(0, { timeout });
  }
}
