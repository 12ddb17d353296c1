import {
  ACTION_MESSAGES,
  type Area,
  type DryRunResponse,
  IMPORT_COLUMNS,
  type ImportJob,
  type ImportKind,
  type Language,
  perm,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { outsideRequest } from "../../db/statement-timeout.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import type { Tenant } from "../../plugins/access.ts";
import { render } from "../../plugins/errors.ts";
import type { InvitationsService } from "../invitations/index.ts";
import { lockImports } from "./bulk.repository.ts";
import { planFamilies } from "./families.plan.ts";
import * as jobs from "./jobs.repository.ts";
import { invalidRows, type Plan, type PlanContext, type Row, renderIssues, rowsOf } from "./plan.ts";
import { writeTemplate } from "./sheets.ts";
import { planStudents } from "./students.plan.ts";
import { templateLists } from "./templates.ts";
import { planUsers } from "./users.plan.ts";

type Planner = (tx: Tx, schoolId: string, rows: readonly Row[], context: PlanContext) => Promise<Plan>;
const PLANNERS: Record<ImportKind, Planner> = {
  users: planUsers,
  students: planStudents,
  families: planFamilies,
};

/** Whose permission each kind needs (spec §6: school-users and students-profile massive upload). */
const AREA: Record<ImportKind, Area> = {
  users: "master-configuration-users-massive-upload",
  students: "master-configuration-students-massive-upload",
  families: "master-configuration-students-massive-upload",
};

const FILE_NAMES: Record<ImportKind, Record<Language, string>> = {
  users: { es: "plantilla-usuarios", en: "users-template" },
  students: { es: "plantilla-alumnos", en: "students-template" },
  families: { es: "plantilla-familias", en: "families-template" },
};

/**
 * A processing job not heard from for this long lost its instance (every chunk moves updated_at): its claim
 * on the school's import slot is released at the next commit.
 */
const STALE_MS = 5 * 60_000;

/** Massive upload: templates, dry runs, and commits run as jobs whose state lives in import_jobs. */
export function createImportsService(deps: {
  db: Db;
  events: EventBus;
  invitations: Pick<InvitationsService, "deliver">;
  files: Pick<FileJobs, "readTable">;
  log: (error: unknown) => void;
}) {
  const { db, events, files } = deps;
  /** Jobs this instance is running, read first so a poll never waits behind the job's own transaction. */
  const live = new Map<string, { row: jobs.JobRow; processed: number }>();
  const running = new Set<Promise<void>>();

  function authorize(tenant: Tenant, kind: ImportKind, action: "create" | "read") {
    if (!tenant.grants.has(perm(AREA[kind], action))) throw new AppError("FORBIDDEN");
  }

  async function template(tenant: Tenant, kind: ImportKind, format: "xlsx" | "csv", lang: Language) {
    authorize(tenant, kind, "read");
    const lists = format === "xlsx" ? await templateLists(db, tenant.schoolId, kind, lang) : [];
    const data = await writeTemplate(IMPORT_COLUMNS[kind], lang, format, lists);
    return { data, filename: `${FILE_NAMES[kind][lang]}.${format}` };
  }

  async function rows(kind: ImportKind, data: Buffer, lang: Language) {
    return rowsOf(await files.readTable(data), IMPORT_COLUMNS[kind], lang);
  }

  /** Every bad row with its reasons, and what a commit would write; nothing is written. */
  async function dryRun(tenant: Tenant, kind: ImportKind, data: Buffer, lang: Language): Promise<DryRunResponse> {
    authorize(tenant, kind, "create");
    const context = { language: lang, invitedBy: null };
    const plan = await PLANNERS[kind](db, tenant.schoolId, await rows(kind, data, lang), context);
    const invalid = invalidRows(plan.issues);
    return {
      kind,
      total: plan.total,
      valid: plan.total - invalid,
      invalid,
      errors: renderIssues(plan.issues, lang),
      counts: plan.counts,
    };
  }

  /**
   * Claims the school's import slot (409 IMPORT_IN_PROGRESS while another import of the school runs, on any
   * instance), checks the file again and, if every row is good, starts writing it as a job: all rows in one
   * transaction, so a failure half-way leaves nothing behind. Bad rows are answered at once instead (nothing
   * starts, the slot is freed).
   */
  async function commit(tenant: Tenant, userId: number, kind: ImportKind, data: Buffer, lang: Language) {
    authorize(tenant, kind, "create");
    const { schoolId } = tenant;
    const context: PlanContext = { language: lang, invitedBy: userId };
    const claim = await jobs.claimJob(db, { schoolId, userId, kind }, STALE_MS);
    if (!claim) throw new AppError("IMPORT_IN_PROGRESS");
    let parsed: Row[];
    let plan: Plan;
    try {
      parsed = await rows(kind, data, lang);
      plan = await PLANNERS[kind](db, schoolId, parsed, context);
    } catch (error) {
      await jobs.dropJob(db, schoolId, claim.id);
      throw error;
    }
    if (plan.issues.length > 0) {
      await jobs.dropJob(db, schoolId, claim.id);
      const errors: Record<string, string> = {};
      for (const e of renderIssues(plan.issues, lang)) errors[`${e.row}.${e.column ?? "_"}`] ??= e.message;
      return { ok: false as const, errors };
    }
    const job = await jobs.startJob(db, schoolId, claim.id, parsed.length);
    live.set(job.id, { row: job, processed: 0 });
    // The job outlives the request that started it: no request time limit on its statements.
    const run = outsideRequest(() => execute(schoolId, job.id, kind, parsed, context)).finally(() => {
      live.delete(job.id);
      running.delete(run);
    });
    running.add(run);
    return { ok: true as const, job: present(job, lang) };
  }

  async function execute(schoolId: string, id: string, kind: ImportKind, parsed: Row[], context: PlanContext) {
    // Let the 202 go out first; the transaction may hold PGlite's only connection for a while.
    await new Promise((resolve) => setImmediate(resolve));
    let saved: Promise<unknown> = Promise.resolve();
    const progress = (processed: number) => {
      live.get(id)!.processed = processed;
      // Not awaited: on PostgreSQL it lands at once through another connection; PGlite runs it after the commit.
      saved = saved.then(() => jobs.setProgress(db, schoolId, id, processed)).catch(deps.log);
    };
    try {
      const plan = await db.transaction(async (tx) => {
        await lockImports(tx, schoolId);
        const fresh = await PLANNERS[kind](tx, schoolId, parsed, context);
        if (fresh.issues.length > 0) throw new AppError("IMPORT_HAS_ERRORS");
        await fresh.write(tx, progress);
        return fresh;
      });
      await saved;
      await jobs.finishJob(db, schoolId, id, { status: "done", processed: parsed.length, counts: plan.counts });
      // Committed: the invitations can go out now (a failed commit sends none).
      deps.invitations.deliver(plan.mails?.() ?? []);
      for (const userId of plan.touchedUserIds()) {
        events.emit("users.changed", { userId });
        events.emit("memberships.changed", { schoolId, userId });
      }
      events.emit("school.records.changed", { schoolId });
    } catch (error) {
      if (!(error instanceof AppError)) deps.log(error);
      await saved;
      const errorCode = error instanceof AppError ? error.code : "INTERNAL";
      await jobs.finishJob(db, schoolId, id, { status: "failed", processed: 0, errorCode }).catch(deps.log);
    }
  }

  function present(row: jobs.JobRow, lang: Language): ImportJob {
    const here = live.get(row.id);
    let status = row.status as ImportJob["status"];
    let errorCode = row.errorCode;
    if (status === "processing" && !here && Date.now() - row.updatedAt.getTime() > STALE_MS) {
      status = "failed";
      errorCode = "INTERNAL";
    }
    const message = {
      processing: ACTION_MESSAGES.processing,
      done: ACTION_MESSAGES.processed,
      failed: ACTION_MESSAGES.processingError,
    }[status];
    return {
      id: row.id,
      kind: row.kind as ImportKind,
      status,
      processed: here?.processed ?? row.processed,
      total: row.total,
      message: message[lang],
      error: status === "failed" ? render((errorCode ?? "INTERNAL") as Parameters<typeof render>[0], lang) : null,
      counts: (row.counts as ImportJob["counts"]) ?? null,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** A job of the school, for a progress poll (any instance can answer; this one answers its own from memory). */
  async function job(tenant: Tenant, id: string, lang: Language) {
    const mine = live.get(id)?.row;
    const row = mine?.schoolId === tenant.schoolId ? mine : await jobs.findJob(db, tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    authorize(tenant, row.kind as ImportKind, "read");
    return present(row, lang);
  }

  /** Waits for this instance's jobs (the app is closing). */
  const drain = async () => {
    await Promise.allSettled([...running]);
  };

  return { template, dryRun, commit, job, drain };
}

export type ImportsService = ReturnType<typeof createImportsService>;
