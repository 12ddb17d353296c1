import {
  ApplyReenrollmentBody,
  envelope,
  IdParam,
  ReenrollmentOverview,
  ReenrollmentPlanBody,
  ReenrollmentPreview,
  ReenrollmentSchema,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requestLanguage } from "../../lib/language.ts";
import { areaAccess, resourceRoutes } from "../../lib/resource-routes.ts";
import type { ReenrollmentService } from "./reenrollment.service.ts";

// Master configuration → Re-enrollment: read (the screen, the preview), create (apply), update (undo) of
// master-configuration-re-enroll-students; the Director holds them all, a school may grant them in user-profile.
const access = areaAccess("master-configuration-re-enroll-students");

export const reenrollmentRoutes: FastifyPluginAsync<{ service: ReenrollmentService }> = async (app, { service }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: (a) => access(a) });
  const lang = (request: FastifyRequest) => requestLanguage(request.headers);
  const item = ["reenrollment", ReenrollmentSchema] as const;

  r.route(
    "GET",
    "/api/reenrollments",
    200,
    envelope(ReenrollmentOverview),
    {
      action: "read",
      description:
        "The current school year, the years its students can go into (open, later, not started) and the re-enrollments so far, newest first.",
    },
    ({ tenant, request }) => service.overview(tenant, lang(request)),
  );
  r.route(
    "POST",
    "/api/reenrollments/preview",
    200,
    envelope(ReenrollmentPreview),
    {
      action: "read",
      config: {
        ...access("read"),
        idempotency: { exempt: "a preview writes nothing; a repeat computes the same plan again" },
      },
      body: ReenrollmentPlanBody,
      description:
        "Every student's destination in the year to_year_id and the counts per group: the groups' mapping (default: the next grade of the section, same group name; the last grade graduates) and the exceptions. Nothing is written. 409 REENROLLMENT_TARGET_YEAR, 422 REENROLLMENT_STUDENT_NOT_ELIGIBLE / REENROLLMENT_GROUP_REQUIRED.",
    },
    ({ tenant, body }) => service.preview(tenant, body),
  );
  r.create(
    "/api/reenrollments",
    item,
    {
      body: ApplyReenrollmentBody,
      description:
        "Applies the plan as previewed, all or nothing, as a job on the runner: answers the re-enrollment queued; poll GET /api/reenrollments/:id for its progress. 409 REENROLLMENT_EXISTS while the year has one live.",
    },
    ({ tenant, body, request }) => service.apply(tenant, request.principal!.userId, body, lang(request)),
  );
  r.one(
    "/api/reenrollments/:id",
    item,
    { description: "One re-enrollment: its state and progress." },
    ({ tenant, params, request }) => service.one(tenant, params.id, lang(request)),
  );
  r.act(
    "POST",
    "/api/reenrollments/:id/undo",
    item,
    {
      action: "update",
      params: IdParam,
      description:
        "Takes an applied re-enrollment back until the new year starts: the students' groups of that year, the groups it created, what it copied. 409 REENROLLMENT_NOT_APPLIED, REENROLLMENT_YEAR_STARTED.",
    },
    ({ tenant, params, request }) => service.undo(tenant, request.principal!.userId, params.id, lang(request)),
  );
};
