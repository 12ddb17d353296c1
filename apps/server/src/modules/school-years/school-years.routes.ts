import {
  CreatePeriodBody,
  CreateSchoolYearBody,
  IdParam,
  PastSchoolYearDetailSchema,
  PastSchoolYearSchema,
  PeriodSchema,
  perm,
  SchoolYearSchema,
  UpdatePeriodBody,
  UpdateSchoolYearBody,
  YearPeriodParams,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { areaAccess, keyed, resourceRoutes } from "../../lib/resource-routes.ts";
import { type CycleDetailsService, createCycleDetailsService, type GroupsOfYear } from "./cycle-details.service.ts";
import { createPeriodsService, type PeriodsService } from "./periods.service.ts";
import { createSchoolYearsService, type SchoolYearsService } from "./school-years.service.ts";

const access = areaAccess("master-configuration-school-year");

export const schoolYearsRoutes: FastifyPluginAsync<{
  years: SchoolYearsService;
  periods: PeriodsService;
  cycleDetails: CycleDetailsService;
}> = async (app, { years, periods, cycleDetails }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access });
  const year = ["school_year", SchoolYearSchema] as const;
  const period = ["period", PeriodSchema] as const;

  r.crud(
    "/api/school-years",
    {
      one: "school_year",
      many: "school_years",
      item: SchoolYearSchema,
      create: CreateSchoolYearBody,
      update: UpdateSchoolYearBody,
      docs: {
        list: "The school's years, newest first, each with its periods and number of groups.",
        create: "Creates a year (422 DATES_OVERLAP when it touches another); the first one becomes current.",
        update: "Edits an open year; is_current: true makes it the current one (409 YEAR_CLOSED when closed).",
        remove: "Deletes an open year without periods or groups (409 IN_USE otherwise).",
      },
    },
    years,
  );
  r.route(
    "POST",
    "/api/school-years/:id/close",
    200,
    keyed(...year),
    {
      action: "update",
      description:
        "Closes a year for good: read-only from then on. The current year cannot be closed (409 YEAR_IS_CURRENT).",
      params: IdParam,
    },
    async ({ tenant, params }) => ({ school_year: await years.close(tenant, params.id) }),
  );

  r.list("/api/school-years/:id/periods", ["periods", PeriodSchema], { params: IdParam }, ({ tenant, params }) =>
    periods.list(tenant, params.id),
  );
  r.create(
    "/api/school-years/:id/periods",
    period,
    {
      description: "Adds a period inside the year (422 PERIOD_OUTSIDE_YEAR, 422 DATES_OVERLAP with another period).",
      params: IdParam,
      body: CreatePeriodBody,
    },
    ({ tenant, params, body }) => periods.create(tenant, params.id, body),
  );
  r.update(
    "/api/school-years/:id/periods/:periodId",
    period,
    { params: YearPeriodParams, body: UpdatePeriodBody },
    ({ tenant, params, body }) => periods.update(tenant, params.id, params.periodId, body),
  );
  r.remove("/api/school-years/:id/periods/:periodId", { params: YearPeriodParams }, ({ tenant, params }) =>
    periods.remove(tenant, params.id, params.periodId),
  );

  const past = { access: "school", permissions: [perm("master-configuration-past-school-years", "read")] } as const;
  r.list(
    "/api/cycle-details",
    ["school_years", PastSchoolYearSchema],
    { config: past, description: "Closed school years, newest first, with their groups and student counts." },
    ({ tenant }) => cycleDetails.list(tenant),
  );
  r.route(
    "GET",
    "/api/cycle-details/:id",
    200,
    keyed("school_year", PastSchoolYearDetailSchema),
    {
      action: "read",
      config: past,
      description: "One closed school year with each group's students (404 for a year that is not closed).",
      params: IdParam,
    },
    async ({ tenant, params }) => ({ school_year: await cycleDetails.detail(tenant, params.id) }),
  );
};

/** The module as app.ts registers it: the services built from the app's context. */
export const schoolYearsModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db"> & { listGroups: GroupsOfYear };
}> = async (app, { ctx }) => {
  const { db, listGroups } = ctx;
  await app.register(schoolYearsRoutes, {
    years: createSchoolYearsService({ db }),
    periods: createPeriodsService({ db }),
    cycleDetails: createCycleDetailsService({ db, listGroups }),
  });
};
