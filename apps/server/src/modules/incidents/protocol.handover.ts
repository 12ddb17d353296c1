import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentProtocolSteps, incidentProtocols, incidents } from "../../db/schema/index.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { NO_PROBLEM, rowIds, type WorkHandover } from "../../lib/work-handover.ts";
import { insertTimeline } from "./registration.repository.ts";

/** A pending step of a protocol still open. */
const pendingStep = (schoolId: string) =>
  and(
    ofSchool(incidentProtocolSteps, schoolId, eq(incidentProtocolSteps.status, "pending")),
    eq(incidentProtocols.status, "open"),
  );

const stepsWithProtocol = (tx: Tx) =>
  tx
    .select({
      id: incidentProtocolSteps.id,
      incidentId: incidentProtocolSteps.incidentId,
      position: incidentProtocolSteps.position,
      nameEs: incidentProtocolSteps.nameEs,
      nameEn: incidentProtocolSteps.nameEn,
      dueAt: incidentProtocolSteps.dueAt,
      protocolEs: incidentProtocols.nameEs,
      protocolEn: incidentProtocols.nameEn,
      folio: incidents.folio,
    })
    .from(incidentProtocolSteps)
    .innerJoin(
      incidentProtocols,
      sameSchool(
        incidentProtocols,
        incidentProtocolSteps,
        eq(incidentProtocols.id, incidentProtocolSteps.incidentProtocolId),
      ),
    )
    .innerJoin(
      incidents,
      sameSchool(incidents, incidentProtocolSteps, eq(incidents.id, incidentProtocolSteps.incidentId)),
    );

/**
 * Issue 31 §2: the pending steps of open protocols (issue 30 §2, the bullying protocol) a user is responsible for.
 * The receiver becomes responsible — an active staff member, as the step's own reassignment asks — and each
 * incident's timeline gets the same "protocol.step-reassigned" entry that reassignment writes.
 */
export const protocolStepsHandover: WorkHandover = {
  kind: "protocol-steps",

  async countByUser(tx, schoolId) {
    const rows = await tx
      .select({ userId: incidentProtocolSteps.responsibleId, n: count() })
      .from(incidentProtocolSteps)
      .innerJoin(
        incidentProtocols,
        sameSchool(
          incidentProtocols,
          incidentProtocolSteps,
          eq(incidentProtocols.id, incidentProtocolSteps.incidentProtocolId),
        ),
      )
      .where(pendingStep(schoolId))
      .groupBy(incidentProtocolSteps.responsibleId);
    return new Map(rows.filter((r) => r.userId !== null).map((r) => [r.userId!, r.n]));
  },

  async held(tx, schoolId, userId, reader) {
    const en = reader.lang === "en";
    const rows = await stepsWithProtocol(tx)
      .where(and(pendingStep(schoolId), eq(incidentProtocolSteps.responsibleId, userId)))
      .orderBy(asc(incidentProtocolSteps.dueAt), asc(incidentProtocolSteps.id));
    return rows.map((s) => ({
      id: String(s.id),
      title: en ? (s.nameEn ?? s.nameEs) : s.nameEs,
      detail: en ? (s.protocolEn ?? s.protocolEs) : s.protocolEs,
      folio: s.folio,
      when: s.dueAt.toISOString(),
      href: `/incident-details?id=${s.incidentId}`,
    }));
  },

  check: async () => NO_PROBLEM,

  async apply(tx, schoolId, move) {
    const ids = rowIds(move.ids);
    const steps = await stepsWithProtocol(tx).where(
      and(
        pendingStep(schoolId),
        eq(incidentProtocolSteps.responsibleId, move.from),
        inArray(incidentProtocolSteps.id, ids),
      ),
    );
    if (steps.length === 0) return;
    await tx
      .update(incidentProtocolSteps)
      .set({ responsibleId: move.to })
      .where(
        ofSchool(
          incidentProtocolSteps,
          schoolId,
          eq(incidentProtocolSteps.responsibleId, move.from),
          inArray(
            incidentProtocolSteps.id,
            steps.map((s) => s.id),
          ),
        ),
      );
    await insertTimeline(
      tx,
      steps.map((s) => ({
        schoolId,
        incidentId: s.incidentId,
        event: "protocol.step-reassigned" as const,
        userId: move.actorId,
        details: {
          step_id: s.id,
          position: s.position,
          name_es: s.nameEs,
          name_en: s.nameEn,
          due_at: s.dueAt.toISOString(),
          responsible_id: move.to,
          responsible: move.toName,
          reassignment_id: move.reassignmentId,
        },
      })),
    );
  },
};
