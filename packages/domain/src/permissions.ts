/**
 * The one catalogue of module keys, areas and permissions, shared by server and web.
 * A permission is `<area>.<action>` (product design §2); module keys gate whole modules (spec §6).
 */

export const ACTIONS = ["create", "read", "update", "delete", "search"] as const;
export type Action = (typeof ACTIONS)[number];

/** Module keys of spec §6, in the order the sidebar shows them. */
export const MODULE_KEYS = [
  "module-incidents-registration",
  "module-strategic-vision",
  "module-incidents-details",
  "module-scorings",
  "module-notifications",
  "module-scorecard",
  "module-form-student",
  "module-master-configuration",
  "module-incidents-graph",
  // Issue 29: the nurse's screen (/nursing), not in the spec's list — the spec shows no route for nursing work.
  "module-nursing",
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** Spec §6: "module-incidents-registration (or create-accompaniment-observations)" opens Registro. */
export const OBSERVATIONS_ONLY_KEY = "create-accompaniment-observations" as const;
export type ModuleGrant = ModuleKey | typeof OBSERVATIONS_ONLY_KEY;
export const MODULE_GRANTS: readonly ModuleGrant[] = [...MODULE_KEYS, OBSERVATIONS_ONLY_KEY];

/** Module tags carried by routes (spec §2). */
export const MODULE_TAGS = [
  "incidents-registration",
  "incidents-details",
  "incidents-graph",
  "strategic-vision",
  "notifications",
  "master-configuration",
  "scorings",
  "scorecard",
  "form-student",
  "nursing",
] as const;
export type ModuleTag = (typeof MODULE_TAGS)[number];

/** Which route tag each module key opens. */
export const TAG_OF_MODULE: Record<ModuleGrant, ModuleTag> = {
  "module-incidents-registration": "incidents-registration",
  "create-accompaniment-observations": "incidents-registration",
  "module-strategic-vision": "strategic-vision",
  "module-incidents-details": "incidents-details",
  "module-scorings": "scorings",
  "module-notifications": "notifications",
  "module-scorecard": "scorecard",
  "module-form-student": "form-student",
  "module-master-configuration": "master-configuration",
  "module-incidents-graph": "incidents-graph",
  "module-nursing": "nursing",
};

/** Areas of the permission matrix (the spec's master-configuration areas first, then the modules' own). */
export const AREAS = [
  "master-configuration-school-info",
  "master-configuration-users-profiles",
  "master-configuration-sections",
  "master-configuration-subjects",
  "master-configuration-school-year",
  "master-configuration-users",
  "master-configuration-users-massive-upload",
  "master-configuration-students",
  "master-configuration-students-massive-upload",
  "master-configuration-incident-configurator",
  "master-configuration-past-school-years",
  "master-configuration-re-enroll-students",
  "master-configuration-school-user-reassignment",
  "master-configuration-scheduled-reports",
  "master-configuration-nursing",
  // Issue 30 §5: how long records are kept after a student leaves, and the retention log (read/update).
  "master-configuration-data-retention",
  "incidents",
  "accompaniment-observations",
  "formative-actions",
  "parent-meetings",
  "scorings",
  "scorecard",
  "strategic-vision",
  "notifications",
  "messages",
  "announcements",
  "external-support",
  "inclusion",
  "forms-parents",
  "nursing",
] as const;
export type Area = (typeof AREAS)[number];

export type AreaPermission = `${Area}.${Action}`;
/**
 * Spec §6 "Other permissions: notify profile and head teacher"; `read-log` (issue 25 §3): sees who read a
 * student's sensitive records (the Director holds every permission).
 */
export const SPECIAL_PERMISSIONS = ["notify-profile", "head-teacher", "read-log"] as const;
export type SpecialPermission = (typeof SPECIAL_PERMISSIONS)[number];
export type Permission = AreaPermission | SpecialPermission;

export const perm = (area: Area, action: Action): AreaPermission => `${area}.${action}`;

export const AREA_PERMISSIONS: readonly AreaPermission[] = AREAS.flatMap((area) =>
  ACTIONS.map((action) => perm(area, action)),
);
export const ALL_PERMISSIONS: readonly Permission[] = [...AREA_PERMISSIONS, ...SPECIAL_PERMISSIONS];

const permissionSet = new Set<string>(ALL_PERMISSIONS);
const moduleSet = new Set<string>(MODULE_GRANTS);
export const isPermission = (value: string): value is Permission => permissionSet.has(value);
export const isModuleGrant = (value: string): value is ModuleGrant => moduleSet.has(value);

/** True when the holder has at least one of `required` (an empty list requires nothing). */
export function holdsAny(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((p) => held.includes(p));
}
