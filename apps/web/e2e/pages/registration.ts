import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const startsWith = (text: string) => new RegExp(`^${escapeRe(text)}`);

export type StudentRole = "involved" | "affected" | "witness";

export interface StudentPick {
  /** The student's full name as listed ("Andrea Alvarado Jiménez"); the start of it is enough. */
  name: string;
  role?: StudentRole;
  /** Find by typing (name or enrollment) instead of ticking from the group list. */
  search?: string;
  /** The group to list (its label, e.g. "Primaria 3° A"); default: the one already shown. */
  group?: string;
}

export interface IncidentInput {
  students: StudentPick[];
  /** Category name; left out when the school has one category (then it is chosen by itself). */
  category?: string;
  /** The type's name (the card's text starts with it). */
  type: string;
  detail: string;
  /** A quick-pick chip with exactly this text when there is one, typed otherwise. */
  place?: string;
  /** YYYY-MM-DDTHH:mm on the school's clock; default: now (prefilled). */
  occurredAt?: string;
  /** Group and subject labels; default: prefilled from the teacher's assignments. */
  group?: string;
  subject?: string;
  visibleToFamily?: boolean;
  /** Guidelines to tick (each becomes one action per involved student), with the defaults of the form. */
  guidelines?: string[];
  /** Files to attach as evidence (paths). */
  files?: string[];
}

export interface ObservationInput {
  student: StudentPick;
  type: string;
  text: string;
  /** YYYY-MM-DD; default today. */
  observedOn?: string;
  points?: number;
  visibleToFamily?: boolean;
}

/**
 * /register and /incident-registration (features/incident-registration): the incident form (students by group or
 * search with a role each, category → type, detail, when and where, evidence, formative actions) and the
 * accompaniment-observation form, a sticky submit bar, and the confirmation with the folio.
 */
export class RegistrationPage {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  use(lang: Lang) {
    this.lang = lang;
    return this;
  }
  private tx(key: string, params: Record<string, string | number> = {}) {
    return t(this.lang, `registration:${key}`, params);
  }
  get main(): Locator {
    return this.page.getByRole("main");
  }

  /** Opens the screen (either path) and waits for one of its forms, or an empty state, to show. */
  async goto(path: "/register" | "/incident-registration" = "/register", form?: "observation") {
    await this.page.goto(form ? `${path}?form=${form}` : path);
    await expect(
      this.incidentForm.or(this.observationForm).or(this.emptyIncidentTypes).or(this.emptyObservationTypes).first(),
    ).toBeVisible();
  }

  // ───────────── which form ─────────────

  /** "Incidencia | Observación de acompañamiento" (only for users who may register both). */
  get modeSwitch(): Locator {
    return this.main.getByRole("radiogroup", { name: this.tx("mode.label"), exact: true });
  }
  async showIncidentForm() {
    await this.modeSwitch.getByText(this.tx("mode.incident"), { exact: true }).click();
    await expect(this.incidentForm).toBeVisible();
  }
  async showObservationForm() {
    await this.modeSwitch.getByText(this.tx("mode.observation"), { exact: true }).click();
    await expect(this.observationForm).toBeVisible();
  }
  get incidentForm(): Locator {
    return this.main.getByRole("form", { name: this.tx("incidentForm"), exact: true });
  }
  get observationForm(): Locator {
    return this.main.getByRole("form", { name: this.tx("observationForm"), exact: true });
  }
  get emptyIncidentTypes(): Locator {
    return this.main.getByRole("heading", { name: this.tx("empty.incidentTitle") });
  }
  get emptyObservationTypes(): Locator {
    return this.main.getByRole("heading", { name: this.tx("empty.observationTitle") });
  }
  /** The empty state's link to master-configuration/incidents-configurator (for those who may configure). */
  get configureIncidentTypes(): Locator {
    return this.main.getByRole("link", { name: this.tx("empty.incidentAction") });
  }

  // ───────────── students (in either form) ─────────────

  private picker(form: Locator) {
    return {
      byGroup: form
        .getByRole("radiogroup", { name: this.tx("students.howToFind") })
        .getByText(this.tx("students.byGroup"), { exact: true }),
      bySearch: form
        .getByRole("radiogroup", { name: this.tx("students.howToFind") })
        .getByText(this.tx("students.bySearch"), { exact: true }),
      group: form.getByRole("combobox", { name: this.tx("students.group"), exact: true }),
      search: form.getByRole("searchbox", { name: this.tx("students.search"), exact: true }),
      results: form.getByRole("list", { name: this.tx("students.results"), exact: true }),
    };
  }
  /** A student of the listed results (a tappable row with a checkbox role). */
  studentOption(name: string, form: Locator = this.incidentForm): Locator {
    return this.picker(form).results.getByRole("checkbox", { name: startsWith(name) });
  }
  /** Ticks one student: from a group's list (the default for teachers), or by typing in the search box. */
  async pickStudent(pick: StudentPick, form: Locator = this.incidentForm) {
    const picker = this.picker(form);
    if (pick.search !== undefined) {
      if (!(await picker.search.isVisible())) await picker.bySearch.click();
      await picker.search.fill(pick.search);
    } else {
      if (!(await picker.group.isVisible())) await picker.byGroup.click();
      if (pick.group) {
        await picker.group.click();
        await this.page.getByRole("option", { name: pick.group, exact: true }).click();
      }
    }
    const option = this.studentOption(pick.name, form);
    await option.click();
    await expect(option).toBeChecked();
  }
  /** The chosen students (incident form), each with a role switch and a remove button. */
  get selectedStudents(): Locator {
    return this.incidentForm.getByRole("list", { name: /^\d+ / }).getByRole("listitem");
  }
  selectedStudent(name: string): Locator {
    return this.selectedStudents.filter({ hasText: name });
  }
  async setRole(name: string, role: StudentRole) {
    const group = this.selectedStudent(name).getByRole("radiogroup", { name: this.tx("students.roleOf", { name }) });
    await group.getByText(t(this.lang, `incidents:role.${role}`), { exact: true }).click();
    await expect(group.getByRole("radio", { name: t(this.lang, `incidents:role.${role}`), exact: true })).toBeChecked();
  }
  async removeStudent(name: string) {
    await this.incidentForm.getByRole("button", { name: this.tx("students.remove", { name }) }).click();
  }

  // ───────────── what happened ─────────────

  get categories(): Locator {
    return this.incidentForm.getByRole("radiogroup", { name: this.tx("type.category"), exact: true });
  }
  async chooseCategory(name: string) {
    await this.categories.getByText(name, { exact: true }).click();
  }
  /** The type cards of the chosen category (radio role; the name starts with the type's name, then its badges). */
  typeOption(name: string): Locator {
    return this.incidentForm.getByRole("radio", { name: startsWith(name) });
  }
  async chooseType(name: string) {
    await this.typeOption(name).click();
    await expect(this.typeOption(name)).toBeChecked();
  }
  get detail(): Locator {
    return this.incidentForm.getByRole("textbox", { name: this.tx("detail.label") });
  }

  // ───────────── when and where ─────────────

  get occurredAt(): Locator {
    return this.incidentForm.getByLabel(this.tx("when.occurredAt"));
  }
  get place(): Locator {
    return this.incidentForm.getByRole("textbox", { name: this.tx("place.label"), exact: true });
  }
  placeChip(name: string): Locator {
    return this.incidentForm
      .getByRole("group", { name: this.tx("place.quick") })
      .getByRole("button", { name, exact: true });
  }
  async setPlace(name: string) {
    if (await this.placeChip(name).isVisible()) await this.placeChip(name).click();
    else await this.place.fill(name);
    await expect(this.place).toHaveValue(name);
  }
  get group(): Locator {
    return this.incidentForm.getByRole("combobox", { name: this.tx("when.group"), exact: true });
  }
  get subject(): Locator {
    return this.incidentForm.getByRole("combobox", { name: this.tx("when.subject"), exact: true });
  }
  private async choose(field: Locator, option: string) {
    await field.click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
    await expect(field).toHaveValue(option);
  }
  get visibleToFamily(): Locator {
    return this.incidentForm.getByRole("switch", { name: this.tx("when.visibleToFamily") });
  }

  // ───────────── evidence and formative actions ─────────────

  async attach(files: string[], form: Locator = this.incidentForm) {
    await form.locator('input[type="file"]').setInputFiles(files);
  }
  get chosenFiles(): Locator {
    return this.incidentForm.getByRole("list", { name: this.tx("evidence.chosen") }).getByRole("listitem");
  }
  guideline(text: string): Locator {
    return this.incidentForm.getByRole("checkbox", { name: text, exact: true });
  }
  /** The responsible, date, repeat and end fields of a ticked guideline (its card is a group named by it). */
  actionFields(text: string) {
    const card = this.incidentForm.getByRole("group", { name: text, exact: true });
    return {
      responsible: card.getByRole("combobox", { name: this.tx("actions.responsible") }),
      startsOn: card.getByLabel(this.tx("actions.startsOn")),
      repeat: card.getByRole("combobox", { name: this.tx("actions.repeat") }),
      endsOn: card.getByLabel(this.tx("actions.endsOn")),
    };
  }

  // ───────────── the warning that a text families read names other students (issue 9) ─────────────

  /** The warning under the detail ("detail") or the place ("place"), shown once typing pauses. */
  familyTextWarning(field: "detail" | "place"): Locator {
    const section = this.tx(field === "detail" ? "type.title" : "when.title");
    return this.incidentForm.getByRole("region", { name: section, exact: true }).getByTestId("family-text-warning");
  }
  /** A name the warning lists: pressing it selects the name in the field, to type over it. */
  familyTextName(field: "detail" | "place", name: string): Locator {
    return this.familyTextWarning(field).getByRole("button", { name: t(this.lang, "familyText:pick", { name }) });
  }

  // ───────────── saving ─────────────

  get submitIncident(): Locator {
    return this.incidentForm.getByRole("button", { name: this.tx("submit.incident"), exact: true });
  }
  get submitObservation(): Locator {
    return this.observationForm.getByRole("button", { name: this.tx("submit.observation"), exact: true });
  }
  /** The confirmation after an incident is saved. */
  get savedHeading(): Locator {
    return this.main.getByRole("heading", { name: this.tx("saved.incidentTitle") });
  }
  get savedFolio(): Locator {
    return this.main.getByTestId("registration-folio");
  }
  get openIncident(): Locator {
    return this.main.getByRole("link", { name: this.tx("saved.open") });
  }
  get registerAnother(): Locator {
    return this.main.getByRole("button", { name: this.tx("saved.another"), exact: true });
  }
  /** "Evidencia: 2 de 2 archivos subidos" once every file is up. */
  evidenceUploaded(count: number): Locator {
    return this.main.getByText(this.tx("saved.evidenceProgress", { done: count, count }));
  }
  /** The red message of a field (client check or the server's), found by its text. */
  fieldError(message: string): Locator {
    return this.main.getByText(message, { exact: true });
  }

  /**
   * Fills and saves an incident, and returns its folio. Students are ticked in order; the first keeps the default
   * role (involved) unless told otherwise.
   */
  async registerIncident(input: IncidentInput): Promise<number> {
    await expect(this.incidentForm).toBeVisible();
    for (const student of input.students) await this.pickStudent(student);
    for (const student of input.students) if (student.role) await this.setRole(student.name, student.role);
    if (input.category) await this.chooseCategory(input.category);
    await this.chooseType(input.type);
    await this.detail.fill(input.detail);
    if (input.occurredAt) await this.occurredAt.fill(input.occurredAt);
    if (input.place) await this.setPlace(input.place);
    if (input.group) await this.choose(this.group, input.group);
    if (input.subject) await this.choose(this.subject, input.subject);
    if (input.visibleToFamily !== undefined) {
      if ((await this.visibleToFamily.isChecked()) !== input.visibleToFamily) await this.visibleToFamily.click();
    }
    for (const text of input.guidelines ?? []) await this.guideline(text).check();
    if (input.files?.length) await this.attach(input.files);
    await this.submitIncident.click();
    await expect(this.savedHeading).toBeVisible();
    if (input.files?.length) await expect(this.evidenceUploaded(input.files.length)).toBeVisible();
    const text = (await this.savedFolio.textContent()) ?? "";
    return Number(/(\d+)/.exec(text)?.[1]);
  }

  // ───────────── accompaniment observation ─────────────

  observationType(name: string): Locator {
    return this.observationForm.getByRole("radio", { name: startsWith(name) });
  }
  get observationText(): Locator {
    return this.observationForm.getByRole("textbox", { name: this.tx("observation.text") });
  }
  get observedOn(): Locator {
    return this.observationForm.getByLabel(this.tx("observation.date"));
  }
  get points(): Locator {
    return this.observationForm.getByRole("textbox", { name: this.tx("observation.points") });
  }
  get observationSavedHeading(): Locator {
    return this.main.getByRole("heading", { name: this.tx("saved.observationTitle") });
  }
  async registerObservation(input: ObservationInput) {
    if (await this.modeSwitch.isVisible()) await this.showObservationForm();
    await this.pickStudent(input.student, this.observationForm);
    await this.observationType(input.type).click();
    await this.observationText.fill(input.text);
    if (input.observedOn) await this.observedOn.fill(input.observedOn);
    if (input.points !== undefined) await this.points.fill(String(input.points));
    if (input.visibleToFamily !== undefined) {
      const toggle = this.observationForm.getByRole("switch", { name: this.tx("when.visibleToFamily") });
      if ((await toggle.isChecked()) !== input.visibleToFamily) await toggle.click();
    }
    await this.submitObservation.click();
    await expect(this.observationSavedHeading).toBeVisible();
  }
}
