import {
  GroupPointsSchema,
  IdParam,
  PointAwardBody,
  PointAwardResultSchema,
  PointsQuery,
  perm,
  StudentPointsSchema,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../../db/client.ts";
import { areaAccess, keyed, resourceRoutes } from "../../lib/resource-routes.ts";
import type { AwardsService } from "./awards.service.ts";
import { groupPoints, studentPoints } from "./ledger.service.ts";
import { readerOf } from "./points.scope.ts";

/** Recognition points (issue 13 §3): ledgers, the group's view and manual awards, under the scorings permissions. */
export const pointsRoutes: FastifyPluginAsync<{ db: Db; awards: AwardsService }> = async (app, { db, awards }) => {
  const r = resourceRoutes(app, { tags: ["scorings"], access: areaAccess("scorings") });

  r.route(
    "GET",
    "/api/students/:id/points",
    200,
    keyed("points", StudentPointsSchema),
    {
      action: "read",
      params: IdParam,
      query: PointsQuery,
      description:
        "A student's balances (period, school year, running balance after the school's reset) and the school year's " +
        "ledger, newest first: observations, incidents (students involved, not cancelled), awards and redemptions. " +
        "Families: their own children, entries shown to families only. Teachers: students of their groups.",
    },
    ({ request, params, query }) =>
      db.transaction(async (tx) => ({
        points: await studentPoints(tx, readerOf(request), params.id, query.period_id),
      })),
  );

  r.route(
    "GET",
    "/api/groups/:id/points",
    200,
    keyed("points", GroupPointsSchema),
    {
      action: "read",
      params: IdParam,
      query: PointsQuery,
      description:
        "The group's active students with their balances, sorted by name (never by points). Teachers: the groups " +
        "they head or teach; scorings.search: any group.",
    },
    ({ request, params, query }) =>
      db.transaction(async (tx) => ({ points: await groupPoints(tx, readerOf(request), params.id, query.period_id) })),
  );

  r.create(
    "/api/point-awards",
    ["award", PointAwardResultSchema],
    {
      description:
        "Awards or redeems points for students (one batch id when several) or a whole group at once; all or " +
        "nothing. Teachers: students of their groups only.",
      body: PointAwardBody,
    },
    ({ request, body }) => awards.give(readerOf(request), body),
  );

  r.remove(
    "/api/point-awards/:id",
    {
      config: {
        access: "school",
        permissions: [perm("scorings", "create"), perm("scorings", "update"), perm("scorings", "delete")],
      },
      description: "Takes back an award or redemption: its author the same day, or the Director (403 otherwise).",
    },
    ({ request, params }) => awards.remove(readerOf(request), params.id),
  );
};
