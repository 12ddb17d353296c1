import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const startsWith = (text: string) => new RegExp(`^${escapeRe(text)}`);

export interface ActionInput {
  /** The student's full name as the details list it (may be left out when the incident has one student). */
  student?: string;
  /** Free text, or one of the type's guidelines: picks the suggestion button with exactly this text when present. */
  guideline: string;
  /** The responsible user's name (default: the reader, when listed as staff). */
  responsible?: string;
  repeat?: "none" | "daily" | "weekly";
  /** YYYY-MM-DD; default the school's today. */
  startsOn?: string;
  endsOn?: string;
  notes?: string;
}

export interface MeetingInput {
  /** YYYY-MM-DD and HH:mm on the school's clock. */
  day: string;
  time: string;
  mode?: "in-person" | "online";
  place?: string;
  link?: string;
  agreements?: string;
  /** Checks the student the new meeting is about by default (whose family alone is invited)… */
  about?: string;
  /** …and that this other student's family is offered, not invited. */
  offered?: string;
}

/** A correction of an open incident: only the fields given are changed. */
export interface CorrectionInput {
  /** The category's name, then the type's (the type is required after a category change). */
  category?: string;
  type?: string;
  detail?: string;
  place?: string;
  /** `YYYY-MM-DDTHH:mm` on the school's clock. */
  occurredAt?: string;
  /** A group's label / a subject's name, or null to clear it (shown only to who may register incidents). */
  group?: string | null;
  subject?: string | null;
  visibleToFamily?: boolean;
}

/** Files to attach: paths, or buffers with their names and types. */
export type EvidenceFiles = string[] | { name: string; mimeType: string; buffer: Buffer }[];

/**
 * One incident's details (features/incidents/details, shown at /incident-details?id=N and /archive?id=N): header
 * with print/close/cancel/reopen, the students, evidence, and the follow-up tabs — formative actions (add, tick
 * occurrences, waive), parent meetings (schedule, update/hold) and the timeline.
 */
export class IncidentDetailsPage {
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
  /** A text with placeholders as a pattern: each named value matches anything (e.g. "Cerrada por .* el .*"). */
  private pattern(key: string, names: string[], fixed: Record<string, string | number> = {}): RegExp {
    const hole = "\u0000";
    const text = this.tx(key, { ...fixed, ...Object.fromEntries(names.map((n) => [n, hole])) });
    return new RegExp(`^${text.split(hole).map(escapeRe).join(".*")}`);
  }
  get main(): Locator {
    return this.page.getByRole("main");
  }

  /** Opens an incident by id and waits for its folio heading. */
  async goto(id: number) {
    await this.page.goto(`/incident-details?id=${id}`);
    await expect(
      this.main.getByRole("heading", { level: 2, name: startsWith(this.tx("incidents:folio", { folio: "" })) }),
    ).toBeVisible();
  }

  // ───────────── header ─────────────

  folioHeading(folio: number): Locator {
    return this.main.getByRole("heading", { level: 2, name: this.tx("incidents:folio", { folio }), exact: true });
  }
  /** The status badge with this status's label ("En proceso", "Cerrada", "Cancelada"). */
  status(status: "open" | "closed" | "cancelled"): Locator {
    return this.main.getByText(this.tx(`incidents:status.${status}`), { exact: true }).first();
  }
  get backLink(): Locator {
    return this.main.getByRole("link", { name: this.tx("incidentDetails:header.back") });
  }
  private headerButton(key: string): Locator {
    return this.main.getByRole("button", { name: this.tx(`incidentDetails:header.${key}`), exact: true });
  }
  get printButton(): Locator {
    return this.headerButton("print");
  }
  get closeButton(): Locator {
    return this.headerButton("close");
  }
  get cancelButton(): Locator {
    return this.headerButton("cancel");
  }
  get reopenButton(): Locator {
    return this.headerButton("reopen");
  }
  get correctButton(): Locator {
    return this.headerButton("correct");
  }
  get notFound(): Locator {
    return this.main.getByRole("heading", { name: this.tx("incidentDetails:notFound.title") });
  }

  /** A dialog whose title starts with this text. */
  dialog(title: string): Locator {
    return this.page.getByRole("dialog", { name: startsWith(title) });
  }
  private async pick(scope: Locator, label: string, option: string) {
    await scope
      .getByRole("textbox", { name: label, exact: true })
      .or(scope.getByRole("combobox", { name: label, exact: true }))
      .first()
      .click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
  }

  /** Closes with a note; `waive` ticks "dispensar las acciones pendientes" (needed while actions are pending). */
  async close(note: string, { waive = false } = {}) {
    await this.closeButton.click();
    const dialog = this.page.getByRole("dialog", {
      name: this.pattern("incidentDetails:status.close.title", ["folio"]),
    });
    await dialog.getByRole("textbox", { name: this.tx("incidentDetails:status.close.label"), exact: true }).fill(note);
    if (waive) await dialog.getByRole("checkbox", { name: this.tx("incidentDetails:status.waiveLabel") }).check();
    await dialog.getByRole("button", { name: this.tx("incidentDetails:status.close.submit"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  async cancel(reason: string) {
    await this.cancelButton.click();
    const dialog = this.page.getByRole("dialog", {
      name: this.pattern("incidentDetails:status.cancel.title", ["folio"]),
    });
    await dialog
      .getByRole("textbox", { name: this.tx("incidentDetails:status.cancel.label"), exact: true })
      .fill(reason);
    await dialog.getByRole("button", { name: this.tx("incidentDetails:status.cancel.submit"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  async reopen(reason: string) {
    await this.reopenButton.click();
    const dialog = this.page.getByRole("dialog", {
      name: this.pattern("incidentDetails:status.reopen.title", ["folio"]),
    });
    await dialog
      .getByRole("textbox", { name: this.tx("incidentDetails:status.reopen.label"), exact: true })
      .fill(reason);
    await dialog.getByRole("button", { name: this.tx("incidentDetails:status.reopen.submit"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  /** The correction dialog ("Corregir la incidencia (folio N)"). */
  get correctDialog(): Locator {
    return this.page.getByRole("dialog", { name: this.pattern("incidentDetails:correct.title", ["folio"]) });
  }
  /** Opens the correction dialog and waits for its form (it loads the types and, when allowed, groups). */
  async openCorrection(): Promise<Locator> {
    await this.correctButton.click();
    const dialog = this.correctDialog;
    await expect(
      dialog.getByRole("textbox", { name: this.tx("incidentDetails:correct.detail"), exact: true }),
    ).toBeVisible();
    return dialog;
  }
  /**
   * Corrects the incident ("Corregir"): fills what is given, saves, and waits for the dialog to close (a refusal
   * leaves it open, so the test fails here with the server's message on screen).
   */
  async correct(input: CorrectionInput) {
    const dialog = await this.openCorrection();
    const field = (key: string) =>
      dialog.getByRole("textbox", { name: this.tx(`incidentDetails:correct.${key}`), exact: true });
    if (input.category) await this.pick(dialog, this.tx("incidentDetails:correct.category"), input.category);
    if (input.type) await this.pick(dialog, this.tx("incidentDetails:correct.type"), input.type);
    if (input.detail !== undefined) await field("detail").fill(input.detail);
    if (input.occurredAt) await dialog.getByLabel(this.tx("incidentDetails:correct.occurredAt")).fill(input.occurredAt);
    if (input.place !== undefined) await field("place").fill(input.place);
    for (const key of ["group", "subject"] as const) {
      const value = input[key];
      if (value === undefined) continue;
      const label = this.tx(`incidentDetails:correct.${key}`);
      if (value === null) {
        await dialog
          .getByRole("button", {
            name: this.tx("incidentDetails:correct.clear", { field: this.tx(`incidentDetails:fields.${key}`) }),
          })
          .click();
      } else await this.pick(dialog, label, value);
    }
    if (input.visibleToFamily !== undefined) {
      const toggle = dialog.getByRole("switch", { name: this.tx("incidentDetails:correct.visibleToFamily") });
      await toggle.setChecked(input.visibleToFamily);
    }
    await dialog.getByRole("button", { name: this.tx("incidentDetails:correct.submit"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** "Cerrada por <name> el …" (shown while the incident is closed). */
  closedBy(name: string): Locator {
    return this.main.getByText(this.pattern("incidentDetails:record.closed", ["when"], { name }));
  }
  /** "Cancelada por <name> el …". */
  cancelledBy(name: string): Locator {
    return this.main.getByText(this.pattern("incidentDetails:record.cancelled", ["when"], { name }));
  }

  // ───────────── sections ─────────────

  get studentsSection(): Locator {
    // "Estudiante" or "Estudiantes (2)": the singular starts both.
    return this.main.getByRole("region", { name: startsWith(this.tx("incidentDetails:students.title", { count: 1 })) });
  }
  /** A student of the incident by name (families see others as "Otro estudiante"). */
  student(name: string): Locator {
    return this.studentsSection.getByRole("listitem").filter({ hasText: name });
  }
  get otherStudents(): Locator {
    return this.studentsSection.getByText(this.tx("incidents:otherStudent"), { exact: true });
  }
  get evidenceSection(): Locator {
    const singular = this.tx("incidentDetails:evidence.title", { count: 1 }).replace(/\s*\(.*$/, "");
    return this.main.getByRole("region", { name: startsWith(singular) });
  }

  get attachButton(): Locator {
    return this.main.getByRole("button", { name: this.tx("incidentDetails:attach.button"), exact: true });
  }
  /** An attachment of the evidence card by its name: an image's thumbnail or a file's download button. */
  attachment(name: string): Locator {
    return this.evidenceSection
      .getByRole("button", { name: this.tx("incidentDetails:evidence.view", { name }), exact: true })
      .or(
        this.evidenceSection.getByRole("button", {
          name: this.tx("incidentDetails:evidence.downloadNamed", { name }),
          exact: true,
        }),
      );
  }
  /** The upload rows of the evidence card (each with its data-status: waiting, uploading, failed, refused). */
  get uploadRows(): Locator {
    return this.evidenceSection
      .getByRole("list", { name: this.tx("incidentDetails:attach.listLabel") })
      .getByRole("listitem");
  }
  /**
   * Attaches evidence ("Adjuntar evidencia") through the file chooser and waits until every file is listed in
   * the card (files the browser or the server refuse stay in the upload rows, with their reason, and fail this).
   */
  async attach(files: EvidenceFiles) {
    const chooser = this.page.waitForEvent("filechooser");
    await this.attachButton.click();
    await (await chooser).setFiles(files);
    for (const file of files) {
      const name = typeof file === "string" ? (file.split(/[\\/]/).pop() ?? file) : file.name;
      await expect(this.attachment(name)).toBeVisible({ timeout: 20_000 });
    }
    await expect(this.uploadRows).toHaveCount(0);
  }

  // ───────────── tabs ─────────────

  private tab(key: "actions" | "meetings" | "timeline"): Locator {
    return this.main.getByRole("tab", { name: startsWith(this.tx(`incidentDetails:tabs.${key}`)) });
  }
  /** Named "Acciones formativas", or "Acciones" on a phone. */
  get actionsTab(): Locator {
    const full = escapeRe(this.tx("incidentDetails:tabs.actions"));
    const short = escapeRe(this.tx("incidentDetails:tabs.actionsShort"));
    return this.main.getByRole("tab", { name: new RegExp(`^(${full}|${short})`) });
  }
  get meetingsTab(): Locator {
    return this.tab("meetings");
  }
  /** Staff only: families have no timeline tab. */
  get timelineTab(): Locator {
    return this.tab("timeline");
  }

  // ───────────── formative actions ─────────────

  get addActionButton(): Locator {
    return this.main.getByRole("button", { name: this.tx("incidentDetails:actions.add"), exact: true }).first();
  }
  /** A formative action's card, by its guideline. */
  action(guideline: string): Locator {
    return this.main.getByRole("article", { name: guideline, exact: true });
  }
  /** The occurrence checkboxes of an action, in date order (those shown; long series open near the first open day). */
  occurrences(guideline: string): Locator {
    return this.action(guideline)
      .getByRole("group", { name: this.tx("incidentDetails:actions.occurrences") })
      .getByRole("checkbox");
  }
  async addAction(input: ActionInput) {
    await this.actionsTab.click();
    await this.addActionButton.click();
    const dialog = this.dialog(this.tx("incidentDetails:actionForm.createTitle"));
    await expect(
      dialog.getByRole("textbox", { name: this.tx("incidentDetails:actionForm.guideline"), exact: true }),
    ).toBeVisible();
    if (input.student) await this.pick(dialog, this.tx("incidentDetails:actionForm.student"), input.student);
    const suggestion = dialog.getByRole("button", { name: input.guideline, exact: true });
    if (await suggestion.count()) await suggestion.click();
    else
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:actionForm.guideline"), exact: true })
        .fill(input.guideline);
    if (input.responsible)
      await this.pick(dialog, this.tx("incidentDetails:actionForm.responsible"), input.responsible);
    if (input.repeat && input.repeat !== "none") {
      await this.pick(
        dialog,
        this.tx("incidentDetails:actionForm.repeat"),
        this.tx(`incidents:repeat.${input.repeat}`),
      );
    }
    if (input.startsOn) {
      const label = input.repeat && input.repeat !== "none" ? "startsOn" : "date";
      await dialog
        .getByRole("textbox", { name: this.tx(`incidentDetails:actionForm.${label}`), exact: true })
        .fill(input.startsOn);
    }
    if (input.endsOn)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:actionForm.endsOn"), exact: true })
        .fill(input.endsOn);
    if (input.notes)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:actionForm.notes"), exact: true })
        .fill(input.notes);
    await dialog.getByRole("button", { name: this.tx("incidentDetails:actionForm.create"), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.action(input.guideline)).toBeVisible();
  }
  /**
   * Ticks (or unticks) one occurrence and waits for the saved state to come back from the server. The box shows
   * what the server saved, not the click (no optimistic tick), so Playwright's check() — which expects the state to
   * change with the click itself — fails whenever the save takes longer than the click: click, then wait.
   */
  async setOccurrence(guideline: string, index: number, done: boolean) {
    const box = this.occurrences(guideline).nth(index);
    if ((await box.isChecked()) !== done) await box.click();
    await expect(box).toHaveAttribute("aria-busy", "false");
    await expect(box).toBeChecked({ checked: done });
  }
  /** The state badge of an action ("Pendiente", "Vencida", "Completada", "Dispensada"). */
  actionState(guideline: string, state: "pending" | "overdue" | "completed" | "waived"): Locator {
    return this.action(guideline).getByText(this.tx(`incidents:actionState.${state}`), { exact: true });
  }
  async waiveAction(guideline: string, reason: string) {
    await this.action(guideline)
      .getByRole("button", { name: this.tx("incidentDetails:actions.waive"), exact: true })
      .click();
    const dialog = this.dialog(this.tx("incidentDetails:waive.title"));
    await dialog.getByRole("textbox", { name: this.tx("incidentDetails:waive.reason"), exact: true }).fill(reason);
    await dialog.getByRole("button", { name: this.tx("incidentDetails:waive.submit"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  // ───────────── parent meetings ─────────────

  get scheduleMeetingButton(): Locator {
    return this.main.getByRole("button", { name: this.tx("incidentDetails:meetings.add"), exact: true }).first();
  }
  /** The meetings' cards ("Junta del …"), soonest scheduled first, then past ones newest first. */
  get meetings(): Locator {
    return this.main.getByRole("article", { name: this.pattern("incidentDetails:meetings.itemLabel", ["when"]) });
  }
  async scheduleMeeting(input: MeetingInput) {
    await this.meetingsTab.click();
    await this.scheduleMeetingButton.click();
    const dialog = this.dialog(this.tx("incidentDetails:meetingForm.createTitle"));
    await expect(
      dialog.getByRole("textbox", { name: this.tx("incidentDetails:meetingForm.day"), exact: true }),
    ).toBeVisible();
    if (input.about) {
      const aboutName = this.tx("incidentDetails:meetingForm.about");
      const about = dialog
        .getByRole("textbox", { name: aboutName, exact: true })
        .or(dialog.getByRole("combobox", { name: aboutName, exact: true }))
        .first();
      await expect(about).toHaveValue(input.about);
      // Only that student's family is invited: picked already, so not offered again under their name.
      const attendeesName = this.tx("incidentDetails:meetingForm.attendees");
      await dialog
        .getByRole("textbox", { name: attendeesName })
        .or(dialog.getByRole("combobox", { name: attendeesName }))
        .first()
        .click();
      const familyOf = (name: string) =>
        this.page.getByRole("group", { name: this.tx("incidentDetails:meetingForm.familyOf", { name }), exact: true });
      await expect(familyOf(input.about)).toHaveCount(0);
      if (input.offered) await expect(familyOf(input.offered)).toBeVisible();
      await this.page.keyboard.press("Escape");
    }
    await this.fillMeeting(dialog, input);
    await dialog.getByRole("button", { name: this.tx("incidentDetails:meetingForm.create"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  private async fillMeeting(dialog: Locator, input: Partial<MeetingInput>) {
    if (input.day)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:meetingForm.day"), exact: true })
        .fill(input.day);
    if (input.time)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:meetingForm.time"), exact: true })
        .fill(input.time);
    if (input.mode) await dialog.getByText(this.tx(`incidents:meetingMode.${input.mode}`), { exact: true }).click();
    if (input.place)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:meetingForm.place"), exact: true })
        .fill(input.place);
    if (input.link)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:meetingForm.link"), exact: true })
        .fill(input.link);
    if (input.agreements)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:meetings.agreements"), exact: true })
        .fill(input.agreements);
  }
  /** Updates a meeting: its status ("held" to record it took place), minutes, agreements or anything else. */
  async updateMeeting(
    meeting: Locator,
    change: Partial<MeetingInput> & { status?: "scheduled" | "held" | "cancelled" | "no-show"; minutes?: string },
  ) {
    await meeting.getByRole("button", { name: this.tx("incidentDetails:meetings.update"), exact: true }).click();
    const dialog = this.dialog(this.tx("incidentDetails:meetingForm.editTitle"));
    await expect(
      dialog.getByRole("textbox", { name: this.tx("incidentDetails:meetingForm.day"), exact: true }),
    ).toBeVisible();
    if (change.status) {
      await this.pick(
        dialog,
        this.tx("incidentDetails:meetingForm.status"),
        this.tx(`incidents:meetingStatus.${change.status}`),
      );
    }
    await this.fillMeeting(dialog, change);
    if (change.minutes)
      await dialog
        .getByRole("textbox", { name: this.tx("incidentDetails:meetings.minutes"), exact: true })
        .fill(change.minutes);
    await dialog.getByRole("button", { name: this.tx("actions.save"), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  meetingStatus(meeting: Locator, status: "scheduled" | "held" | "cancelled" | "no-show"): Locator {
    return meeting.getByText(this.tx(`incidents:meetingStatus.${status}`), { exact: true });
  }

  // ───────────── timeline ─────────────

  /** The timeline's entries, newest first (opens the tab). */
  async timelineEntries(): Promise<Locator> {
    await this.timelineTab.click();
    return this.main.getByRole("list", { name: this.tx("incidentDetails:tabs.timeline") }).getByRole("listitem");
  }
  /** The sentence an event reads with, e.g. timelineText("closed", { closing_note: "…" }). */
  timelineText(event: string, params: Record<string, string | number> = {}): string {
    return this.tx(`incidents:timeline.${event}`, params);
  }
}
