/**
 * Profile (role) templates seeded for every new school (product design §1). Data only: the server copies them
 * into each school's profiles, after which the school may edit them or add its own.
 */
import {
  ACTIONS,
  type Action,
  ALL_PERMISSIONS,
  type Area,
  MODULE_KEYS,
  type ModuleGrant,
  type Permission,
  perm,
} from "./permissions.ts";

/** Role names the spec reads literally (spec §6: landing view and Director-only rules). */
export const ROLE_DIRECTOR = "Director";
export const ROLE_FAMILIAR = "Familiar";

export type ProfileTemplateKey = "director" | "coordinador" | "docente" | "orientador" | "enfermeria" | "familiar";

export interface ProfileTemplate {
  key: ProfileTemplateKey;
  /** Spanish name as displayed; also the role name the landing view compares against. */
  name: string;
  /** English name a reader of English sees (issue 12 §6); the rules never read it. */
  nameEn: string;
  modules: ModuleGrant[];
  permissions: Permission[];
}

/** `actions` of every area given, in catalogue order. */
const grant = (areas: readonly Area[], actions: readonly Action[]): Permission[] =>
  areas.flatMap((area) => actions.map((action) => perm(area, action)));

const CRUDS = ACTIONS;
const READ_SEARCH = ["read", "search"] as const;
const CREATE_UPDATE = ["create", "update"] as const;

/** What school-wide staff follow: they read and search everything about a student except nursing records. */
const STAFF_READ_AREAS = [
  "incidents",
  "accompaniment-observations",
  "formative-actions",
  "parent-meetings",
  "scorings",
  "scorecard",
  "strategic-vision",
  "notifications",
  "messages",
  "forms-parents",
] as const satisfies readonly Area[];

/** The follow-up work coordinators and counsellors record themselves. */
const STAFF_WRITE_AREAS = [
  "incidents",
  "formative-actions",
  "parent-meetings",
  "accompaniment-observations",
] as const satisfies readonly Area[];

/** Every module except master configuration, which stays with the Director. */
// Nursing (issue 29) stays with the nurse and the Director: school-wide staff do not read medical records.
const STAFF_MODULES: ModuleGrant[] = MODULE_KEYS.filter(
  (m) => m !== "module-master-configuration" && m !== "module-nursing",
);

const coordinadorPermissions: Permission[] = [
  ...grant(STAFF_READ_AREAS, READ_SEARCH),
  ...grant(STAFF_WRITE_AREAS, CREATE_UPDATE),
  // The forms module is in their menu, so they may also send and edit forms to parents.
  ...grant(["forms-parents"], CREATE_UPDATE),
  perm("messages", "create"),
  // Announcements to families (issue 27 §2): a school-wide scope addresses any group, grade, section or the school.
  ...grant(["announcements"], ["create", "read"]),
  "notify-profile",
];

export const PROFILE_TEMPLATES: readonly ProfileTemplate[] = [
  {
    key: "director",
    name: ROLE_DIRECTOR,
    nameEn: "Principal",
    modules: [...MODULE_KEYS],
    permissions: [...ALL_PERMISSIONS],
  },
  {
    key: "coordinador",
    name: "Coordinador",
    nameEn: "Coordinator",
    modules: [...STAFF_MODULES],
    permissions: coordinadorPermissions,
  },
  {
    key: "docente",
    name: "Docente",
    nameEn: "Teacher",
    modules: [
      "module-incidents-registration",
      "module-incidents-details",
      "module-scorings",
      "module-notifications",
      "module-scorecard",
    ],
    permissions: [
      ...grant(["incidents"], ["create", "read", "search"]),
      ...grant(["accompaniment-observations"], ["create", "read"]),
      ...grant(["formative-actions"], ["read", "update"]),
      ...grant(["scorings"], ["create", "read", "update"]),
      perm("scorecard", "read"),
      perm("notifications", "read"),
      ...grant(["messages"], ["create", "read"]),
      // A teacher announces to the families of the groups she heads or teaches.
      ...grant(["announcements"], ["create", "read"]),
      "head-teacher",
    ],
  },
  {
    key: "orientador",
    name: "Orientador",
    nameEn: "Counsellor",
    modules: [...STAFF_MODULES],
    // Counsellors own inclusion and external support (issue 28): with the Director they are the confidential readers
    // of these records by default; a school marks other profiles as readers by granting external-support.read or
    // inclusion.read in user-profile.
    permissions: [...coordinadorPermissions, ...grant(["inclusion", "external-support"], CRUDS)],
  },
  {
    key: "enfermeria",
    name: "Enfermería",
    nameEn: "School nurse",
    modules: ["module-nursing", "module-notifications", "module-scorecard"],
    // scorecard.read so the scorecard module in their menu actually opens.
    permissions: [...grant(["nursing"], CRUDS), perm("notifications", "read"), perm("scorecard", "read")],
  },
  {
    key: "familiar",
    name: ROLE_FAMILIAR,
    nameEn: "Family member",
    modules: [
      "module-notifications",
      "module-incidents-details",
      "module-scorings",
      "module-scorecard",
      "module-form-student",
    ],
    permissions: [
      perm("incidents", "read"),
      perm("scorings", "read"),
      perm("scorecard", "read"),
      perm("notifications", "read"),
      ...grant(["forms-parents"], ["read", "update"]),
      ...grant(["messages"], ["create", "read"]),
    ],
  },
];

/** The template with this key (every key exists, so this never returns undefined for a typed key). */
export function profileTemplate(key: ProfileTemplateKey): ProfileTemplate {
  const found = PROFILE_TEMPLATES.find((t) => t.key === key);
  if (!found) throw new Error(`unknown profile template ${key}`);
  return found;
}

/** Modules and permissions of a template as one list of names, the shape a role's grants are stored in. */
export function templatePermissions(key: ProfileTemplateKey): string[] {
  const t = profileTemplate(key);
  return [...t.modules, ...t.permissions];
}
