import type { CLASSIFICATIONS, Language, OBSERVATION_KINDS, RegistrationOptions, StudentOption } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { AdjustmentMarkers } from "../../lib/student-markers.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as repo from "./registration-options.repository.ts";

const MAX_PLACES = 8;
const MAX_STUDENT_MATCHES = 20;

/**
 * What the registration screen loads: one call for its pickers (catalogue, groups, subjects, staff, places) and
 * a student search. Only active entries are offered: a deactivated type or a withdrawn student is not picked.
 */
export function createRegistrationOptionsService(deps: {
  db: Db;
  markers: AdjustmentMarkers;
  /** Issue 29 §4: the health alert markers (nursing); none where nursing is not wired. */
  health?: AdjustmentMarkers;
}) {
  const { db } = deps;

  /** Group labels come in `language`; lists of names carry both languages for the web to pick. */
  async function options(tenant: Tenant, userId: number, language: Language = "es"): Promise<RegistrationOptions> {
    const { schoolId } = tenant;
    const clock = await repo.schoolClock(db, schoolId);
    if (!clock) throw new AppError("NOT_FOUND");
    const yearId = clock.yearId;
    const [catalogue, groups, subjects, assignments, staff, places] = await Promise.all([
      repo.activeCatalogue(db, schoolId),
      yearId === null ? [] : repo.yearGroups(db, schoolId, yearId, userId, language),
      repo.schoolSubjects(db, schoolId),
      yearId === null ? [] : repo.userAssignments(db, schoolId, yearId, userId),
      repo.activeStaff(db, schoolId),
      repo.recentPlaces(db, schoolId, MAX_PLACES),
    ]);
    // incidents_count / observations_count are the configurator's business (they would count the incidents
    // table); the registration screen never reads them, so they are 0 here.
    const categories = catalogue.categories
      .map((c) => ({
        id: c.id,
        name_es: c.nameEs,
        name_en: c.nameEn,
        order: c.order,
        is_active: c.isActive,
        types: catalogue.types
          .filter((t) => t.categoryId === c.id)
          .map((t) => ({
            id: t.id,
            category_id: t.categoryId,
            name_es: t.nameEs,
            name_en: t.nameEn,
            classification: t.classification as (typeof CLASSIFICATIONS)[number],
            default_points: t.defaultPoints,
            notify_family: t.notifyFamily,
            guidelines: t.guidelines,
            guidelines_en: t.guidelinesEn,
            is_active: t.isActive,
            protocol_id: t.protocolId,
            incidents_count: 0,
          })),
      }))
      // A category without an active type leads nowhere on this screen.
      .filter((c) => c.types.length > 0);
    return {
      can_register_incidents: tenant.grants.has("incidents.create"),
      can_register_observations: tenant.grants.has("accompaniment-observations.create"),
      today: clock.today,
      time_zone: clock.timeZone,
      categories,
      observation_types: catalogue.observations.map((o) => ({
        id: o.id,
        name_es: o.nameEs,
        name_en: o.nameEn,
        kind: o.kind as (typeof OBSERVATION_KINDS)[number],
        points: o.points,
        is_active: o.isActive,
        observations_count: 0,
      })),
      groups: groups.map((g) => ({ id: g.id, label: g.label, mine: Boolean(g.mine) })),
      subjects,
      assignments,
      staff,
      places,
    };
  }

  /**
   * Active students matching every word of `q` in their name or enrollment (accents and case ignored, at most
   * 20), or every active student of a group of the school in the current year. Neither: an empty list.
   */
  async function students(
    tenant: Tenant,
    query: { q?: string; group_id?: number },
    language: Language = "es",
  ): Promise<StudentOption[]> {
    const { schoolId } = tenant;
    const words = (query.q ?? "").split(/\s+/).filter(Boolean);
    if (query.group_id === undefined && words.length === 0) return [];
    const [clock, group] = await Promise.all([
      repo.schoolClock(db, schoolId),
      query.group_id === undefined ? null : repo.groupOfSchool(db, schoolId, query.group_id),
    ]);
    if (group === undefined) throw new AppError("NOT_FOUND");
    const options = await repo.studentOptions(db, schoolId, {
      yearId: clock?.yearId ?? null,
      words,
      groupId: query.group_id,
      limit: query.group_id === undefined ? MAX_STUDENT_MATCHES : undefined,
      language,
    });
    // The adjustment marker (issue 28 §3) and the health alert (issue 29 §4): one statement each for the whole list,
    // never one per student.
    const ids = options.map((o) => o.id);
    const marked = await deps.markers(db, schoolId, ids);
    const alerts = deps.health ? await deps.health(db, schoolId, ids) : new Set<number>();
    return options.map((o) => ({ ...o, has_adjustments: marked.has(o.id), has_health_alert: alerts.has(o.id) }));
  }

  return { options, students };
}

export type RegistrationOptionsService = ReturnType<typeof createRegistrationOptionsService>;
