import { IncidentDetailsPage } from "../../pages/incident-details.ts";
import { apiLogin, call } from "../../support/api.ts";
import { expectNoViolations, resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { screenshot } from "../../support/screenshot.ts";

/**
 * Issue 30 §2, the bullying protocol: an incident of the starter type "Acoso escolar" starts the school's protocol.
 * The Director completes its first step from the incident's checklist and is refused the close, the message naming
 * the steps still pending; once the rest are waived with a reason, the incident closes.
 */

interface Named {
  id: number;
  name_es: string;
}
interface Options {
  categories: { types: (Named & { is_active: boolean })[] }[];
  groups: { id: number }[];
}
interface Step {
  id: number;
  name_es: string;
  status: string;
}

test("the Director completes a protocol step and cannot close until the rest are done or waived", async ({
  page,
  school,
}, testInfo) => {
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data: options } = await call<{ data: Options }>("/api/incidents/registration-options", auth);
  const bullying = options.categories
    .flatMap((c) => c.types)
    .find((ty) => ty.name_es === "Acoso escolar (hostigamiento reiterado)")!;
  const group = options.groups[0]!;
  const { data: found } = await call<{ data: { students: { id: number }[] } }>(
    `/api/incidents/student-options?group_id=${group.id}`,
    auth,
  );
  const [affected, involved] = found.students;
  const { data: created } = await call<{ data: { incident: { id: number; folio: number } } }>("/api/incidents", {
    ...auth,
    method: "POST",
    body: {
      students: [
        { student_id: affected!.id, role: "affected" },
        { student_id: involved!.id, role: "involved" },
      ],
      type_id: bullying.id,
      detail: "Le quitan el almuerzo y se burlan de él cada recreo desde hace semanas.",
      place: "Patio",
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      group_id: group.id,
      visible_to_family: false,
    },
  });
  const { id, folio } = created.incident;

  await signInWithStorage(page, school.director, { language: "es", to: `/incident-details?id=${id}` });
  const details = new IncidentDetailsPage(page, "es");
  await expect(details.folioHeading(folio)).toBeVisible();
  const checklist = page.getByRole("list", { name: t("es", "incidentDetails:protocol.steps") });
  const first = checklist.getByRole("article", { name: "Proteger al estudiante afectado" });
  await expect(first).toContainText(t("es", "incidentDetails:protocol.state.pending"));
  await expect(checklist.getByRole("article")).toHaveCount(7);
  await expectNoViolations(page, testInfo, "incident-protocol");

  // Completar: a note, then the step reads as done, by whom.
  await first.getByRole("button", { name: "Completar: Proteger al estudiante afectado" }).click();
  const dialog = page.getByRole("dialog", { name: t("es", "incidentDetails:protocol.completeTitle") });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, testInfo, "incident-protocol-complete");
  await dialog
    .getByRole("textbox", { name: t("es", "incidentDetails:protocol.note") })
    .fill("Se cambió de lugar en el salón y se avisó a los prefectos del recreo.");
  await dialog.getByRole("button", { name: t("es", "incidentDetails:protocol.complete"), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toContainText(t("es", "incidentDetails:protocol.state.done"));
  await screenshot(page, "incident-protocol-es-1280");

  // Cerrar: refused, naming the six steps still pending.
  await details.closeButton.click();
  const closing = page.getByRole("dialog", { name: t("es", "incidentDetails:status.close.title", { folio }) });
  await closing
    .getByRole("textbox", { name: t("es", "incidentDetails:status.close.label"), exact: true })
    .fill("Se atendió el caso con ambas familias.");
  await closing.getByRole("button", { name: t("es", "incidentDetails:status.close.submit"), exact: true }).click();
  await expect(closing.getByRole("alert")).toContainText(
    "El protocolo tiene pasos pendientes: Informar por escrito a la dirección;",
  );
  await expect(closing.getByRole("alert")).toContainText("Respuesta por escrito a la familia");
  await closing.getByRole("button", { name: t("es", "common:actions.back") }).click();

  // The rest are waived with a reason (through the API: the dialog is the one just used), then the close goes through.
  const { data } = await call<{ data: { protocol: { steps: Step[] } } }>(`/api/incidents/${id}/protocol`, auth);
  for (const step of data.protocol.steps.filter((s) => s.status === "pending")) {
    await call(`/api/incidents/${id}/protocol/steps/${step.id}/waive`, {
      ...auth,
      method: "POST",
      body: { reason: "Se atendió en la junta con ambas familias." },
    });
  }
  await page.reload();
  await expect(details.folioHeading(folio)).toBeVisible();
  await expect(page.getByText(t("es", "incidentDetails:protocol.allDone"))).toBeVisible();
  await resizeTo(page, { width: 390, height: 844 });
  await screenshot(page, "incident-protocol-es-390");
  await details.close("Se atendió el caso con ambas familias.");
  await expect(details.status("closed")).toBeVisible();
});
