import { asc, count, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentProtocols, incidentTypes, protocolSteps, protocols } from "../../db/schema/index.ts";
import { forSchool, schoolRows } from "../../lib/tenant-db.ts";

export type ProtocolRow = typeof protocols.$inferSelect;
export type ProtocolStepRow = typeof protocolSteps.$inferSelect;

const protocolRows = schoolRows(protocols);
export const findProtocol = protocolRows.find;
export const insertProtocol = protocolRows.insert;
export const updateProtocol = protocolRows.update;
export const deleteProtocol = protocolRows.delete;

export function listProtocols(tx: Tx, schoolId: string, id?: number) {
  return forSchool(tx, schoolId)
    .select(protocols)
    .where(id === undefined ? undefined : eq(protocols.id, id))
    .orderBy(asc(protocols.id));
}

export function listSteps(tx: Tx, schoolId: string, protocolId?: number) {
  return forSchool(tx, schoolId)
    .select(protocolSteps)
    .where(protocolId === undefined ? undefined : eq(protocolSteps.protocolId, protocolId))
    .orderBy(asc(protocolSteps.position));
}

/** The types that follow each protocol. */
export function typesFollowing(tx: Tx, schoolId: string) {
  return forSchool(tx, schoolId)
    .pick(incidentTypes, { id: incidentTypes.id, protocolId: incidentTypes.protocolId })
    .where(isNotNull(incidentTypes.protocolId));
}

/** An edit replaces the steps: incidents already running keep the copies they took at their start. */
export async function replaceSteps(
  tx: Tx,
  schoolId: string,
  protocolId: number,
  steps: Omit<typeof protocolSteps.$inferInsert, "schoolId" | "protocolId">[],
) {
  await forSchool(tx, schoolId).delete(protocolSteps).where(eq(protocolSteps.protocolId, protocolId));
  if (steps.length > 0) await tx.insert(protocolSteps).values(steps.map((s) => ({ ...s, schoolId, protocolId })));
}

/** Incidents that ran the protocol: it is then kept (deactivated), never deleted. */
export async function incidentsRunning(tx: Tx, schoolId: string, protocolId: number) {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidentProtocols, { n: count() })
    .where(eq(incidentProtocols.protocolId, protocolId));
  return row?.n ?? 0;
}
