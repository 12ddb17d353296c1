import {
  CategoryBody,
  IncidentCategorySchema,
  IncidentTypeBody,
  IncidentTypeSchema,
  ObservationTypeBody,
  ObservationTypeSchema,
  ProtocolBody,
  ProtocolSchema,
  UpdateCategoryBody,
  UpdateIncidentTypeBody,
  UpdateObservationTypeBody,
  UpdateProtocolBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import { CATALOGUE_READERS, CONFIG_WRITE } from "./access.ts";
import { createIncidentConfigService, type IncidentConfigService } from "./incident-config.service.ts";
import { createObservationTypesService, type ObservationTypesService } from "./observation-types.service.ts";
import { createProtocolsService, type ProtocolsService } from "./protocols.service.ts";

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
  protocols: ProtocolsService;
}> = async (app, { catalogue, observationTypes, protocols }) => {
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
  // Issue 30 §2: protocols (ordered steps with deadlines) an incident type may follow.
  r.crud(
    "/api/protocols",
    {
      one: "protocol",
      many: "protocols",
      item: ProtocolSchema,
      create: ProtocolBody,
      update: UpdateProtocolBody,
      docs: {
        list: "The school's protocols with their steps in order and the incident types that follow each.",
        create:
          "Creates a protocol: ordered steps, each with a deadline (same_day, hours 1–720, school_days 1–60; 422 PROTOCOL_DEADLINE_INVALID).",
        update:
          "Renames, (de)activates or replaces a protocol's steps; incidents already running keep their own steps and deadlines.",
        remove: "Deletes a protocol no type follows and no incident ran (409 PROTOCOL_IN_USE; deactivate it instead).",
      },
    },
    protocols,
  );
};

/** The module as app.ts registers it. */
export const incidentConfigModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(incidentConfigRoutes, {
    catalogue: createIncidentConfigService({ db: ctx.db }),
    observationTypes: createObservationTypesService({ db: ctx.db }),
    protocols: createProtocolsService({ db: ctx.db }),
  });
};
