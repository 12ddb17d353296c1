import {
  DryRunResponse,
  envelope,
  IMPORT_MAX_MB,
  ImportJobParam,
  ImportJobSchema,
  ImportKindParam,
  ImportTemplateQuery,
  perm,
} from "@convive/domain";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { AUTH_ERRORS, errorResponses, sendGeneratedFile } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { acceptRawBodies, MB } from "../../lib/raw-body.ts";
import { render } from "../../plugins/errors.ts";
import { createInvitationsService } from "../invitations/index.ts";
import { createImportsService, type ImportsService } from "./imports.service.ts";

/** Either massive-upload area lets a caller in; the service then checks the one of the kind asked for. */
const access = (action: "create" | "read") =>
  ({
    access: "school",
    permissions: [
      perm("master-configuration-users-massive-upload", action),
      perm("master-configuration-students-massive-upload", action),
    ],
  }) as const;
const tags = ["master-configuration"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** What browsers and spreadsheets label XLSX and CSV files with (Windows calls CSV "vnd.ms-excel"). */
const FILE_BODIES = [
  XLSX,
  "text/csv",
  "application/csv",
  "text/plain",
  "application/vnd.ms-excel",
  "application/octet-stream",
];
const FILE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(413, 503) };

const fileOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

/**
 * /api/imports: templates, dry runs and commits of users, students and families. Files go as the raw body
 * (XLSX or CSV, at most IMPORT_MAX_MB); a commit answers 202 with a job to poll for its progress.
 */
export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  acceptRawBodies(app as unknown as FastifyInstance, FILE_BODIES, async () => ({
    bytes: IMPORT_MAX_MB * MB,
    error: () => new AppError("UPLOAD_TOO_LARGE", undefined, { size: IMPORT_MAX_MB }),
  }));

  app.get(
    "/api/imports/templates/:kind",
    {
      config: access("read"),
      schema: {
        tags,
        description:
          "The template of a kind in the caller's language: XLSX with one example row and the allowed values (or ?format=csv).",
        params: ImportKindParam,
        querystring: ImportTemplateQuery,
        response: { 200: z.any(), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.headers);
      const { format } = request.query;
      const file = await imports.template(request.tenant!, request.params.kind, format, lang);
      return sendGeneratedFile(reply, {
        name: file.filename,
        type: format === "csv" ? "text/csv; charset=utf-8" : XLSX,
        body: file.data,
      });
    },
  );

  app.post(
    "/api/imports/:kind/dry-run",
    {
      config: access("create"),
      schema: {
        tags,
        description: "Checks a file without writing: every bad row with its row number, column and reason; counts.",
        params: ImportKindParam,
        response: { 200: envelope(DryRunResponse), ...FILE_ERRORS },
      },
    },
    async (request) => ({
      data: await imports.dryRun(
        request.tenant!,
        request.params.kind,
        fileOf(request),
        requestLanguage(request.headers),
      ),
    }),
  );

  app.post(
    "/api/imports/:kind/commit",
    {
      config: access("create"),
      schema: {
        tags,
        description:
          "Writes every row or none. Bad rows: 422 IMPORT_HAS_ERRORS with errors keyed '<row>.<column>'. Otherwise 202 with a job: poll GET /api/imports/jobs/:id. One import per school at a time: 409 IMPORT_IN_PROGRESS.",
        params: ImportKindParam,
        response: { 202: envelope(z.object({ job: ImportJobSchema })), ...FILE_ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.headers);
      const tenant = request.tenant!;
      const outcome = await imports.commit(
        tenant,
        request.principal!.userId,
        request.params.kind,
        fileOf(request),
        lang,
      );
      if (!outcome.ok) {
        // Per-row messages carry their own figures (the first row of a duplicate), so they are rendered already.
        const code = "IMPORT_HAS_ERRORS" as const;
        return reply.status(422).send({ message: render(code, lang), code, errors: outcome.errors });
      }
      return reply.status(202).send({ data: { job: outcome.job } });
    },
  );

  app.get(
    "/api/imports/jobs/:id",
    {
      config: access("read"),
      schema: {
        tags,
        description: "A commit's progress: processing (with processed/total), done (with counts) or failed (with why).",
        params: ImportJobParam,
        response: { 200: envelope(z.object({ job: ImportJobSchema })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      data: { job: await imports.job(request.tenant!, request.params.id, requestLanguage(request.headers)) },
    }),
  );
};

export const importsModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer" | "files">;
}> = async (app, { ctx }) => {
  const invitations = createInvitationsService({
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: (m) => app.log.warn(m),
  });
  const imports = createImportsService({
    db: ctx.db,
    events: ctx.events,
    invitations,
    files: ctx.files,
    log: (error) => app.log.error({ err: error }, "import failed"),
  });
  // The jobs first: a commit that finishes while closing still hands its invitations over to be sent.
  app.addHook("onClose", async () => {
    await imports.drain();
    await invitations.drain();
  });
  await app.register(importsRoutes, { imports });
};
