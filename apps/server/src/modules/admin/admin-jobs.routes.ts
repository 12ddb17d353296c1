import { AdminJobParams, AdminJobsOverview, envelope } from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { AUTH_ERRORS } from "../../lib/http.ts";
import type { JobRunner } from "../../lib/jobs.ts";

const root = { access: "root" } as const;
const tags = ["admin"];
/** The newest failures listed; older ones stay in the database and show once these are dealt with. */
const PROBLEMS_SHOWN = 200;

/** The job runner as root sees it (issue 25 §1): queues with counts, failed and dead jobs, and a retry. */
export const adminJobsRoutes: FastifyPluginAsyncZod<{ jobs: Pick<JobRunner, "overview" | "retry"> }> = async (
  app,
  { jobs },
) => {
  app.get(
    "/api/admin/jobs",
    { config: root, schema: { tags, response: { 200: envelope(AdminJobsOverview), ...AUTH_ERRORS } } },
    async () => ({ data: await jobs.overview(PROBLEMS_SHOWN) }),
  );

  app.post(
    "/api/admin/jobs/:queue/:id/retry",
    {
      config: root,
      schema: {
        tags,
        description: "Runs a dead job (failed with no retries left) again, from its first try.",
        params: AdminJobParams,
        response: { 200: envelope(z.object({ retried: z.literal(true) })), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      if (!(await jobs.retry(request.params.queue, request.params.id))) throw new AppError("NOT_FOUND");
      return { data: { retried: true as const } };
    },
  );
};
