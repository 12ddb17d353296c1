import {
  envelope,
  GraphOptionsSchema,
  GraphPairsQuery,
  GraphPairsSchema,
  GraphSeriesQuery,
  GraphSeriesSchema,
} from "@convive/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_ERRORS } from "../../lib/http.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { Viewer } from "../incidents/index.ts";
import type { IncidentGraphService } from "./incident-graph.service.ts";

const tags = ["incident-graph"];
/** The module's key lets in; the service then asks for incidents.read and refuses families. */
const config = { access: "school", permissions: ["module-incidents-graph"] } as const;

const viewerOf = (request: {
  tenant: Viewer["tenant"] | null;
  principal: { userId: number } | null;
  headers: Record<string, string | string[] | undefined>;
}): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** GET /api/incident-graph/{options,series,pairs}. */
export const incidentGraphRoutes: FastifyPluginAsyncZod<{ graph: IncidentGraphService }> = async (app, { graph }) => {
  app.get(
    "/api/incident-graph/options",
    {
      config,
      schema: {
        tags,
        description:
          "Today on the school's clock, the current school year and its periods, and the default range (the year up to today). module-incidents-graph and incidents.read; never a family (403).",
        response: { 200: envelope(GraphOptionsSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await graph.options(viewerOf(request)) }),
  );

  app.get(
    "/api/incident-graph/series",
    {
      config,
      schema: {
        tags,
        description:
          "Incidents (cancelled ones left out) per day, week or month from `from` to `to` (school days, both included; by day at most 366 days, otherwise 5 years: 422 GRAPH_RANGE_TOO_LONG), stacked by classification, category or group (an incident counts in each group it concerns), in the caller's incident scope. Each bucket carries the archive filters that open exactly its incidents; each stack the filter it adds.",
        querystring: GraphSeriesQuery,
        response: { 200: envelope(GraphSeriesSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await graph.series(viewerOf(request), request.query) }),
  );

  app.get(
    "/api/incident-graph/pairs",
    {
      config,
      schema: {
        tags,
        description:
          "The co-occurrence map: pairs of students who appear in the same incidents (cancelled ones left out) with at least `min_count` shared incidents, strongest first by severity score (minor 1, serious 2, very serious 3 per incident), then count, at most 1 000 (truncated); counts by the pair's roles (involved with affected, both involved, other); the students with their current group, the incidents they share with someone and their Louvain community. A teacher sees pairs of students of their own groups only.",
        querystring: GraphPairsQuery,
        response: { 200: envelope(GraphPairsSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: await graph.pairs(viewerOf(request), request.query) }),
  );
};
