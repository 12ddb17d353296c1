import { createHash } from "node:crypto";
import { isModuleGrant, isPermission, landingView, perm, type UpdateUserBody, UserPayload } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Principal, Tenant } from "../../plugins/access.ts";
import type { Caches } from "../../plugins/caches.ts";
import type { SetupProgress } from "../schools/index.ts";
import { identityChanges } from "./identity.ts";
import * as repo from "./users.repository.ts";

export type Include = "roles" | "permissions" | "roles.permissions" | "sections" | "grades" | "subjects";

const uniqueBy = <T>(rows: T[], key: (row: T) => unknown) => [...new Map(rows.map((r) => [key(r), r])).values()];

export function createUsersService(deps: {
  db: Db;
  appDomain: string;
  events: EventBus;
  caches: Caches;
  /** Whether the school is still being set up: its staff who can complete it land on the checklist. */
  setup: Pick<SetupProgress, "pending">;
}) {
  const { db } = deps;

  /** The spec §3 User as the client reads it, for the selected school when there is one. */
  async function userPayload(userId: number, tenant: Tenant | null, include: readonly Include[] = []) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError("NOT_FOUND");
    const schools = await repo.listUserSchools(db, userId);
    const base = {
      id: user.id,
      first_name: user.firstName,
      paternal_surname: user.paternalSurname,
      maternal_surname: user.maternalSurname,
      email: user.email,
      cell_phone: user.cellPhone,
      root: user.root,
      password_updated: user.passwordUpdated,
      image_profile: user.imageProfile,
      imageProfile: user.imageProfile,
      language: user.language,
      schools: schools.map((s) => ({ id: s.id, name: s.name, logo: s.logo, is_active: Boolean(s.is_active) })),
    };
    const membership = tenant ? await repo.findMembership(db, tenant.schoolId, userId) : undefined;
    if (!tenant || !membership || membership.profileId === null) {
      return {
        ...base,
        privacy_notice_viewed: user.root === 1 ? 1 : 0,
        permissions: [] as string[],
        permissionsModules: [] as string[],
        viewMain: user.root === 1 ? "/admin-school-creator" : "/",
        domain: null as string | null,
        unviewed_notifications_count: 0,
      };
    }
    const profile = await repo.findProfile(db, tenant.schoolId, membership.profileId);
    const grants = await repo.profileGrants(db, tenant.schoolId, membership.profileId);
    const permissions = grants.filter(isPermission);
    const permissionsModules = grants.filter(isModuleGrant);
    const role = {
      id: profile!.id,
      name: profile!.name,
      name_en: profile!.nameEn,
      ...(include.includes("roles.permissions") ? { permissions: grants.map((name) => ({ name })) } : {}),
    };
    const teaching = include.some((i) => i === "sections" || i === "grades" || i === "subjects")
      ? await repo.teachingOf(db, tenant.schoolId, userId)
      : [];
    // Asked only of those who could land on the checklist; a set-up school answers from memory.
    const setupPending = permissionsModules.includes("module-master-configuration")
      ? await deps.setup.pending(tenant.schoolId)
      : false;
    return {
      ...base,
      privacy_notice_viewed: membership.acceptedNoticeVersion === membership.noticeVersion ? 1 : 0,
      roles: [role],
      permissions,
      permissionsModules,
      viewMain: landingView(profile!.name, permissionsModules, { pending: setupPending, permissions }),
      domain: `${tenant.schoolId}.${deps.appDomain}`,
      unviewed_notifications_count: membership.unviewed,
      ...(include.includes("sections")
        ? { sections: uniqueBy(teaching, (t) => t.sectionId).map((t) => ({ id: t.sectionId, name: t.sectionName })) }
        : {}),
      ...(include.includes("grades")
        ? {
            grades: uniqueBy(teaching, (t) => t.groupId).map((t) => ({
              id: t.gradeId,
              name: t.gradeName,
              group: { id: t.groupId, name: t.groupName },
            })),
          }
        : {}),
      ...(include.includes("subjects")
        ? {
            subjects: uniqueBy(teaching, (t) => `${t.groupId}:${t.subjectId}`).map((t) => ({
              id: t.subjectId,
              name: t.subjectName,
              group_id: t.groupId,
            })),
          }
        : {}),
    };
  }

  /**
   * Reading another user needs the users permission in a school both belong to; else 404. Their other schools
   * are theirs: the answer lists only the school asking.
   */
  async function getUser(principal: Principal, tenant: Tenant | null, id: number, include: readonly Include[]) {
    if (id === principal.userId) {
      const own = await userPayload(id, tenant, include);
      // A session the school's identity provider opened acts in that school only: the switcher offers no other.
      const bound = principal.boundSchoolId;
      return bound === null ? own : { ...own, schools: own.schools.filter((s) => s.id === bound) };
    }
    const canRead = tenant?.grants.has(perm("master-configuration-users", "read"));
    if (!tenant || !canRead || !(await repo.isMember(db, tenant.schoolId, id))) throw new AppError("NOT_FOUND");
    const payload = await userPayload(id, tenant, include);
    return { ...payload, schools: payload.schools.filter((s) => s.id === tenant.schoolId) };
  }

  /**
   * GET api/users/{id} as the JSON text it answers with. The caller's own record — the 30 s bell poll — is
   * served from memory until something about it changes (plugins/caches.ts drops it at once).
   */
  async function getUserJson(principal: Principal, tenant: Tenant | null, id: number, include: readonly Include[]) {
    const render = async () => {
      // Parsing through the response schema keeps the whitelist: only its fields reach the text.
      const user = UserPayload.parse(await getUser(principal, tenant, id, include));
      const json = JSON.stringify({ data: { user } });
      // A validator computed once per version of the text, so an unchanged poll can be answered 304 without a body.
      const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
      // What a change of a school drops (plugins/caches.ts): the answer lists the user's schools by name and state.
      const schools = [...new Set([...user.schools.map((s) => s.id), ...(tenant ? [tenant.schoolId] : [])])];
      return { json, etag, schools };
    };
    if (id !== principal.userId) return render();
    const key = `${id}|${tenant?.schoolId ?? ""}|${principal.boundSchoolId ?? ""}|${[...include].sort().join(",")}`;
    return (await deps.caches.userJson.load(key, render))!;
  }

  /** The school's members for building names; `staff` keeps those with a profile that is not the family one. */
  async function listUsers(tenant: Tenant, options: { staff?: boolean } = {}) {
    const all = (await repo.listSchoolUsers(db, tenant.schoolId)).map((r) => ({
      ...r,
      // Staff by the profile's template, not its name: a school may rename "Familiar".
      is_staff: r.profile_id !== null && r.template_key !== "familiar",
    }));
    const rows = options.staff ? all.filter((r) => r.is_staff) : all;
    // Without the users permission only staff names are shown, never e-mails or families.
    if (tenant.grants.has(perm("master-configuration-users", "read"))) return rows;
    return rows
      .filter((r) => r.is_staff)
      .map(({ id, first_name, paternal_surname, maternal_surname, image_profile, profile_name, is_staff }) => ({
        id,
        first_name,
        paternal_surname,
        maternal_surname,
        image_profile,
        profile_name,
        is_staff,
      }));
  }

  /**
   * POST api/users/{id}. A user may edit their own names, phone and language, reset their own bell count and
   * accept the privacy notice; changing their own e-mail needs the users update permission. Another member's
   * account is theirs (issue 9): the users update permission reaches it only as school-users PATCH does.
   */
  async function updateUser(principal: Principal, tenant: Tenant | null, id: number, body: UpdateUserBody) {
    const self = id === principal.userId;
    const canManage = Boolean(tenant?.grants.has(perm("master-configuration-users", "update")));
    const target = await repo.findUserById(db, id);
    if (!target) throw new AppError("NOT_FOUND");
    if (!self && (!tenant || !canManage || !(await repo.isMember(db, tenant.schoolId, id)))) {
      throw new AppError("NOT_FOUND");
    }
    const emailChanges = body.email !== undefined && body.email.toLowerCase() !== target.email.toLowerCase();
    if (emailChanges && !canManage) throw new AppError("FORBIDDEN");
    if (emailChanges && self) {
      const owner = await repo.findUserByEmail(db, body.email!);
      if (owner && owner.id !== id) throw new AppError("EMAIL_TAKEN", { email: "EMAIL_TAKEN" });
    }
    await db.transaction(async (tx) => {
      const requested = {
        firstName: body.first_name,
        paternalSurname: body.paternal_surname,
        maternalSurname: body.maternal_surname,
        cellPhone: body.cell_phone,
      };
      const identity = self
        ? { ...requested, email: emailChanges ? body.email : undefined }
        : await identityChanges(tx, tenant!.schoolId, id, target, { ...requested, email: body.email });
      await repo.updateUserRow(tx, id, { ...identity, language: self ? body.language : undefined });
      if (!tenant) return;
      if (body.unviewed_notifications_count !== undefined) {
        // Only a reset is meaningful: the count itself is kept by the notifications that arrive.
        if (body.unviewed_notifications_count !== 0)
          throw new AppError("VALIDATION", { unviewed_notifications_count: "VALIDATION" });
        await repo.updateMembership(tx, tenant.schoolId, id, { unviewedNotificationsCount: 0 });
      }
      if (self && body.privacy_notice_viewed === 1) {
        const membership = await repo.findMembership(tx, tenant.schoolId, id);
        await repo.updateMembership(tx, tenant.schoolId, id, {
          privacyNoticeVersion: membership?.noticeVersion ?? 1,
          privacyNoticeViewedAt: new Date(),
        });
      }
    });
    if (tenant && body.unviewed_notifications_count === 0) {
      deps.events.emit("notifications.count", { schoolId: tenant.schoolId, userId: id, count: 0 });
    }
    deps.events.emit("users.changed", { userId: id });
    if (tenant && body.privacy_notice_viewed === 1) {
      deps.events.emit("memberships.changed", { schoolId: tenant.schoolId, userId: id });
    }
    return userPayload(id, tenant);
  }

  return { userPayload, getUser, getUserJson, listUsers, updateUser };
}

export type UsersService = ReturnType<typeof createUsersService>;
