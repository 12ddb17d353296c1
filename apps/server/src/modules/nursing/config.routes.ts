import {
  envelope,
  IdParam,
  NursingConfig,
  NursingField,
  NursingFieldBody,
  NursingOption,
  NursingOptionBody,
  perm,
  UpdateNursingOptionBody,
} from "@convive/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requestLanguage } from "../../lib/language.ts";
import { resourceRoutes } from "../../lib/resource-routes.ts";
import type { createNursingConfig } from "./config.service.ts";

// The configurator is the Director's (master-configuration-nursing); the nurse reads the lists for her visit form.
const readers = {
  access: "school",
  permissions: [perm("master-configuration-nursing", "read"), perm("nursing", "read")],
} as const;
const creators = { access: "school", permissions: [perm("master-configuration-nursing", "create")] } as const;
const editors = { access: "school", permissions: [perm("master-configuration-nursing", "update")] } as const;

export const nursingConfigRoutes: FastifyPluginAsync<{ config: ReturnType<typeof createNursingConfig> }> = async (
  app,
  { config },
) => {
  const r = resourceRoutes(app, { tags: ["nursing"], access: () => readers });
  const lang = (request: FastifyRequest) => requestLanguage(request.headers);

  r.route(
    "GET",
    "/api/nursing/config",
    200,
    envelope(NursingConfig),
    { action: "read", description: "The medical record's extra fields, the visit reasons and outcomes (es/en)." },
    ({ request, tenant }) => config.read(tenant.schoolId, lang(request)),
  );
  r.route(
    "POST",
    "/api/nursing/fields",
    201,
    envelope(NursingField),
    { action: "create", config: creators, body: NursingFieldBody, description: "A new extra field of the record." },
    ({ tenant, body }) => config.createField(tenant.schoolId, body),
  );
  r.route(
    "PATCH",
    "/api/nursing/fields/:id",
    200,
    envelope(NursingField),
    {
      action: "update",
      config: editors,
      params: IdParam,
      body: NursingFieldBody,
      description: "Changes or switches off a field (values already stored stay with the records).",
    },
    ({ tenant, params, body }) => config.updateField(tenant.schoolId, params.id, body),
  );
  r.route(
    "POST",
    "/api/nursing/options",
    201,
    envelope(NursingOption),
    {
      action: "create",
      config: creators,
      body: NursingOptionBody,
      description: "A new visit reason or outcome (409 NURSING_OPTION_DUPLICATE on a name taken in its list).",
    },
    ({ request, tenant, body }) => config.createOption(tenant.schoolId, body, lang(request)),
  );
  r.route(
    "PATCH",
    "/api/nursing/options/:id",
    200,
    envelope(NursingOption),
    {
      action: "update",
      config: editors,
      params: IdParam,
      body: UpdateNursingOptionBody,
      description: "Renames or switches off a visit reason or outcome.",
    },
    ({ request, tenant, params, body }) => config.updateOption(tenant.schoolId, params.id, body, lang(request)),
  );
};
