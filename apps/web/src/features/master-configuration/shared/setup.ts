import { SETUP_STAGES, type SetupStage } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useAccess } from "./access.ts";
import { useMcKey } from "./keys.ts";

/** GET api/school_years/percentage-completed (spec §3 setup-completion report). */
export interface SetupReport {
  stages_completed: Record<SetupStage, boolean>;
  /** Staff are invited but nobody has joined yet: the users stage reads "invitation sent", still pending. */
  users_invited?: boolean;
  completed: number;
  total: number;
  percentage: number;
  missing: SetupStage[];
}

/** The master-configuration screen that completes each stage (product design §3 "Setup completion"). */
export const STAGE_SCREEN: Record<SetupStage, string> = {
  schoolYear: "scholar-cicle",
  periods: "scholar-cicle",
  grades: "level-grade-group",
  groups: "level-grade-group",
  subjects: "subject",
  students: "students-profile",
  users: "school-users",
};

/** GET api/school_years/percentage-completed needs the master-configuration or the strategic-vision module. */
export const SETUP_GRANTS = ["module-master-configuration", "module-strategic-vision"] as const;

/**
 * The school's setup report for those who may read it (undefined data otherwise). Under the master-configuration
 * key: every save there refreshes it, so the checklist and the next step follow each change.
 */
export function useSetupReport() {
  const key = useMcKey();
  const access = useAccess();
  const allowed = SETUP_GRANTS.some((g) => access.holds(g));
  const report = useQuery({
    queryKey: key("setup"),
    queryFn: () => api<{ data: SetupReport }>("/api/school_years/percentage-completed").then((r) => r.data),
    enabled: allowed,
  });
  return { report, allowed };
}

/** The first stage not yet done, in the checklist's order (each builds on the ones before); null when all are. */
export const nextStage = (report: SetupReport): SetupStage | null =>
  SETUP_STAGES.find((s) => !report.stages_completed[s]) ?? null;
