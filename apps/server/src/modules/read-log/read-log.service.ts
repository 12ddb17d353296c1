import type { Language, ReadLogPage, ReadLogQuery } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { sensitiveKindLabel } from "../../lib/read-log.ts";
import * as repo from "./read-log.repository.ts";

export interface LogReader {
  schoolId: string;
  language: Language;
}

/**
 * The student's read log for whoever holds `read-log` (the route's rule): a page, newest first. The family-facing
 * view comes with the due-process issue; it will read the same rows.
 */
export function createReadLogService(deps: { db: Db }) {
  const { db } = deps;

  async function page(reader: LogReader, studentId: number, query: ReadLogQuery): Promise<ReadLogPage> {
    const { schoolId, language } = reader;
    if (!(await repo.studentExists(db, schoolId, studentId))) throw new AppError("NOT_FOUND");
    const offset = (query.page - 1) * query.per_page;
    const [total, rows] = await Promise.all([
      repo.countReads(db, schoolId, studentId),
      repo.pageOfReads(db, schoolId, studentId, query.per_page, offset),
    ]);
    return {
      entries: rows.map((r) => ({
        id: r.id,
        read_at: r.readAt.toISOString(),
        kind: r.kind,
        kind_label: sensitiveKindLabel(r.kind, language),
        record_id: r.recordId,
        // A user since removed keeps their id; the name is gone with them.
        user: { id: r.userId, name: r.userName ?? `#${r.userId}` },
        profile: r.profileName,
        session: { id: r.sessionId, device: r.device },
      })),
      total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  return { page };
}

export type ReadLogService = ReturnType<typeof createReadLogService>;
