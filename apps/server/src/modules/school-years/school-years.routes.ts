import {
  CreatePeriodBody,
  CreateSchoolYearBody,
  DeletedResponse,
  envelope,
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { type CycleDetailsService, createCycleDetailsService, type GroupsOfYear } from "./cycle-details.service.ts";
import { createPeriodsService, type PeriodsService } from "./periods.service.ts";
import { createSchoolYearsService, type SchoolYearsService } from "./school-years.service.ts";

const access = (action: "create" | "read" | "update" | "delete") =>
  ({ access: "school", permissions: [perm("master-configuration-school-year", action)] }) as const;
const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };
const Year = envelope(z.object({ school_year: SchoolYearSchema }));
const Period = envelope(z.object({ period: PeriodSchema }));

export const schoolYearsRoutes: FastifyPluginAsyncZod<{
  years: SchoolYearsService;
  periods: PeriodsService;
  cycleDetails: CycleDetailsService;
}> = async (app, { years, periods, cycleDetails }) => {
  app.get(
    "/api/school-years",
    {
      config: access("read"),
      schema: {
        tags,
        description: "The school's years, newest first, each with its periods and number of groups.",
        response: { 200: envelope(z.object({ school_years: z.array(SchoolYearSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { school_years: await years.list(request.tenant!) } }),
  );

  app.post(
    "/api/school-years",
    {
      config: access("create"),
      schema: {
        tags,
        description: "Creates a year (422 DATES_OVERLAP when it touches another); the first one becomes current.",
        body: CreateSchoolYearBody,
        response: { 201: Year, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { school_year: await years.create(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/school-years/:id",
    {
      config: access("update"),
      schema: {
        tags,
        description: "Edits an open year; is_current: true makes it the current one (409 YEAR_CLOSED when closed).",
        params: IdParam,
        body: UpdateSchoolYearBody,
        response: { 200: Year, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { school_year: await years.update(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/school-years/:id",
    {
      config: access("delete"),
      schema: {
        tags,
        description: "Deletes an open year without periods or groups (409 IN_USE otherwise).",
        params: IdParam,
        response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await years.remove(request.tenant!, request.params.id) }),
  );

  app.post(
    "/api/school-years/:id/close",
    {
      config: access("update"),
      schema: {
        tags,
        description:
          "Closes a year for good: read-only from then on. The current year cannot be closed (409 YEAR_IS_CURRENT).",
        params: IdParam,
        response: { 200: Year, ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: { school_year: await years.close(request.tenant!, request.params.id) } }),
  );

  app.get(
    "/api/school-years/:id/periods",
    {
      config: access("read"),
      schema: {
        tags,
        params: IdParam,
        response: { 200: envelope(z.object({ periods: z.array(PeriodSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { periods: await periods.list(request.tenant!, request.params.id) } }),
  );

  app.post(
    "/api/school-years/:id/periods",
    {
      config: access("create"),
      schema: {
        tags,
        description: "Adds a period inside the year (422 PERIOD_OUTSIDE_YEAR, 422 DATES_OVERLAP with another period).",
        params: IdParam,
        body: CreatePeriodBody,
        response: { 201: Period, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: { period: await periods.create(request.tenant!, request.params.id, request.body) } }),
  );

  app.patch(
    "/api/school-years/:id/periods/:periodId",
    {
      config: access("update"),
      schema: { tags, params: YearPeriodParams, body: UpdatePeriodBody, response: { 200: Period, ...WRITE_ERRORS } },
    },
    async (request) => ({
      data: {
        period: await periods.update(request.tenant!, request.params.id, request.params.periodId, request.body),
      },
    }),
  );

  app.delete(
    "/api/school-years/:id/periods/:periodId",
    {
      config: access("delete"),
      schema: { tags, params: YearPeriodParams, response: { 200: envelope(DeletedResponse), ...WRITE_ERRORS } },
    },
    async (request) => ({ data: await periods.remove(request.tenant!, request.params.id, request.params.periodId) }),
  );

  const pastAccess = {
    access: "school",
    permissions: [perm("master-configuration-past-school-years", "read")],
  } as const;

  app.get(
    "/api/cycle-details",
    {
      config: pastAccess,
      schema: {
        tags,
        description: "Closed school years, newest first, with their groups and student counts.",
        response: { 200: envelope(z.object({ school_years: z.array(PastSchoolYearSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { school_years: await cycleDetails.list(request.tenant!) } }),
  );

  app.get(
    "/api/cycle-details/:id",
    {
      config: pastAccess,
      schema: {
        tags,
        description: "One closed school year with each group's students (404 for a year that is not closed).",
        params: IdParam,
        response: { 200: envelope(z.object({ school_year: PastSchoolYearDetailSchema })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { school_year: await cycleDetails.detail(request.tenant!, request.params.id) } }),
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
