import {
  CategoryBody,
  DeletedResponse,
  envelope,
  IdParam,
  IncidentCategorySchema,
  IncidentTypeBody,
  IncidentTypeSchema,
  ObservationTypeBody,
  ObservationTypeSchema,
  UpdateCategoryBody,
  UpdateIncidentTypeBody,
  UpdateObservationTypeBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_ERRORS, errorResponses } from "../../lib/http.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { CATALOGUE_READERS, CONFIG_WRITE } from "./access.ts";
import { createIncidentConfigService, type IncidentConfigService } from "./incident-config.service.ts";
import { createObservationTypesService, type ObservationTypesService } from "./observation-types.service.ts";

const read = { access: "school", permissions: CATALOGUE_READERS } as const;
const write = { access: "school", permissions: CONFIG_WRITE } as const;
const tags = ["master-configuration"];
const WRITE_ERRORS = { ...AUTH_ERRORS, ...errorResponses(409) };

/** `?include_inactive=1`: a configurator's request for deactivated entries too. */
const ListQuery = z.object({
  include_inactive: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

const Category = envelope(z.object({ category: IncidentCategorySchema }));
const Type = envelope(z.object({ type: IncidentTypeSchema }));
const ObservationType = envelope(z.object({ observation_type: ObservationTypeSchema }));
const Deleted = envelope(DeletedResponse);

export const incidentConfigRoutes: FastifyPluginAsyncZod<{
  catalogue: IncidentConfigService;
  observationTypes: ObservationTypesService;
}> = async (app, { catalogue, observationTypes }) => {
  app.get(
    "/api/incident-categories",
    {
      config: read,
      schema: {
        tags,
        description:
          "Categories by order and name with their types by name. Active ones only, unless a configurator asks include_inactive=1.",
        querystring: ListQuery,
        response: { 200: envelope(z.object({ categories: z.array(IncidentCategorySchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { categories: await catalogue.list(request.tenant!, request.query) } }),
  );

  app.post(
    "/api/incident-categories",
    {
      config: write,
      schema: {
        tags,
        description: "Creates a category (last in order unless given); a name already used is 409 CONFLICT.",
        body: CategoryBody,
        response: { 201: Category, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { category: await catalogue.createCategory(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/incident-categories/:id",
    {
      config: write,
      schema: {
        tags,
        description: "Renames, reorders, activates or deactivates a category.",
        params: IdParam,
        body: UpdateCategoryBody,
        response: { 200: Category, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { category: await catalogue.updateCategory(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/incident-categories/:id",
    {
      config: write,
      schema: {
        tags,
        description: "Deletes a category without types or incidents (409 IN_USE otherwise; deactivate it instead).",
        params: IdParam,
        response: { 200: Deleted, ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await catalogue.removeCategory(request.tenant!, request.params.id) }),
  );

  app.post(
    "/api/incident-types",
    {
      config: write,
      schema: {
        tags,
        description:
          "Creates a type in a category of the school; guidelines are text, one per line (a hyphen-only line is 422 GUIDELINE_HYPHEN_ONLY).",
        body: IncidentTypeBody,
        response: { 201: Type, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { type: await catalogue.createType(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/incident-types/:id",
    {
      config: write,
      schema: {
        tags,
        description: "Edits a type; incidents already registered keep their classification and points.",
        params: IdParam,
        body: UpdateIncidentTypeBody,
        response: { 200: Type, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { type: await catalogue.updateType(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/incident-types/:id",
    {
      config: write,
      schema: {
        tags,
        description: "Deletes a type no incident uses (409 IN_USE otherwise; deactivate it instead).",
        params: IdParam,
        response: { 200: Deleted, ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await catalogue.removeType(request.tenant!, request.params.id) }),
  );

  app.get(
    "/api/observation-types",
    {
      config: read,
      schema: {
        tags,
        description:
          "Observation types, positive first, by name. Active ones only, unless a configurator asks include_inactive=1.",
        querystring: ListQuery,
        response: { 200: envelope(z.object({ observation_types: z.array(ObservationTypeSchema) })), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ data: { observation_types: await observationTypes.list(request.tenant!, request.query) } }),
  );

  app.post(
    "/api/observation-types",
    {
      config: write,
      schema: {
        tags,
        description: "Creates an observation type; a name already used is 409 CONFLICT.",
        body: ObservationTypeBody,
        response: { 201: ObservationType, ...WRITE_ERRORS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: { observation_type: await observationTypes.create(request.tenant!, request.body) } }),
  );

  app.patch(
    "/api/observation-types/:id",
    {
      config: write,
      schema: {
        tags,
        description: "Edits an observation type; observations already recorded keep their points.",
        params: IdParam,
        body: UpdateObservationTypeBody,
        response: { 200: ObservationType, ...WRITE_ERRORS },
      },
    },
    async (request) => ({
      data: { observation_type: await observationTypes.update(request.tenant!, request.params.id, request.body) },
    }),
  );

  app.delete(
    "/api/observation-types/:id",
    {
      config: write,
      schema: {
        tags,
        description: "Deletes an observation type no observation uses (409 IN_USE otherwise; deactivate it instead).",
        params: IdParam,
        response: { 200: Deleted, ...WRITE_ERRORS },
      },
    },
    async (request) => ({ data: await observationTypes.remove(request.tenant!, request.params.id) }),
  );
};

/** The module as app.ts registers it. */
export const incidentConfigModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(incidentConfigRoutes, {
    catalogue: createIncidentConfigService({ db: ctx.db }),
    observationTypes: createObservationTypesService({ db: ctx.db }),
  });
};
