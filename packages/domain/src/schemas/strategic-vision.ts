import { z } from "zod";
import { SETUP_STAGES } from "../constants.ts";
import { CLASSIFICATIONS } from "../incidents.ts";
import { Id, QueryId } from "./fields.ts";

/**
 * Strategic vision (issue 14 §1, §3, §4): the director's dashboard. Every figure about incidents carries `link`, the
 * archive's address (`/incident-details?…`) that lists exactly the incidents it counts, in the viewer's scope.
 */

/** The positive-to-negative ratio school-wide positive behaviour programmes aim at (4 positives per incident). */
export const POSITIVE_RATIO_TARGET = 4;
/** Students with at least this many incidents in the last EARLY_WARNING_DAYS days are listed. */
export const EARLY_WARNING_MIN = 3;
export const EARLY_WARNING_DAYS = 30;
/** Effectiveness: the window after a completed action, and the fewest cases worth a share. */
export const EFFECTIVENESS_WINDOW_DAYS = 30;
export const EFFECTIVENESS_MIN_CASES = 10;
export const ESCALATION_DEFAULT_DAYS = 14;
/** How old an open incident is, in days on the school's calendar. */
export const OPEN_AGE_BUCKETS = ["0-7", "8-30", "31+"] as const;
export type OpenAgeBucket = (typeof OPEN_AGE_BUCKETS)[number];
export const BREAKDOWNS = ["grade", "group", "category", "type", "place", "recorder"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** The dashboard's filters: a school year and period (default: the current ones), and a section, grade or group. */
export const StrategicVisionQuery = z.object({
  school_year_id: QueryId.optional(),
  period_id: QueryId.optional(),
  /** "1": the whole school year instead of a period. */
  whole_year: z.enum(["1"]).optional(),
  section_id: QueryId.optional(),
  grade_id: QueryId.optional(),
  group_id: QueryId.optional(),
});
export type StrategicVisionQuery = z.infer<typeof StrategicVisionQuery>;

/** A count and the archive address listing exactly what it counts (null: not a list of incidents). */
const Figure = z.object({ value: z.number(), link: z.string().nullable() });
export type Figure = z.infer<typeof Figure>;
const Range = z.object({ from: z.string(), to: z.string() });

const Bar = z.object({ key: z.string(), label: z.string(), value: z.number(), link: z.string() });
export type DashboardBar = z.infer<typeof Bar>;

export const DashboardSchema = z.object({
  /** The dates the figures cover (school days, both included) and the period compared with. */
  range: Range.extend({
    /** null for a new school that has no school year yet (the figures cover the calendar year, all empty). */
    school_year: z.object({ id: z.number(), name: z.string() }).nullable(),
    period: z.object({ id: z.number(), name: z.string() }).nullable(),
    previous: Range.extend({ name: z.string() }).nullable(),
    today: z.string(),
  }),
  /** Whose incidents: the whole school, or a teacher's groups and records. */
  scope: z.enum(["school", "own"]),
  incidents: z.object({ current: Figure, previous: Figure.nullable() }),
  by_classification: z.array(
    z.object({ classification: z.enum(CLASSIFICATIONS), current: Figure, previous: Figure.nullable() }),
  ),
  observations: z.object({
    current: z.number(),
    previous: z.number().nullable(),
    positive: z.number(),
    positive_previous: z.number().nullable(),
  }),
  /** Positive observations per incident in the period (null without incidents), against the 4:1 target. */
  ratio: z.object({ value: z.number().nullable(), target: z.number() }),
  /** Incidents open now, by age. */
  open: z.object({
    total: Figure,
    ages: z.array(z.object({ bucket: z.enum(OPEN_AGE_BUCKETS), value: z.number(), link: z.string() })),
  }),
  /** Median days from an incident to its closing, over the period's closed incidents. */
  time_to_close: z.object({ median_days: z.number().nullable(), closed: Figure }),
  overdue_actions: Figure,
  per_school_day: z.object({ value: z.number().nullable(), school_days: z.number(), link: z.string() }),
  breakdowns: z.object({
    grade: z.array(Bar),
    group: z.array(Bar),
    category: z.array(Bar),
    type: z.array(Bar),
    place: z.array(Bar),
    recorder: z.array(Bar),
  }),
  /** Cells with incidents: ISO weekday (1 Monday) × hour on the school's clock. */
  heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), value: z.number(), link: z.string() })),
  early_warning: z.array(
    z.object({
      student: z.object({ id: z.number(), name: z.string(), group: z.string().nullable() }),
      incidents: z.number(),
      link: z.string(),
    }),
  ),
  /** Open incidents older than the school's escalation days (the oldest 50 listed). */
  escalated: z.object({
    days: z.number(),
    total: Figure,
    incidents: z.array(
      z.object({
        id: z.number(),
        folio: z.number(),
        type: z.string(),
        occurred_at: z.string(),
        age_days: z.number(),
        recorded_by: z.string(),
        escalated_at: z.string().nullable(),
        link: z.string(),
      }),
    ),
  }),
  /** The school's setup stages (spec §3); null for a viewer who sees only their groups. */
  setup: z
    .object({
      stages: z.record(z.enum(SETUP_STAGES), z.boolean()),
      completed: z.number(),
      total: z.number(),
    })
    .nullable(),
  /** When the figures were computed (at most a minute before the answer). */
  computed_at: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const EffectivenessSchema = z.object({
  window_days: z.number(),
  min_cases: z.number(),
  guidelines: z.array(
    z.object({
      guideline: z.string(),
      classification: z.enum(CLASSIFICATIONS),
      /** Students of the school year's incidents whose action with this guideline was completed at least window_days ago. */
      cases: z.number(),
      recurred: z.number(),
      /** recurred ÷ cases, null below min_cases. */
      share: z.number().nullable(),
      /** Students with an incident of the same classification in the range and no action with this guideline. */
      without: z.object({ cases: z.number(), recurred: z.number(), share: z.number().nullable() }),
      enough: z.boolean(),
    }),
  ),
  computed_at: z.string(),
});
export type Effectiveness = z.infer<typeof EffectivenessSchema>;

/** The filter values: school years with their periods, sections, grades and groups (of the chosen year). */
export const DashboardOptionsSchema = z.object({
  school_years: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      is_current: z.boolean(),
      periods: z.array(z.object({ id: z.number(), name: z.string(), starts_on: z.string(), ends_on: z.string() })),
    }),
  ),
  sections: z.array(z.object({ id: z.number(), name: z.string() })),
  grades: z.array(z.object({ id: z.number(), name: z.string(), section_id: z.number() })),
  groups: z.array(z.object({ id: z.number(), label: z.string(), grade_id: z.number(), school_year_id: z.number() })),
  settings: z.object({ escalate_after_days: z.number(), editable: z.boolean() }),
});
export type DashboardOptions = z.infer<typeof DashboardOptionsSchema>;

export const StrategicVisionSettingsBody = z.object({ escalate_after_days: Id.min(1).max(365) });
export type StrategicVisionSettingsBody = z.infer<typeof StrategicVisionSettingsBody>;
