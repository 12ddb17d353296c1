import {
  AlertRuleBody,
  AlertRuleSchema,
  ConfigMeasureSchema,
  ConfigScaleSchema,
  GradeConfigSchema,
  HabitsOrderBody,
  MeasureBody,
  perm,
  RatingSettingsBody,
  RatingSettingsSchema,
  ScaleBody,
  UpdateAlertRuleBody,
  UpdateMeasureBody,
  UpdateScaleBody,
} from "@convive/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { keyed, keyedList, resourceRoutes } from "../../lib/resource-routes.ts";
import { editorOf } from "./editor.ts";
import { createGradeConfigService, type GradeConfigService } from "./grade-config.service.ts";
import { createMeasuresService, type MeasuresService } from "./measures.service.ts";
import { createScalesService, type ScalesService } from "./scales.service.ts";

const AREA = "master-configuration-incident-configurator";
/** Spec §6: the grade configurator opens with read or update of the area; every change is an update. */
const read = { access: "school", permissions: [perm(AREA, "read"), perm(AREA, "update")] } as const;
const write = { access: "school", permissions: [perm(AREA, "update")] } as const;

export const gradeConfigRoutes: FastifyPluginAsync<{
  config: GradeConfigService;
  scales: ScalesService;
  measures: MeasuresService;
}> = async (app, { config, scales, measures }) => {
  const r = resourceRoutes(app, { tags: ["master-configuration"], access: (a) => (a === "read" ? read : write) });
  const base = "/api/grade-config";

  r.route(
    "GET",
    base,
    200,
    keyed("grade_config", GradeConfigSchema),
    {
      action: "read",
      description:
        "The grade configuration: settings, scales (current version, versions, ratings), measures with section overrides, alert rules, and the school's sections.",
    },
    ({ tenant }) => config.read(tenant).then((grade_config) => ({ grade_config })),
  );
  r.route(
    "POST",
    `${base}/starter`,
    201,
    keyed("grade_config", GradeConfigSchema),
    {
      action: "update",
      description:
        "Loads the suggested setup (conduct 5–10 in halves, four habits on descriptive levels) into a school without scales; 409 CONFLICT when it has any.",
    },
    ({ request }) => config.useStarter(editorOf(request)).then((grade_config) => ({ grade_config })),
  );
  r.route(
    "PUT",
    `${base}/settings`,
    200,
    keyed("settings", RatingSettingsSchema),
    {
      action: "update",
      body: RatingSettingsBody,
      description: "Grace days after a period's end and the points reset.",
    },
    ({ tenant, body }) => config.saveSettings(tenant, body).then((settings) => ({ settings })),
  );

  r.create(
    `${base}/scales`,
    ["scale", ConfigScaleSchema],
    {
      body: ScaleBody,
      description: "Creates a numeric or levels scale (version 1); a name already used is 409 CONFLICT.",
    },
    ({ request, body }) => scales.create(editorOf(request), body),
  );
  r.update(
    `${base}/scales/:id`,
    ["scale", ConfigScaleSchema],
    {
      body: UpdateScaleBody,
      description:
        "Renames, (de)activates or redefines a scale. A definition rated on its current version becomes a new version; an unchanged one adds nothing; another kind is 422 SCALE_KIND_FIXED.",
    },
    ({ request, params, body }) => scales.update(editorOf(request), params.id, body),
  );
  r.remove(
    `${base}/scales/:id`,
    { description: "Deletes an unused scale (409 IN_USE when rated or used: deactivate it)." },
    ({ request, params }) => scales.remove(editorOf(request), params.id),
  );

  r.create(
    `${base}/measures`,
    ["measure", ConfigMeasureSchema],
    {
      body: MeasureBody,
      description:
        "Creates the conduct (one active: 422 CONDUCT_EXISTS) or a habit (at most RATING_LIMITS.habitsMax active: 422 HABITS_LIMIT) on a scale, with section overrides.",
    },
    ({ request, body }) => measures.create(editorOf(request), body),
  );
  r.update(
    `${base}/measures/:id`,
    ["measure", ConfigMeasureSchema],
    { body: UpdateMeasureBody, description: "Renames, (de)activates a measure, changes its scale or its sections'." },
    ({ request, params, body }) => measures.update(editorOf(request), params.id, body),
  );
  r.remove(
    `${base}/measures/:id`,
    { description: "Deletes an unrated measure (409 IN_USE otherwise: deactivate it)." },
    ({ request, params }) => measures.remove(editorOf(request), params.id),
  );
  r.route(
    "PUT",
    `${base}/habits/order`,
    200,
    keyedList("measures", ConfigMeasureSchema),
    { action: "update", body: HabitsOrderBody, description: "Orders the habits: every habit id, each once." },
    ({ request, body }) => measures.orderHabits(editorOf(request), body).then((list) => ({ measures: list })),
  );

  r.create(
    `${base}/alert-rules`,
    ["alert_rule", AlertRuleSchema],
    {
      body: AlertRuleBody,
      description: "Adds an alert rule; the same rule twice is 409 CONFLICT.",
    },
    ({ tenant, body }) => config.createRule(tenant, body),
  );
  r.update(
    `${base}/alert-rules/:id`,
    ["alert_rule", AlertRuleSchema],
    { body: UpdateAlertRuleBody, description: "Changes or (de)activates an alert rule." },
    ({ tenant, params, body }) => config.updateRule(tenant, params.id, body),
  );
  r.remove(`${base}/alert-rules/:id`, { description: "Deletes an alert rule." }, ({ tenant, params }) =>
    config.removeRule(tenant, params.id),
  );
};

/** The module as app.ts registers it. */
export const gradeConfigModule: FastifyPluginAsync<{ ctx: Pick<ModuleDeps, "db"> }> = async (app, { ctx }) => {
  await app.register(gradeConfigRoutes, {
    config: createGradeConfigService({ db: ctx.db }),
    scales: createScalesService({ db: ctx.db }),
    measures: createMeasuresService({ db: ctx.db }),
  });
};
