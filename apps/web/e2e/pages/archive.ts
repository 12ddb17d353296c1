import { type Download, expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The id filters, named by their URL parameter (archive:filters.<key>). */
export type ArchiveFilterKey =
  | "status"
  | "classification"
  | "category_id"
  | "type_id"
  | "section_id"
  | "grade_id"
  | "group_id"
  | "subject_id"
  | "recorded_by";

/**
 * /archive and /incident-details (features/incidents/IncidentsPage.tsx): search, filters (all in a drawer behind
 * "Filtros"; from 1100 px the most used ones also in a panel), the results (a table from 992 px with the columns the
 * reader chooses, cards below), the pager, the XLSX export and the formative actions tab.
 */
export class ArchivePage {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  use(lang: Lang) {
    this.lang = lang;
    return this;
  }
  private tx(key: string, params: Record<string, string | number> = {}) {
    return t(this.lang, key, params);
  }
  get main(): Locator {
    return this.page.getByRole("main");
  }

  async goto(query = "") {
    await this.page.goto(`/archive${query ? `?${query.replace(/^\?/, "")}` : ""}`);
    await expect(this.search).toBeVisible();
  }

  // ───────────── search and filters ─────────────

  get search(): Locator {
    return this.main.getByRole("searchbox", { name: this.tx("archive:search.label"), exact: true });
  }
  /** Types into the search box and waits for the URL to carry it (Enter skips the debounce). */
  async searchFor(text: string) {
    await this.search.fill(text);
    await this.search.press("Enter");
    await expect(this.page).toHaveURL(text ? /[?&]q=/ : /^(?!.*[?&]q=)/);
  }

  /** The "Filtros" button that opens every filter in a drawer (its name carries the number of active ones). */
  get filtersButton(): Locator {
    return this.main.getByRole("button", { name: new RegExp(`^${escapeRe(this.tx("archive:filters.open"))}`) });
  }
  get filtersDrawer(): Locator {
    return this.page.getByRole("dialog", { name: this.tx("archive:filters.title") });
  }
  /** From 1100 px: the panel above the table with the most used filters. */
  get filtersPanel(): Locator {
    return this.main.getByRole("region", { name: this.tx("archive:filters.title") });
  }
  /** Where every filter is: the drawer (opened if needed). */
  async filters(): Promise<Locator> {
    if (!(await this.filtersDrawer.isVisible())) await this.filtersButton.click();
    await expect(this.filtersDrawer).toBeVisible();
    return this.filtersDrawer;
  }
  /** Closes the drawer ("Ver N resultados"); nothing to do when it is closed. */
  async closeFilters() {
    if (await this.filtersDrawer.isVisible()) {
      await this.filtersDrawer
        .getByRole("button", {
          name: new RegExp(
            `^(${escapeRe(this.tx("archive:filters.done"))}|${escapeRe(this.tx("archive:filters.showResultsCounting"))}|\\D*\\d)`,
          ),
        })
        .last()
        .click();
      await expect(this.filtersDrawer).toBeHidden();
    }
  }
  private field(scope: Locator, name: string): Locator {
    return scope.getByRole("combobox", { name, exact: true }).or(scope.getByRole("textbox", { name, exact: true }));
  }
  /** Picks an option of a filter (e.g. "status", t("incidents:status.open")) and waits for the URL to follow. */
  async choose(key: ArchiveFilterKey, option: string) {
    const scope = await this.filters();
    await this.field(scope, this.tx(`archive:filters.${key}`)).click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]${key}=`));
  }
  /** The student filter: types part of a name, picks the student whose option starts with `name`. */
  async chooseStudent(name: string) {
    const scope = await this.filters();
    const input = this.field(scope, this.tx("archive:filters.student"));
    await input.click();
    await input.fill(name.slice(0, Math.min(name.length, 12)));
    await this.page
      .getByRole("option", { name: new RegExp(`^${escapeRe(name)}`) })
      .first()
      .click();
    await expect(this.page).toHaveURL(/[?&]student_id=/);
  }
  /** The date range: opens the calendar and picks one of its quick ranges (wide screens only). */
  async chooseDatePreset(preset: "today" | "week" | "month" | "thisMonth") {
    const scope = await this.filters();
    await scope.getByRole("button", { name: this.tx("archive:filters.dates") }).click();
    await this.page.getByRole("button", { name: this.tx(`archive:filters.presets.${preset}`), exact: true }).click();
    await expect(this.page).toHaveURL(/[?&]from=/);
  }
  get clearFilters(): Locator {
    return this.page.getByRole("button", { name: this.tx("archive:filters.clearAll"), exact: true }).first();
  }

  // ───────────── results ─────────────

  /** The results: a table on a wide screen, a list of cards on a phone. */
  get results(): Locator {
    const name = this.tx("archive:results.label");
    return this.main.getByRole("table", { name, exact: true }).or(this.main.getByRole("list", { name, exact: true }));
  }
  /** "1–25 de 1,234 incidencias". */
  get summary(): Locator {
    return this.main.getByText(
      new RegExp(`^\\d[\\d,.\\s]*–[\\d,.\\s]+ ${escapeRe(this.lang === "es" ? "de" : "of")} `),
    );
  }
  /** The link that opens the incident with this folio (the folio cell in the table, the whole card on a phone). */
  incidentLink(folio: number): Locator {
    return this.linkIn(this.results, folio);
  }
  private linkIn(scope: Locator | Page, folio: number): Locator {
    const table = new RegExp(`^${escapeRe(this.tx("archive:results.open", { folio, type: "" }))}`);
    const card = new RegExp(`^${escapeRe(this.tx("incidents:folio", { folio }))}(\\s|$)`);
    return scope.getByRole("link", { name: table }).or(scope.getByRole("link", { name: card }));
  }
  /** The row (table) or card (phone) of an incident, to read its students, badges, group… */
  incident(folio: number): Locator {
    const link = this.linkIn(this.page, folio);
    return this.results
      .getByRole("row")
      .filter({ has: link })
      .or(this.results.getByRole("listitem").filter({ has: link }));
  }
  /** Opens an incident's details and waits for /incident-details?id=N. */
  async open(folio: number) {
    await this.incidentLink(folio).click();
    await expect(this.page).toHaveURL(/\/incident-details\?id=\d+/);
  }
  get emptyNoMatches(): Locator {
    return this.main.getByRole("heading", { name: this.tx("archive:results.noMatches") });
  }
  get emptyArchive(): Locator {
    return this.main.getByRole("heading", { name: this.tx("archive:results.empty") });
  }
  /** How families see other children. */
  get otherStudent(): Locator {
    return this.results.getByText(this.tx("incidents:otherStudent"));
  }

  /** A column's header in the table ("Estatus", "Grupo", …: archive:results.<key>). */
  columnHeader(key: string): Locator {
    return this.results.getByRole("columnheader", {
      name: new RegExp(`^${escapeRe(this.tx(`archive:results.${key}`))}`),
    });
  }
  get columnsButton(): Locator {
    return this.main.getByRole("button", { name: this.tx("archive:columns.button"), exact: true });
  }
  /** Opens "Columnas" and returns its list of checkboxes (one per column that may be hidden). */
  async columnsChooser(): Promise<Locator> {
    const group = this.page.getByRole("group", { name: this.tx("archive:columns.label") });
    if (!(await group.isVisible())) await this.columnsButton.click();
    await expect(group).toBeVisible();
    return group;
  }
  /** The table's rows (not its header). */
  get rows(): Locator {
    return this.results.locator("tbody tr");
  }

  // ───────────── pager ─────────────

  get pager(): Locator {
    return this.main.getByRole("navigation", { name: this.tx("archive:pager.label") });
  }
  async goToPage(page: number) {
    await this.pager.getByRole("button", { name: this.tx("archive:pager.page", { page }), exact: true }).click();
    await expect(this.page).toHaveURL(page > 1 ? new RegExp(`[?&]page=${page}`) : /^(?!.*[?&]page=)/);
  }
  get nextPage(): Locator {
    return this.pager.getByRole("button", { name: this.tx("archive:pager.next"), exact: true });
  }

  // ───────────── export ─────────────

  get exportButton(): Locator {
    return this.main.getByRole("button", { name: this.tx("archive:export.button") });
  }
  /** Clicks "Exportar a Excel" and returns the downloaded XLSX. */
  async exportXlsx(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.exportButton.click()]);
    return download;
  }

  // ───────────── formative actions tab ─────────────

  get incidentsTab(): Locator {
    return this.main.getByRole("tab", { name: new RegExp(`^${escapeRe(this.tx("archive:tabs.incidents"))}`) });
  }
  /** The tab (staff holding formative-actions.read only; its name may end with the count of overdue ones). */
  get actionsTab(): Locator {
    return this.main.getByRole("tab", { name: new RegExp(`^${escapeRe(this.tx("archive:tabs.actions"))}`) });
  }
  get actionsList(): Locator {
    const name = this.tx("archive:actions.label");
    return this.main.getByRole("table", { name, exact: true }).or(this.main.getByRole("list", { name, exact: true }));
  }
  /** The row or card of a formative action, found by its guideline text. */
  action(guideline: string | RegExp): Locator {
    return this.actionsList
      .getByRole("row")
      .filter({ hasText: guideline })
      .or(this.actionsList.getByRole("listitem").filter({ hasText: guideline }));
  }
  /** The actions' state filter ("Por atender", "Vencidas", …). */
  async chooseActionState(filter: "open" | "pending" | "overdue" | "completed" | "waived" | "all") {
    await this.field(this.main, this.tx("archive:actions.state")).click();
    await this.page.getByRole("option", { name: this.tx(`archive:actions.filter.${filter}`), exact: true }).click();
  }
  /** Mine or all (holders of incidents.update only). */
  async chooseActionScope(scope: "mine" | "all") {
    await this.main
      .getByText(this.tx(scope === "mine" ? "archive:actions.scopeMine" : "archive:actions.scopeAll"), { exact: true })
      .click();
  }
}
