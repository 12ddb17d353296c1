import {
  ACTIONS,
  AREAS,
  type ErrorCode,
  isModuleGrant,
  isPermission,
  MODULE_GRANTS,
  type PermissionMatrix,
  PROFILE_TEMPLATES,
  type ProfileNameBody,
  type ProfileSummary,
  type PutPermissionsBody,
  perm,
  SPECIAL_PERMISSIONS,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { deleteOrInUse, isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import { findProfile, profileGrants } from "../users/index.ts";
import * as repo from "./profiles-admin.repository.ts";

/** The landing view (spec §6) compares these profiles' names, so they keep them and are never deleted. */
const PROTECTED_TEMPLATES = new Set(["director", "familiar"]);

/**
 * What some profile must always hold, or nobody could reach the profile screen to repair the matrix: every
 * action of the user-profile area, and the module key that opens master configuration in the web.
 */
export const PROFILE_ADMIN_GRANTS = [
  ...ACTIONS.map((action) => perm("master-configuration-users-profiles", action)),
  "module-master-configuration",
] as const;

/**
 * The English name after a rename that did not give one: unchanged when the Spanish name is, else the template's
 * English name when the profile takes its template's Spanish name back, else none.
 */
function englishAfterRename(profile: { name: string; templateKey: string | null }, body: ProfileNameBody) {
  if (body.name_en !== undefined) return body.name_en;
  if (body.name === profile.name) return undefined;
  return PROFILE_TEMPLATES.find((t) => t.key === profile.templateKey && t.name === body.name)?.nameEn ?? null;
}

type Row = Awaited<ReturnType<typeof repo.listProfiles>>[number];
const present = (row: Row): ProfileSummary => ({ ...row, protected: PROTECTED_TEMPLATES.has(row.template_key ?? "") });

/** Profiles of a school and their permission matrix (master configuration › user-profile). */
export function createProfilesAdminService(deps: { db: Db; events: EventBus }) {
  const { db } = deps;

  const list = async (tenant: Tenant) => (await repo.listProfiles(db, tenant.schoolId)).map(present);

  async function summary(tx: Tx, schoolId: string, id: number) {
    const row = (await repo.listProfiles(tx, schoolId)).find((p) => p.id === id);
    if (!row) throw new AppError("NOT_FOUND");
    return present(row);
  }

  /** Runs `work` under the school's profile lock, turning a duplicate name into 409 on the name field. */
  async function locked<T>(schoolId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await repo.lockProfiles(tx, schoolId);
        return work(tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", { name: "CONFLICT" });
      throw error;
    }
  }

  async function checkNameFree(tx: Tx, schoolId: string, name: string, exceptId?: number) {
    if (await repo.profileNamed(tx, schoolId, name, exceptId)) throw new AppError("CONFLICT", { name: "CONFLICT" });
  }

  /** Refuses a change after which no profile would hold every profile-administration grant. */
  async function checkAdminKept(tx: Tx, schoolId: string) {
    if ((await repo.profilesHoldingAll(tx, schoolId, PROFILE_ADMIN_GRANTS)).length === 0) {
      throw new AppError("PROFILE_ADMIN_REQUIRED");
    }
  }

  /** Creates an empty profile (no permissions); its name must be new in the school, ignoring case. */
  async function create(tenant: Tenant, body: ProfileNameBody) {
    const { schoolId } = tenant;
    return locked(schoolId, async (tx) => {
      await checkNameFree(tx, schoolId, body.name);
      return summary(tx, schoolId, await repo.insertProfile(tx, schoolId, body.name, body.name_en ?? null));
    });
  }

  async function rename(tenant: Tenant, id: number, body: ProfileNameBody) {
    const { schoolId } = tenant;
    const out = await locked(schoolId, async (tx) => {
      const profile = await findProfile(tx, schoolId, id);
      if (!profile) throw new AppError("NOT_FOUND");
      if (PROTECTED_TEMPLATES.has(profile.templateKey ?? "") && profile.name !== body.name) {
        throw new AppError("PROFILE_PROTECTED");
      }
      await checkNameFree(tx, schoolId, body.name, id);
      await repo.renameProfile(tx, schoolId, id, body.name, englishAfterRename(profile, body));
      return summary(tx, schoolId, id);
    });
    // Members' cached identities carry the profile name (the role label of the header).
    deps.events.emit("schools.changed", { schoolId });
    return out;
  }

  /** Deletes a profile no member holds (409 IN_USE otherwise); Director and Familiar stay. */
  async function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    await deleteOrInUse(() =>
      locked(schoolId, async (tx) => {
        const row = await summary(tx, schoolId, id);
        if (row.protected) throw new AppError("PROFILE_PROTECTED");
        if (row.members_count > 0) throw new AppError("IN_USE");
        await repo.deleteProfile(tx, schoolId, id);
        await checkAdminKept(tx, schoolId);
      }),
    );
    return { id };
  }

  async function matrixOf(tx: Tx, schoolId: string, id: number): Promise<PermissionMatrix> {
    const profile = await summary(tx, schoolId, id);
    const held = new Set(await profileGrants(tx, schoolId, id));
    return {
      profile,
      actions: [...ACTIONS],
      areas: AREAS.map((area) => ({
        area,
        actions: Object.fromEntries(ACTIONS.map((action) => [action, held.has(perm(area, action))])),
      })),
      modules: MODULE_GRANTS.map((key) => ({ key, granted: held.has(key) })),
      special: SPECIAL_PERMISSIONS.map((key) => ({ key, granted: held.has(key) })),
      permissions: [...held].sort(),
    };
  }

  const matrix = (tenant: Tenant, id: number) => matrixOf(db, tenant.schoolId, id);

  /** Replaces the profile's permissions with catalogue names only; every member's access changes at once. */
  async function putPermissions(tenant: Tenant, id: number, body: PutPermissionsBody) {
    const { schoolId } = tenant;
    const unknown: Record<string, ErrorCode> = {};
    body.permissions.forEach((name, i) => {
      if (!isPermission(name) && !isModuleGrant(name)) unknown[`permissions.${i}`] = "VALIDATION";
    });
    const out = await locked(schoolId, async (tx) => {
      // Another school's profile is not found, whatever was sent (no check of the body may come first).
      if (!(await findProfile(tx, schoolId, id))) throw new AppError("NOT_FOUND");
      if (Object.keys(unknown).length > 0) throw new AppError("VALIDATION", unknown);
      await repo.replaceGrants(tx, schoolId, id, [...new Set(body.permissions)]);
      await checkAdminKept(tx, schoolId);
      return matrixOf(tx, schoolId, id);
    });
    // Grants are cached per token and school: drop every member's identity and payload.
    deps.events.emit("schools.changed", { schoolId });
    return out;
  }

  return { list, create, rename, remove, matrix, putPermissions };
}

export type ProfilesAdminService = ReturnType<typeof createProfilesAdminService>;
