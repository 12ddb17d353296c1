import { SETUP_STAGES } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { presentSchoolSettings } from "../../lib/school-presenter.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./schools.repository.ts";
import { setupStages, staffInvited } from "./setup.repository.ts";

export function createSchoolsService(deps: { db: Db }) {
  const { db } = deps;

  /** Spec §3 School information, defaults already filled in by the schema. */
  async function schoolInformation(schoolId: string) {
    const school = await repo.findSchool(db, schoolId);
    if (!school) throw new AppError("NOT_FOUND");
    return {
      ...presentSchoolSettings(school),
      is_active: school.isActive,
    };
  }

  /** What the sign-in page may show before anyone signs in: name, logo and colours only. */
  async function publicBranding(schoolId: string) {
    const info = await schoolInformation(schoolId);
    if (!info.is_active) throw new AppError("NOT_FOUND");
    const {
      id,
      name,
      logo,
      institutional_color_1,
      institutional_color_2,
      institutional_color_3,
      institutional_color_4,
    } = info;
    return {
      id,
      name,
      logo,
      institutional_color_1,
      institutional_color_2,
      institutional_color_3,
      institutional_color_4,
    };
  }

  async function percentageCompleted(tenant: Tenant) {
    const [stages, invited] = await Promise.all([setupStages(db, tenant.schoolId), staffInvited(db, tenant.schoolId)]);
    const done = SETUP_STAGES.filter((s) => stages[s]).length;
    return {
      stages_completed: stages,
      // Sent is not joined: the users stage stays pending until someone accepts, and says the invitation is out.
      users_invited: !stages.users && invited,
      completed: done,
      total: SETUP_STAGES.length,
      percentage: Math.round((done / SETUP_STAGES.length) * 100),
      missing: SETUP_STAGES.filter((s) => !stages[s]),
    };
  }

  return { schoolInformation, publicBranding, percentageCompleted };
}

export type SchoolsService = ReturnType<typeof createSchoolsService>;
