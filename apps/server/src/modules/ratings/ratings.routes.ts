import {
  BulkResultSchema,
  CellBody,
  CellQuery,
  ClearedSchema,
  CommentBody,
  CompletionQuery,
  CompletionSchema,
  CopyPreviousBody,
  envelope,
  FamilyRatingsQuery,
  FamilyRatingsSchema,
  FillBody,
  GridQuery,
  GridSchema,
  IdParam,
  PublicationPreviewQuery,
  PublicationPreviewSchema,
  PublishBody,
  PublishResultSchema,
  perm,
  RatingCellSchema,
  RatingCommentSchema,
  RatingOptionsSchema,
  RatingPeriodSchema,
  ReopenBody,
  UnpublishBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { areaAccess, keyed, resourceRoutes } from "../../lib/resource-routes.ts";
import type { PeriodsService } from "./periods.service.ts";
import type { PublicationsService } from "./publications.service.ts";
import { viewerOf } from "./ratings.scope.ts";
import type { RatingsService } from "./ratings.service.ts";

/** Writes need scorings.create or scorings.update; the scope (own groups, open period) is the service's. */
const WRITE = { access: "school", permissions: [perm("scorings", "create"), perm("scorings", "update")] } as const;
/** Reopening, closing and publishing: scorings.update here, school-wide (managesRatings) in the service. */
const MANAGE = { access: "school", permissions: [perm("scorings", "update")] } as const;

export const ratingsRoutes: FastifyPluginAsync<{
  ratings: RatingsService;
  periods: PeriodsService;
  publications: PublicationsService;
}> = async (app, { ratings, periods, publications }) => {
  const r = resourceRoutes(app, { tags: ["scorings"], access: areaAccess("scorings") });

  r.route(
    "GET",
    "/api/ratings/options",
    200,
    keyed("options", RatingOptionsSchema),
    {
      action: "read",
      description: "The current year's periods (state, editable until, published) and the groups in scope.",
    },
    async ({ request }) => ({ options: await ratings.options(viewerOf(request)) }),
  );
  r.route(
    "GET",
    "/api/ratings/grid",
    200,
    keyed("grid", GridSchema),
    {
      action: "read",
      query: GridQuery,
      description: "A group's grid for a period: students × active measures, who/when, comments, previous values.",
    },
    async ({ request, query }) => ({ grid: await ratings.grid(viewerOf(request), query) }),
  );
  r.route(
    "PUT",
    "/api/ratings/cells",
    200,
    keyed("rating", RatingCellSchema),
    {
      action: "update",
      config: WRITE,
      body: CellBody,
      description:
        "Sets one cell (idempotent): the value is read on the measure's current scale (422 INVALID_RATING_VALUE); 409 PERIOD_CLOSED.",
    },
    async ({ request, body }) => ({ rating: await ratings.saveCell(viewerOf(request), body) }),
  );
  r.route(
    "DELETE",
    "/api/ratings/cells",
    200,
    keyed("cleared", ClearedSchema),
    { action: "update", config: WRITE, query: CellQuery, description: "Empties one cell." },
    async ({ request, query }) => ({ cleared: await ratings.clearCell(viewerOf(request), query) }),
  );
  r.route(
    "POST",
    "/api/ratings/fill",
    200,
    keyed("result", BulkResultSchema),
    {
      action: "update",
      config: WRITE,
      body: FillBody,
      description: "One value for a column: every student or only the empty cells.",
    },
    async ({ request, body }) => ({ result: await ratings.fill(viewerOf(request), body) }),
  );
  r.route(
    "POST",
    "/api/ratings/copy-previous",
    200,
    keyed("result", BulkResultSchema),
    {
      action: "update",
      config: WRITE,
      body: CopyPreviousBody,
      description: "The previous period's values into the empty cells, where still values of the current scale.",
    },
    async ({ request, body }) => ({ result: await ratings.copyPrevious(viewerOf(request), body) }),
  );
  r.route(
    "PUT",
    "/api/ratings/comments",
    200,
    keyed("comment", RatingCommentSchema.nullable()),
    {
      action: "update",
      config: WRITE,
      body: CommentBody,
      description: "The comment on a student's period (staff-only unless visible_to_family); empty text removes it.",
    },
    async ({ request, body }) => ({ comment: await ratings.saveComment(viewerOf(request), body) }),
  );
  r.route(
    "POST",
    "/api/ratings/periods/:id/reopen",
    200,
    keyed("period", RatingPeriodSchema),
    {
      action: "update",
      config: MANAGE,
      params: IdParam,
      body: ReopenBody,
      description: "Reopens a period for editing until the end of a day (director).",
    },
    async ({ request, params, body }) => ({ period: await periods.reopen(viewerOf(request), params.id, body.until) }),
  );
  r.route(
    "POST",
    "/api/ratings/periods/:id/close",
    200,
    keyed("period", RatingPeriodSchema),
    { action: "update", config: MANAGE, params: IdParam, description: "Ends a reopening now (director)." },
    async ({ request, params }) => ({ period: await periods.close(viewerOf(request), params.id) }),
  );
  r.route(
    "GET",
    "/api/ratings/periods/:id/publication",
    200,
    keyed("preview", PublicationPreviewSchema),
    {
      action: "read",
      params: IdParam,
      query: PublicationPreviewQuery,
      description:
        "Before publishing (director): per group of the period's year (or group_ids=1,2): students, grades missing, its publication and what a family will see for one student.",
    },
    async ({ request, params, query }) => ({
      preview: await publications.preview(viewerOf(request), params.id, query.group_ids),
    }),
  );
  r.route(
    "POST",
    "/api/ratings/periods/:id/publish",
    200,
    envelope(PublishResultSchema),
    {
      action: "update",
      config: MANAGE,
      params: IdParam,
      body: PublishBody,
      description:
        "Publishes the period for groups; 409 RATINGS_MISSING_GRADES unless confirmEmpty. Families see it and are told when the unpublish window (RATINGS_PUBLISH_UNDO_SECONDS) ends.",
    },
    ({ request, params, body }) => publications.publish(viewerOf(request), params.id, body),
  );
  r.route(
    "POST",
    "/api/ratings/periods/:id/unpublish",
    200,
    keyed("preview", PublicationPreviewSchema),
    {
      action: "update",
      config: MANAGE,
      params: IdParam,
      body: UnpublishBody,
      description:
        "Unpublishes groups within the window (families never see nor hear of it); after it 409 RATINGS_UNPUBLISH_TOO_LATE.",
    },
    async ({ request, params, body }) => ({
      preview: await publications.unpublish(viewerOf(request), params.id, body),
    }),
  );
  r.route(
    "GET",
    "/api/ratings/completion",
    200,
    keyed("completion", CompletionSchema),
    {
      action: "read",
      query: CompletionQuery,
      description: "Rated over expected cells per group and per head teacher (director).",
    },
    async ({ request, query }) => ({ completion: await periods.completion(viewerOf(request), query.period_id) }),
  );
  r.route(
    "GET",
    "/api/ratings/family",
    200,
    envelope(FamilyRatingsSchema),
    {
      action: "read",
      query: FamilyRatingsQuery,
      description: "A family's children's ratings of published periods (another child: 404).",
    },
    ({ request, query }) => periods.family(viewerOf(request), query.student_id),
  );
};
