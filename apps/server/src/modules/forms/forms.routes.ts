import {
  FamilyForm,
  FormAnswersPage,
  FormCompletion,
  FormListQuery,
  FormStudentParams,
  FormSummary,
  FormTemplate,
  FormTemplateBody,
  IdParam,
  perm,
  RemindResult,
  SaveAnswerBody,
  SendFormBody,
  SentForm,
  UpdateFormTemplateBody,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { AUTH_ERRORS, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import { registerSensitiveKind } from "../../lib/read-log.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { Viewer } from "../incidents/index.ts";
import type { createFormExport } from "./export.service.ts";
import type { FormsService } from "./forms.service.ts";
import type { FormSending } from "./send.service.ts";
import type { FormTemplates } from "./templates.service.ts";

registerSensitiveKind("forms.answers", { es: "Respuestas a formularios", en: "Form answers" });

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

const configurators = (action: "read" | "create" | "update") =>
  ({
    access: "school",
    permissions:
      action === "read"
        ? [perm("master-configuration-nursing", "read"), perm("forms-parents", "create")]
        : [perm("master-configuration-nursing", action)],
  }) as const;
const forms = (action: "read" | "create" | "update") =>
  ({ access: "school", permissions: [perm("forms-parents", action)] }) as const;

export const formsRoutes: FastifyPluginAsync<{
  templates: FormTemplates;
  sending: FormSending;
  service: FormsService;
  exporter: ReturnType<typeof createFormExport>;
}> = async (app, { templates, sending, service, exporter }) => {
  const r = resourceRoutes(app, { tags: ["forms"], access: () => forms("read") });

  r.list(
    "/api/form-templates",
    ["templates", FormTemplate],
    { config: configurators("read"), description: "The school's form templates (configurator readers and senders)." },
    ({ request }) => templates.list(viewerOf(request)),
  );
  r.one(
    "/api/form-templates/:id",
    ["template", FormTemplate],
    { config: configurators("read"), description: "One template with its current questions and version." },
    ({ request, params }) => templates.one(viewerOf(request), params.id),
  );
  r.create(
    "/api/form-templates",
    ["template", FormTemplate],
    {
      config: configurators("create"),
      body: FormTemplateBody,
      description: "A new template (422 with field errors on its questions).",
    },
    ({ request, body }) => templates.create(viewerOf(request), body),
  );
  r.update(
    "/api/form-templates/:id",
    ["template", FormTemplate],
    {
      config: configurators("update"),
      body: UpdateFormTemplateBody,
      description: "Renames, changes the questions (a new version; sent forms keep theirs) or switches it off.",
    },
    ({ request, params, body }) => templates.update(viewerOf(request), params.id, body),
  );

  r.list(
    "/api/forms",
    ["forms", SentForm],
    {
      query: FormListQuery,
      description:
        "Sent forms in the reader's scope (staff: their groups unless school-wide; a family: its children's).",
    },
    ({ request, query }) => service.list(viewerOf(request), query),
  );
  r.create(
    "/api/forms",
    ["form", SentForm],
    {
      config: forms("create"),
      body: SendFormBody,
      description: "Sends a template's current version to groups, grades or students' families with a due date.",
    },
    async ({ request, body }) => {
      const viewer = viewerOf(request);
      return service.one(viewer, await sending.send(viewer, body));
    },
  );
  r.one(
    "/api/forms/:id",
    ["form", FormCompletion],
    { description: "Staff: the form, completion per group in scope and who is missing." },
    ({ request, params }) => service.completion(viewerOf(request), params.id),
  );
  r.one(
    "/api/forms/:id/mine",
    ["form", FamilyForm],
    { description: "A family: the form and its children's rows (who answered, drafts)." },
    ({ request, params }) => service.forFamily(viewerOf(request), params.id),
  );
  r.act(
    "PUT",
    "/api/forms/:id/students/:studentId/answer",
    ["form", FamilyForm],
    {
      action: "update",
      config: forms("update"),
      params: FormStudentParams,
      body: SaveAnswerBody,
      description: "A family member saves a draft or submits the student's answer (409 FORM_CLOSED once closed).",
    },
    ({ request, params, body }) => service.saveAnswer(viewerOf(request), params.id, params.studentId, body),
  );
  r.act(
    "POST",
    "/api/forms/:id/close",
    ["form", FormCompletion],
    { action: "update", config: forms("update"), description: "Closes the form: read-only from now on." },
    ({ request, params }) => service.close(viewerOf(request), params.id),
  );
  r.act(
    "POST",
    "/api/forms/:id/remind",
    ["result", RemindResult],
    {
      action: "update",
      config: forms("update"),
      description: "Reminds the families in scope that have not submitted.",
    },
    ({ request, params }) => service.remind(viewerOf(request), params.id),
  );
  r.one(
    "/api/forms/:id/answers",
    ["answers", FormAnswersPage],
    { description: "Staff: every submitted answer in scope (logged as a read of the students' answers)." },
    async ({ request, params }) => {
      const page = await service.answers(viewerOf(request), params.id);
      request.logRead(
        "forms.answers",
        params.id,
        page.rows.map((row) => row.student.id),
      );
      return page;
    },
  );
  r.one(
    "/api/forms/:id/summary",
    ["summary", FormSummary],
    { description: "Staff: per question, how many answered and the count of each option." },
    ({ request, params }) => service.summary(viewerOf(request), params.id),
  );

  app.get(
    "/api/forms/:id/export.xlsx",
    {
      config: forms("read"),
      schema: {
        tags: ["forms"],
        description: "Staff: the answers in scope as XLSX, one row per student, one column per question.",
        params: IdParam,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const file = await exporter.exportXlsx(viewerOf(request), id);
      request.logRead("forms.answers", id, file.studentIds);
      return sendGeneratedFile(reply, {
        name: file.filename,
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        body: file.stream,
      });
    },
  );
};
