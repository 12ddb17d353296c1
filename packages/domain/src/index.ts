/** Everything: the rules of core.ts plus the zod request/response schemas. Helpers add schema lines below. */
import "./schemas/zod-config.ts";

// Issue 32 §2: the spec §8 sign-in code catalogue; the web reads it as @convive/domain/auth-codes, off the first bundle.
export * from "./auth-codes.ts";
export * from "./consent.ts";
export * from "./core.ts";
// Issue 30 §2: protocols (the bullying protocol) and an incident's steps.
export * from "./protocols.ts";
// Ratings rules (issue 13): read by the grade configurator, the grid and the scorecard, never before sign-in.
export * from "./ratings.ts";
// Not in core: the sign-in bundle has no use for the names rule and its word lists.
export * from "./redaction.ts";
// Retention (issue 30 §5): categories, defaults and the expiry rule.
export * from "./retention.ts";
// Scheduled reports (issue 31 §3): frequency as cron, the period an occurrence covers.
export * from "./scheduled-reports.ts";
export * from "./schemas/acknowledgements.ts";
export * from "./schemas/admin.ts";
export * from "./schemas/announcements.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/consent.ts";
export * from "./schemas/external-support.ts";
export * from "./schemas/family-copy.ts";
export * from "./schemas/family-text.ts";
export * from "./schemas/fields.ts";
export * from "./schemas/forms.ts";
export * from "./schemas/forms-rules.ts";
export * from "./schemas/imports.ts";
export * from "./schemas/incident-config.ts";
export * from "./schemas/incident-graph.ts";
export * from "./schemas/incidents.ts";
export * from "./schemas/inclusion.ts";
export * from "./schemas/invitations.ts";
export * from "./schemas/jobs.ts";
export * from "./schemas/messages.ts";
export * from "./schemas/notifications.ts";
export * from "./schemas/nursing.ts";
export * from "./schemas/platform.ts";
export * from "./schemas/points.ts";
export * from "./schemas/profiles-admin.ts";
export * from "./schemas/protocols.ts";
export * from "./schemas/ratings.ts";
export * from "./schemas/ratings-config.ts";
export * from "./schemas/ratings-grid.ts";
export * from "./schemas/ratings-publish.ts";
export * from "./schemas/read-log.ts";
export * from "./schemas/reenrollment.ts";
export * from "./schemas/responses.ts";
export * from "./schemas/retention.ts";
export * from "./schemas/scheduled-reports.ts";
export * from "./schemas/school-info.ts";
export * from "./schemas/school-users.ts";
export * from "./schemas/school-years.ts";
export * from "./schemas/scorecard.ts";
export * from "./schemas/sign-in-providers.ts";
export * from "./schemas/strategic-vision.ts";
export * from "./schemas/structure.ts";
export * from "./schemas/student-file.ts";
export * from "./schemas/students.ts";
export * from "./schemas/subjects.ts";
// Issue 31 §2: user reassignment (the kinds of work, preview, apply, history).
export * from "./schemas/user-reassignment.ts";
export * from "./schemas/users.ts";
// Small cells (issue 24): the one rule for any group figure a family reads.
export * from "./small-cells.ts";
