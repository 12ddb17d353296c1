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
  const { createCategory, updateCategory, removeCategory, createType, updateType, removeType } = catalogue;

  r.crud(
    "/api/incident-categories",
    {
      one: "category",
      many: "categories",
      item: IncidentCategorySchema,
      query: ListQuery,
      create: CategoryBody,
      update: UpdateCategoryBody,
      docs: {
        list: "Categories by order and name with their types by name. Active ones only, unless a configurator asks include_inactive=1.",
        create: "Creates a category (last in order unless given); a name already used is 409 CONFLICT.",
        update: "Renames, reorders, activates or deactivates a category.",
        remove: "Deletes a category without types or incidents (409 IN_USE otherwise; deactivate it instead).",
      },
    },
    { list: catalogue.list, create: createCategory, update: updateCategory, remove: removeCategory },
  );
  // Types are listed inside their categories: no list of their own.
  r.crud(
    "/api/incident-types",
    {
      one: "type",
      many: "types",
      item: IncidentTypeSchema,
      create: IncidentTypeBody,
      update: UpdateIncidentTypeBody,
      docs: {
        create:
          "Creates a type in a category of the school; guidelines are text, one per line (a hyphen-only line is 422 GUIDELINE_HYPHEN_ONLY).",
        update: "Edits a type; incidents already registered keep their classification and points.",
        remove: "Deletes a type no incident uses (409 IN_USE otherwise; deactivate it instead).",
      },
    },
    { create: createType, update: updateType, remove: removeType },
  );
  r.crud(
    "/api/observation-types",
    {
      one: "observation_type",
      many: "observation_types",
      item: ObservationTypeSchema,
      query: ListQuery,
      create: ObservationTypeBody,
      update: UpdateObservationTypeBody,
      docs: {
        list: "Observation types, positive first, by name. Active ones only, unless a configurator asks include_inactive=1.",
        create: "Creates an observation type; a name already used is 409 CONFLICT.",
        update: "Edits an observation type; observations already recorded keep their points.",
        remove: "Deletes an observation type no observation uses (409 IN_USE otherwise; deactivate it instead).",
      },
    },
    observationTypes,
  );
};

/** The module as app.ts registers it. */
export const incidentConfigModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(incidentConfigRoutes, {
    catalogue: createIncidentConfigService({ db: ctx.db }),
    observationTypes: createObservationTypesService({ db: ctx.db }),
  });
};
