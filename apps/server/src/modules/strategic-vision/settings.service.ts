import { type DashboardOptions, perm, type StrategicVisionSettingsBody } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { resolveScope, type Viewer } from "../incidents/index.ts";
import { type DashboardService, requireDashboard } from "./dashboard.service.ts";
import { dashboardOptions } from "./options.repository.ts";
import { escalationDays, saveEscalationDays } from "./settings.repository.ts";

/** The dashboard's filter values and the school's escalation setting (edited with strategic-vision.update). */
export function createSettingsService(deps: { db: Db; dashboards: Pick<DashboardService, "dropSchool"> }) {
  const { db } = deps;

  async function options(viewer: Viewer): Promise<DashboardOptions> {
    requireDashboard(viewer.tenant);
    const { schoolId, grants } = viewer.tenant;
    const scope = await resolveScope(db, viewer);
    const [values, days] = await Promise.all([
      dashboardOptions(db, schoolId, viewer.language ?? "es", scope.kind === "own" ? scope.groupIds : null),
      escalationDays(db, schoolId),
    ]);
    return {
      ...values,
      settings: { escalate_after_days: days, editable: grants.has(perm("strategic-vision", "update")) },
    };
  }

  /** Saves the days; the dashboard's escalated list follows at once. */
  async function save(viewer: Viewer, body: StrategicVisionSettingsBody) {
    requireDashboard(viewer.tenant);
    const days = await saveEscalationDays(db, viewer.tenant.schoolId, body.escalate_after_days);
    deps.dashboards.dropSchool(viewer.tenant.schoolId);
    return { escalate_after_days: days };
  }

  return { options, save };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
