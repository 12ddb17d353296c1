import { incidentScope, type Language, perm, ROLE_FAMILIAR } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import type { Tenant } from "../../plugins/access.ts";
import { myChildIds, myGroupIds, type Viewer } from "../incidents/index.ts";
import type { RowScope } from "./forms.repository.ts";

export const isFamily = (tenant: Tenant) => tenant.profileName === ROLE_FAMILIAR;

/** Staff whose data scope is the whole school (Director, Coordinador, Orientador by default). */
export const schoolWide = (tenant: Tenant) =>
  !isFamily(tenant) && incidentScope(tenant.profileName, tenant.grants) === "school";

export const languageOf = (viewer: Viewer): Language => viewer.language ?? "es";

/**
 * The rows of a form a reader reaches (issue 29 §2): school-wide staff every student; other staff holding
 * forms-parents (a teacher a school grants it to) the students of the groups they head or teach; a family its
 * children.
 */
export async function rowScope(db: Db, viewer: Viewer): Promise<RowScope> {
  const { schoolId } = viewer.tenant;
  if (isFamily(viewer.tenant)) return { kind: "children", studentIds: await myChildIds(db, schoolId, viewer.userId) };
  if (schoolWide(viewer.tenant)) return { kind: "school" };
  return { kind: "groups", groupIds: await myGroupIds(db, schoolId, viewer.userId) };
}

/** Staff who close a form or remind its families: forms-parents.update and school-wide or its sender. */
export const canManage = (viewer: Viewer, sentBy: number) =>
  !isFamily(viewer.tenant) &&
  viewer.tenant.grants.has(perm("forms-parents", "update")) &&
  (schoolWide(viewer.tenant) || sentBy === viewer.userId);
