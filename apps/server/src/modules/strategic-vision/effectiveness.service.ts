import {
  type Classification,
  EFFECTIVENESS_MIN_CASES,
  EFFECTIVENESS_WINDOW_DAYS,
  type Effectiveness,
  type StrategicVisionQuery,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { incidentsWhere, resolveScope, type Viewer } from "../incidents/index.ts";
import { FRESH_MS, requireDashboard, viewerKey } from "./dashboard.service.ts";
import { guidelineOutcomes } from "./effectiveness.repository.ts";
import { createFreshCache } from "./fresh-cache.ts";
import { resolveSlice } from "./range.ts";

const share = (part: number, whole: number, enough: boolean) =>
  enough && whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null;

/** Issue 14 §3: the effectiveness of formative actions, per guideline, for the dashboard's filters. */
export function createEffectivenessService(deps: { db: Db }) {
  const { db } = deps;
  const cache = createFreshCache<Effectiveness>({ maxAgeMs: FRESH_MS, max: 200 });

  /** From the last minute's answer, or computed now. */
  async function effectiveness(viewer: Viewer, query: StrategicVisionQuery): Promise<Effectiveness> {
    requireDashboard(viewer.tenant);
    const key = viewerKey(viewer, "effectiveness", query, viewer.language ?? "es");
    return cache.load(key, () => compute(viewer, query));
  }

  /** The figures computed now (the benchmark measures this too). */
  async function compute(viewer: Viewer, query: StrategicVisionQuery): Promise<Effectiveness> {
    const [scope, slice] = await Promise.all([
      resolveScope(db, viewer),
      resolveSlice(db, viewer.tenant.schoolId, query),
    ]);
    if (scope.kind === "family") throw new AppError("FORBIDDEN");
    const rows = await guidelineOutcomes(
      db,
      slice,
      // The whole school reads the rollup; a narrower scope (a Docente's) its own few cases.
      { scopeSql: incidentsWhere(scope), wholeSchool: scope.kind === "school" },
      // The whole school year (a period is mostly too short for actions completed 30 days ago and more).
      { from: slice.year.from, to: slice.year.to },
      EFFECTIVENESS_WINDOW_DAYS,
    );
    return {
      window_days: EFFECTIVENESS_WINDOW_DAYS,
      min_cases: EFFECTIVENESS_MIN_CASES,
      guidelines: rows.map((r) => {
        const enough = r.cases >= EFFECTIVENESS_MIN_CASES && r.withoutCases >= EFFECTIVENESS_MIN_CASES;
        return {
          guideline: r.guideline,
          classification: r.classification as Classification,
          cases: r.cases,
          recurred: r.recurred,
          share: share(r.recurred, r.cases, enough),
          without: {
            cases: r.withoutCases,
            recurred: r.withoutRecurred,
            share: share(r.withoutRecurred, r.withoutCases, enough),
          },
          enough,
        };
      }),
      computed_at: new Date().toISOString(),
    };
  }

  return { effectiveness, compute };
}

export type EffectivenessService = ReturnType<typeof createEffectivenessService>;
