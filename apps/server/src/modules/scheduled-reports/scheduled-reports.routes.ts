import {
  envelope,
  IdParam,
  ReportOptions,
  ReportRunsPage,
  ReportRunsQuery,
  ReportSendNowAnswer,
  ReportSendNowBody,
  ScheduledReport,
  ScheduledReportBody,
  UnsentReportDelivery,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { requestLanguage } from "../../lib/language.ts";
import { areaAccess, keyed, keyedList, resourceRoutes } from "../../lib/resource-routes.ts";
import type { ScheduledReportsService } from "./scheduled-reports.service.ts";

// Master configuration → Scheduled reports (spec §6: read master-configuration-scheduled-reports opens the screen;
// create, update and delete of the same area change reports; "send now" and a retry are updates).
const access = areaAccess("master-configuration-scheduled-reports");
const BASE = "/api/scheduled-reports";

export const scheduledReportsRoutes: FastifyPluginAsync<{ service: ScheduledReportsService }> = async (
  app,
  { service },
) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: (a) => access(a) });
  const lang = (request: FastifyRequest) => requestLanguage(request.headers);
  const userId = (request: FastifyRequest) => request.principal!.userId;

  r.route(
    "GET",
    BASE,
    200,
    keyedList("reports", ScheduledReport),
    { action: "read", description: "The school's scheduled reports with their next and last run." },
    async ({ tenant, request }) => ({ reports: await service.list(tenant.schoolId, lang(request)) }),
  );
  r.route(
    "GET",
    `${BASE}/options`,
    200,
    envelope(ReportOptions),
    {
      action: "read",
      description:
        "What the report form picks from: the report types of the registry, staff, profiles, this year's structure.",
    },
    ({ tenant, request }) => service.options(tenant.schoolId, lang(request)),
  );
  r.route(
    "GET",
    `${BASE}/unsent`,
    200,
    keyedList("deliveries", UnsentReportDelivery),
    {
      action: "read",
      description: "'Unsent email list': the reports' e-mails the outbox could not deliver after all its tries.",
    },
    async ({ tenant }) => ({ deliveries: await service.unsent(tenant.schoolId) }),
  );
  r.route(
    "POST",
    BASE,
    201,
    keyed("report", ScheduledReport),
    {
      action: "create",
      body: ScheduledReportBody,
      description:
        "Creates a report and its schedule (the school's time zone). 422 REPORT_* for a type, recipient or filter that is not the school's.",
    },
    async ({ tenant, request, body }) => ({
      report: await service.create(tenant.schoolId, userId(request), body, lang(request)),
    }),
  );
  r.route(
    "PUT",
    `${BASE}/:id`,
    200,
    keyed("report", ScheduledReport),
    {
      action: "update",
      params: IdParam,
      body: ScheduledReportBody,
      description: "Replaces a report (whole) and its schedule; active false pauses it.",
    },
    async ({ tenant, request, params, body }) => ({
      report: await service.replace(tenant.schoolId, params.id, body, lang(request)),
    }),
  );
  r.remove(
    `${BASE}/:id`,
    { description: "Deletes a report, its schedule and its run history (the e-mails already sent stay sent)." },
    ({ tenant, params }) => service.remove(tenant.schoolId, params.id),
  );
  r.route(
    "GET",
    `${BASE}/:id/runs`,
    200,
    envelope(ReportRunsPage),
    {
      action: "read",
      params: IdParam,
      query: ReportRunsQuery,
      description: "The report's run history, newest first, each run with its deliveries and their state.",
    },
    ({ tenant, params, query }) => service.runs(tenant.schoolId, params.id, query),
  );
  r.route(
    "POST",
    `${BASE}/:id/send-now`,
    201,
    envelope(ReportSendNowAnswer),
    {
      action: "update",
      params: IdParam,
      body: ReportSendNowBody,
      description:
        "Sends the report now (a test): to every recipient, or only to the caller with only_me. Answers the queued run; its job produces it.",
    },
    ({ tenant, request, params, body }) => service.sendNow(tenant.schoolId, userId(request), params.id, body),
  );
  r.route(
    "POST",
    `${BASE}/deliveries/:id/retry`,
    200,
    envelope(z.object({ retried: z.literal(true) })),
    {
      action: "update",
      params: IdParam,
      description: "Sends a failed delivery again (it leaves the 'Unsent email list'; 404 when it is not failed).",
    },
    ({ tenant, params }) => service.retry(tenant.schoolId, params.id),
  );
};
