import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { createRollupRebuilds } from "../../src/modules/rollups/rebuilds.service.ts";

/**
 * Runs the school's pending rollup rebuild now (issue 25 §5: a change of time zone, structure or teaching assignments
 * only asks for it; the rollups module's job runs it later). The job's own handler with no quiet time, on the app's
 * database and runner, for tests whose app runs no jobs and that compare the rollups right after such a change.
 */
export async function rebuildRollupsNow(app: FastifyInstance, schoolId: string) {
  const rebuilds = createRollupRebuilds({ db: app.ctx.db, jobs: app.ctx.jobs, quietSeconds: 0 });
  const outcome = await rebuilds.run(schoolId, randomUUID());
  if (outcome === "later" || outcome === "busy") throw new Error(`rollup rebuild of ${schoolId}: ${outcome}`);
}
