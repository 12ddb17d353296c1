import type { Protocol, ProtocolBody, UpdateProtocolBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { lockCatalogue } from "./incident-config.repository.ts";
import * as repo from "./protocols.repository.ts";

/**
 * Protocols of the school's configurator (issue 30 §2, master configuration › incidents-configurator): ordered steps,
 * each with a deadline. An incident type may follow one; registering such an incident starts it (incidents module).
 */
export function createProtocolsService(deps: { db: Db }) {
  const { db } = deps;

  async function load(tx: Tx | Db, schoolId: string, id?: number): Promise<Protocol[]> {
    const [rows, steps, types] = await Promise.all([
      repo.listProtocols(tx, schoolId, id),
      repo.listSteps(tx, schoolId, id),
      repo.typesFollowing(tx, schoolId),
    ]);
    return rows.map((p) => ({
      id: p.id,
      name_es: p.nameEs,
      name_en: p.nameEn,
      is_active: p.isActive,
      steps: steps
        .filter((s) => s.protocolId === p.id)
        .map((s) => ({
          id: s.id,
          position: s.position,
          name_es: s.nameEs,
          name_en: s.nameEn,
          deadline_kind: s.deadlineKind as Protocol["steps"][number]["deadline_kind"],
          deadline_amount: s.deadlineAmount,
        })),
      type_ids: types.filter((t) => t.protocolId === p.id).map((t) => t.id),
    }));
  }

  async function one(tx: Tx, schoolId: string, id: number) {
    const [found] = await load(tx, schoolId, id);
    if (!found) throw new AppError("NOT_FOUND");
    return found;
  }

  const stepsOf = (steps: ProtocolBody["steps"]) =>
    steps.map((s, i) => ({
      position: i + 1,
      nameEs: s.name_es,
      nameEn: s.name_en,
      deadlineKind: s.deadline_kind,
      deadlineAmount: s.deadline_kind === "same_day" ? 0 : s.deadline_amount,
    }));

  /** The school's protocols with their steps in order. */
  function list(tenant: Tenant) {
    return load(db, tenant.schoolId);
  }

  function create(tenant: Tenant, body: ProtocolBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockCatalogue(tx, schoolId);
      const row = await repo.insertProtocol(tx, {
        schoolId,
        nameEs: body.name_es,
        nameEn: body.name_en,
        isActive: body.is_active ?? true,
      });
      await repo.replaceSteps(tx, schoolId, row.id, stepsOf(body.steps));
      return one(tx, schoolId, row.id);
    });
  }

  /** Renames, (de)activates or replaces the steps; incidents already running keep their own steps and deadlines. */
  function update(tenant: Tenant, id: number, body: UpdateProtocolBody) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockCatalogue(tx, schoolId);
      if (!(await repo.findProtocol(tx, schoolId, id, true))) throw new AppError("NOT_FOUND");
      await repo.updateProtocol(tx, schoolId, id, {
        nameEs: body.name_es,
        nameEn: body.name_en,
        isActive: body.is_active,
      });
      if (body.steps) await repo.replaceSteps(tx, schoolId, id, stepsOf(body.steps));
      return one(tx, schoolId, id);
    });
  }

  /** Deletes a protocol no type follows and no incident ran (409 PROTOCOL_IN_USE: deactivate it instead). */
  function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    return db.transaction(async (tx) => {
      await lockCatalogue(tx, schoolId);
      const found = await one(tx, schoolId, id);
      if (found.type_ids.length > 0 || (await repo.incidentsRunning(tx, schoolId, id)) > 0) {
        throw new AppError("PROTOCOL_IN_USE");
      }
      await repo.replaceSteps(tx, schoolId, id, []);
      await repo.deleteProtocol(tx, schoolId, id);
      return { id };
    });
  }

  return { list, create, update, remove };
}

export type ProtocolsService = ReturnType<typeof createProtocolsService>;
