/// <reference types="node" />
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IncidentDetailsPage } from "../../pages/incident-details.ts";
import { apiLogin, call } from "../../support/api.ts";
import { expectNoViolations, resizeTo } from "../../support/axe.ts";
import { SCREENSHOTS_DIR } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { LANGS, t } from "../../support/i18n.ts";
import type { SpecSchool } from "../../support/school.ts";
import { screenshot } from "../../support/screenshot.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 5, the incident's details: the Director corrects an open incident ("Corregir": detail and place) and
 * attaches evidence to it ("Adjuntar evidencia"); both land in the timeline. Screenshots of the correction dialog
 * and the evidence card at phone and desktop width in both languages go to artifacts/screenshots.
 */

/** A 1×1 PNG: the server re-encodes pictures, so the evidence must be a real image. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface Candidate {
  id: number;
  folio: number;
}

/**
 * An open demo incident the Director may correct and attach to, never the newest (the screenshot suite's) and
 * one per caller (`skip`), so the two tests of this file do not share one. The spec's own school: no other spec
 * corrects or attaches to these.
 */
async function openIncident(school: SpecSchool, skip = 0): Promise<Candidate> {
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data } = await call<{ data: { incidents: Candidate[] } }>(
    "/api/incidents?status=open&sort=-occurred_at&per_page=40",
    auth,
  );
  const usable: Candidate[] = [];
  for (const candidate of data.incidents.slice(1)) {
    const detail = await call<{
      data: { incident: { allowed: { update: boolean; attach: boolean }; attachments: unknown[] } };
    }>(`/api/incidents/${candidate.id}`, auth);
    const { allowed, attachments } = detail.data.incident;
    if (allowed.update && allowed.attach && attachments.length < 8) usable.push(candidate);
    if (usable.length > skip) return usable[skip]!;
  }
  throw new Error("the demo data has no open incident the Director may correct");
}

test("the Director corrects an open incident and attaches evidence; the timeline shows both", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(90_000);
  const incident = await openIncident(school);
  await signInWithStorage(page, school.director, { language: "es", to: `/incident-details?id=${incident.id}` });
  const details = new IncidentDetailsPage(page, "es");
  await expect(details.folioHeading(incident.folio)).toBeVisible();

  // Corregir: only the detail and the place change.
  const detail = `Corrección de la descripción: discutieron en la fila de la cooperativa (${testInfo.testId}).`;
  await details.correct({ detail, place: "Cooperativa escolar" });
  await expect(toast(page, "¡Guardado con éxito!")).toBeVisible();
  await expect(details.main.getByText(detail, { exact: true })).toBeVisible();
  await expect(details.main.getByText("Cooperativa escolar", { exact: true })).toBeVisible();

  // Adjuntar evidencia: a real PNG, written to a temporary file.
  const dir = mkdtempSync(join(tmpdir(), "convive-evidence-"));
  const png = join(dir, "evidencia-cooperativa.png");
  writeFileSync(png, PNG_1X1);
  await details.attach([png]);
  await expect(details.attachment("evidencia-cooperativa.png")).toBeVisible();

  // The timeline, newest first: the evidence, then the correction naming what changed.
  const entries = await details.timelineEntries();
  await expect(entries.nth(0)).toContainText("Adjuntó evidencia");
  await expect(entries.nth(0)).toContainText("evidencia-cooperativa.png");
  await expect(entries.filter({ hasText: "Corrigió datos de la incidencia" }).first()).toContainText(
    /descripción.*lugar|lugar.*descripción/,
  );
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await screenshot(page, "incident-details-corrected-es-1280");
});

test("correction dialog and evidence card: refusals in the browser, both languages, phone and desktop", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const incident = await openIncident(school, 1);
  const dir = mkdtempSync(join(tmpdir(), "convive-evidence-"));
  const notes = join(dir, "notas.txt");
  writeFileSync(notes, "not evidence");

  for (const lang of LANGS) {
    await signInWithStorage(page, school.director, { language: lang, to: `/incident-details?id=${incident.id}` });
    const details = new IncidentDetailsPage(page, lang);
    await expect(details.folioHeading(incident.folio)).toBeVisible();
    for (const width of [390, 1280]) {
      await resizeTo(page, { width, height: width === 390 ? 844 : 800 });

      // A text file is refused before any upload, with its reason, and nothing reaches the server.
      const chooser = page.waitForEvent("filechooser");
      await details.attachButton.click();
      await (await chooser).setFiles([notes]);
      await expect(details.uploadRows).toHaveCount(1);
      await expect(details.uploadRows.first()).toHaveAttribute("data-status", "refused");
      await details.evidenceSection.scrollIntoViewIfNeeded();
      await screenshot(page, `incident-details-attach-${lang}-${width}`);
      await details.uploadRows.first().getByRole("button").click();
      await expect(details.uploadRows).toHaveCount(0);

      // The correction dialog: nothing to save until something changes; a future date is refused here.
      const dialog = await details.openCorrection();
      const save = dialog.getByRole("button", { name: t(lang, "incidentDetails:correct.submit"), exact: true });
      await expect(save).toBeDisabled();
      await dialog.getByLabel(t(lang, "incidentDetails:correct.occurredAt")).fill("2099-01-01T08:00");
      await save.click();
      await expect(dialog.getByText(t(lang, "incidentDetails:correct.future"))).toBeVisible();
      if (width === 1280) await expectNoViolations(page, testInfo, `correct dialog (${lang})`);
      await screenshot(page, `incident-details-correct-${lang}-${width}`, false);
      await dialog.getByRole("button", { name: t(lang, "actions.back"), exact: true }).click();
      await expect(dialog).toBeHidden();

      // Cancelling: "Volver" beside "Cancelar incidencia" (never two "Cancelar"), and an empty reason says which
      // text is missing; going back changes nothing.
      await details.cancelButton.click();
      const cancelling = page.getByRole("dialog", {
        name: t(lang, "incidentDetails:status.cancel.title", { folio: incident.folio }),
      });
      await expect(cancelling.getByRole("button", { name: t(lang, "actions.cancel"), exact: true })).toHaveCount(0);
      await cancelling
        .getByRole("button", { name: t(lang, "incidentDetails:status.cancel.submit"), exact: true })
        .click();
      await expect(cancelling.getByText(t(lang, "incidentDetails:status.cancel.missing"))).toBeVisible();
      await cancelling.getByRole("button", { name: t(lang, "actions.back"), exact: true }).click();
      await expect(cancelling).toBeHidden();
    }
  }
});
