import {
  CategoryBody,
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
import { z } from "zod";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { CATALOGUE_READERS, CONFIG_WRITE } from "./access.ts";
import { createIncidentConfigService, type IncidentConfigService } from "./incident-config.service.ts";
import { createObservationTypesService, type ObservationTypesService } from "./observation-types.service.ts";

const read = { access: "school", permissions: CATALOGUE_READERS } as const;
const write = { access: "school", permissions: CONFIG_WRITE } as const;

/** `?include_inactive=1`: a configurator's request for deactivated entries too. */
const ListQuery = z.object({
  include_inactive: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export const incidentConfigRoutes: FastifyPluginAsync<{
  catalogue: IncidentConfigService;
  observationTypes: ObservationTypesService;
}> = async (app, { catalogue, observationTypes }) => {
  // Everyone who registers reads the catalogue; only configurators change it.
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: (a) => (a === "read" ? read : write) });
  const category = ["category", IncidentCategorySchema] as const;
  const type = ["type", IncidentTypeSchema] as const;
  const observationType = ["observation_type", ObservationTypeSchema] as const;

  r.list(
    "/api/incident-categories",
    ["categories", IncidentCategorySchema],
    {
      description:
        "Categories by order and name with their types by name. Active ones only, unless a configurator asks include_inactive=1.",
      query: ListQuery,
    },
    ({ tenant, query }) => catalogue.list(tenant, query),
  );
  r.create(
    "/api/incident-categories",
    category,
    {
      description: "Creates a category (last in order unless given); a name already used is 409 CONFLICT.",
      body: CategoryBody,
    },
    ({ tenant, body }) => catalogue.createCategory(tenant, body),
  );
  r.update(
    "/api/incident-categories/:id",
    category,
    { description: "Renames, reorders, activates or deactivates a category.", body: UpdateCategoryBody },
    ({ tenant, params, body }) => catalogue.updateCategory(tenant, params.id, body),
  );
  r.remove(
    "/api/incident-categories/:id",
    { description: "Deletes a category without types or incidents (409 IN_USE otherwise; deactivate it instead)." },
    ({ tenant, params }) => catalogue.removeCategory(tenant, params.id),
  );

  r.create(
    "/api/incident-types",
    type,
    {
      description:
        "Creates a type in a category of the school; guidelines are text, one per line (a hyphen-only line is 422 GUIDELINE_HYPHEN_ONLY).",
      body: IncidentTypeBody,
    },
    ({ tenant, body }) => catalogue.createType(tenant, body),
  );
  r.update(
    "/api/incident-types/:id",
    type,
    {
      description: "Edits a type; incidents already registered keep their classification and points.",
      body: UpdateIncidentTypeBody,
    },
    ({ tenant, params, body }) => catalogue.updateType(tenant, params.id, body),
  );
  r.remove(
    "/api/incident-types/:id",
    { description: "Deletes a type no incident uses (409 IN_USE otherwise; deactivate it instead)." },
    ({ tenant, params }) => catalogue.removeType(tenant, params.id),
  );

  r.list(
    "/api/observation-types",
    ["observation_types", ObservationTypeSchema],
    {
      description:
        "Observation types, positive first, by name. Active ones only, unless a configurator asks include_inactive=1.",
      query: ListQuery,
    },
    ({ tenant, query }) => observationTypes.list(tenant, query),
  );
  r.create(
    "/api/observation-types",
    observationType,
    { description: "Creates an observation type; a name already used is 409 CONFLICT.", body: ObservationTypeBody },
    ({ tenant, body }) => observationTypes.create(tenant, body),
  );
  r.update(
    "/api/observation-types/:id",
    observationType,
    {
      description: "Edits an observation type; observations already recorded keep their points.",
      body: UpdateObservationTypeBody,
    },
    ({ tenant, params, body }) => observationTypes.update(tenant, params.id, body),
  );
  r.remove(
    "/api/observation-types/:id",
    { description: "Deletes an observation type no observation uses (409 IN_USE otherwise; deactivate it instead)." },
    ({ tenant, params }) => observationTypes.remove(tenant, params.id),
  );
};

/** The module as app.ts registers it. */
export const incidentConfigModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(incidentConfigRoutes, {
    catalogue: createIncidentConfigService({ db: ctx.db }),
    observationTypes: createObservationTypesService({ db: ctx.db }),
  });
};
