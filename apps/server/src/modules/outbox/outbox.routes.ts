import { envelope, perm, singleLine } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { AUTH_ERRORS } from "../../lib/http.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import { listUnsent, retryUnsent } from "./outbox.service.ts";

/** The Director holds every permission; whoever edits the school's general information sees its unsent mail. */
const director = { access: "school", permissions: [perm("master-configuration-school-info", "update")] } as const;
const root = { access: "root" } as const;
const tags = ["outbox"];
/** The newest failures shown; older ones show once these are dealt with. */
const SHOWN = 200;

const UnsentEmail = z.object({
  id: z.string().uuid(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
// Any id is a question the list answers: one that is no row of the reader's list (a made-up one too) is 404.
const Params = z.object({ id: singleLine().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shape = (rows: Awaited<ReturnType<typeof listUnsent>>) =>
  rows.map((r) => ({
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    attempts: r.attempts,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    failed_at: r.failedAt?.toISOString() ?? null,
  }));

/** Spec §8 "Unsent email list" (issue 25 §2): e-mails whose tries are spent, each with a retry. */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobRunner }> = async (app, { db, jobs }) => {
  const list = { response: { 200: envelope(z.array(UnsentEmail)), ...AUTH_ERRORS } };
  const retry = { params: Params, response: { 200: envelope(z.object({ retried: z.literal(true) })), ...AUTH_ERRORS } };
  const retried = async (id: string, schoolId: string | null) => {
    if (!UUID.test(id) || !(await retryUnsent(db, jobs, id, schoolId))) throw new AppError("NOT_FOUND");
    return { data: { retried: true as const } };
  };

  app.get("/api/unsent-emails", { config: director, schema: { tags, ...list } }, async (request) => ({
    data: shape(await listUnsent(db, request.tenant!.schoolId, SHOWN)),
  }));
  app.post("/api/unsent-emails/:id/retry", { config: director, schema: { tags, ...retry } }, (request) =>
    retried(request.params.id, request.tenant!.schoolId),
  );
  // Platform mail (invitations of root-created users, resets without a school): root's list.
  app.get("/api/admin/unsent-emails", { config: root, schema: { tags, ...list } }, async () => ({
    data: shape(await listUnsent(db, null, SHOWN)),
  }));
  app.post("/api/admin/unsent-emails/:id/retry", { config: root, schema: { tags, ...retry } }, (request) =>
    retried(request.params.id, null),
  );
};
