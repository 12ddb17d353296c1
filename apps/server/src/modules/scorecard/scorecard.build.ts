import {
  type CellValue,
  familyAggregate,
  isPassing,
  type Scorecard,
  type ScorecardCell,
  type ScorecardPeriod,
  type ScorecardStudentItem,
  scoreOf,
  valueColour,
  valueLabel,
} from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { ratingSetup } from "../grade-config/index.ts";
import { pointsByPeriod } from "../points/index.ts";
import * as repo from "./scorecard.repository.ts";

type Period = Awaited<ReturnType<typeof repo.yearPeriods>>[number];

export interface CardInput {
  schoolId: string;
  year: { id: number; name: string };
  years: { id: number; name: string }[];
  /** The periods to show, in order. */
  periods: Period[];
  students: ScorecardStudentItem[];
  /** Each student's group in the year: whose average their trend is drawn against when a rating names none. */
  groupOf: Map<number, number | null>;
  /** A family's reading: incidents, actions, observations and comments they are shown, nothing else. */
  familyOnly: boolean;
  /**
   * The figures go to a family (their screen, or a printed scorecard that goes home): each group average follows
   * the small-cells rule (domain familyAggregate), without the card's student and these other students (the
   * reader's children), and is left out when fewer than FAMILY_MIN_OTHERS classmates are in it.
   */
  familyFigures?: { own: readonly number[] };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The scorecards of one or many students of a year (a whole group's in the same handful of queries): every value
 * read on the scale version it was given on, so a scale changed afterwards leaves a published scorecard as it was.
 */
export async function buildScorecards(tx: Tx, input: CardInput): Promise<Omit<Scorecard, "can_print_group">[]> {
  const { schoolId, periods, students, familyOnly } = input;
  const studentIds = students.map((s) => s.id);
  const periodIds = periods.map((p) => p.id);
  const range = periods.length
    ? {
        from: periods[0]!.starts_on,
        to: periods.reduce((m, p) => (p.ends_on > m ? p.ends_on : m), periods[0]!.ends_on),
      }
    : { from: "1900-01-01", to: "1900-01-01" };

  const [setup, own, incidentRows, actionRows, observationRows, comments] = await Promise.all([
    ratingSetup(tx, schoolId),
    repo.ratingsOf(tx, schoolId, studentIds, periodIds),
    repo.incidentCounts(tx, schoolId, studentIds, periodIds, range, familyOnly),
    repo.actionRows(tx, schoolId, studentIds, range, familyOnly),
    repo.observationRows(tx, schoolId, studentIds, range, familyOnly),
    repo.commentsOf(tx, schoolId, studentIds, periodIds, familyOnly),
  ]);
  const groupIds = new Set<number>();
  for (const g of input.groupOf.values()) if (g !== null) groupIds.add(g);
  for (const r of own) if (r.group_id !== null) groupIds.add(r.group_id);
  const others = await repo.groupRatings(tx, schoolId, [...groupIds], periodIds);
  const versions = await repo.scaleVersions(tx, schoolId, [
    ...new Set([...own.map((r) => r.version_id), ...others.map((r) => r.version_id)]),
  ]);
  const definitionOf = new Map(versions.map((v) => [v.version_id, v.definition]));
  const points = await Promise.all(
    studentIds.map((id) =>
      pointsByPeriod(
        tx,
        schoolId,
        id,
        periods.map((p) => ({ id: p.id, startsOn: p.starts_on, endsOn: p.ends_on })),
      ),
    ),
  );

  // The group's average per period and measure, on the common 0–100 line.
  const sums = new Map<string, CellValue<number>[]>();
  for (const r of others) {
    const definition = definitionOf.get(r.version_id);
    const score = definition ? scoreOf(definition, r.value) : null;
    if (score === null) continue;
    const key = `${r.group_id}:${r.period_id}:${r.measure_id}`;
    const list = sums.get(key) ?? [];
    list.push({ studentId: r.student_id, value: score });
    sums.set(key, list);
  }

  const rated = new Set(own.map((r) => r.measure_id));
  const measures = setup.measures
    .filter((m) => m.is_active || rated.has(m.id))
    .map((m) => ({ id: m.id, kind: m.kind, name_es: m.name_es, name_en: m.name_en || m.name_es }));
  const usedVersions = new Set(own.map((r) => r.version_id));
  const scales = versions
    .filter((v) => usedVersions.has(v.version_id))
    .map((v) => ({
      version_id: v.version_id,
      name_es: v.name_es,
      name_en: v.name_en,
      kind: v.kind,
      definition: v.definition,
    }));
  const periodOf = (day: string) => periods.find((p) => p.starts_on <= day && day <= p.ends_on)?.id;

  return students.map((student, index) => {
    const cards: ScorecardPeriod[] = periods.map((p) => {
      const mine = own.filter((r) => r.student_id === student.id && r.period_id === p.id);
      const cells: ScorecardCell[] = [];
      for (const r of mine) {
        const definition = definitionOf.get(r.version_id);
        if (!definition) continue;
        cells.push({
          measure_id: r.measure_id,
          value: r.value,
          label_es: valueLabel(definition, r.value, "es"),
          label_en: valueLabel(definition, r.value, "en"),
          colour: valueColour(definition, r.value),
          passing: isPassing(definition, r.value),
          score: nullableRound(scoreOf(definition, r.value)),
          version_id: r.version_id,
        });
      }
      const group_average = measures.flatMap((m) => {
        const groupId = mine.find((r) => r.measure_id === m.id)?.group_id ?? input.groupOf.get(student.id) ?? null;
        const all = groupId === null ? undefined : sums.get(`${groupId}:${p.id}:${m.id}`);
        const own = input.familyFigures ? [student.id, ...input.familyFigures.own] : null;
        const scores = all && own ? familyAggregate(all, own) : all;
        return scores?.length ? [{ measure_id: m.id, score: round1(mean(scores.map((s) => s.value))) }] : [];
      });
      const byClass = { minor: 0, serious: 0, "very-serious": 0, total: 0 };
      for (const r of incidentRows) {
        if (r.student_id !== student.id || r.period_id !== p.id) continue;
        if (r.classification in byClass) byClass[r.classification as "minor"] += r.n;
        byClass.total += r.n;
      }
      const actions = actionRows.filter((a) => a.student_id === student.id && periodOf(a.starts_on) === p.id);
      const comment = comments.find((c) => c.student_id === student.id && c.period_id === p.id);
      return {
        id: p.id,
        name_es: p.name_es,
        name_en: p.name_en,
        order: p.order,
        starts_on: p.starts_on,
        ends_on: p.ends_on,
        published_at: p.published_at ? p.published_at.toISOString() : null,
        ratings: cells,
        group_average,
        points: points[index]!.get(p.id) ?? 0,
        incidents: byClass,
        formative_actions: {
          completed: actions.filter((a) => a.completed).length,
          pending: actions.filter((a) => a.pending).length,
        },
        observations: observationRows.filter((o) => o.student_id === student.id && periodOf(o.on) === p.id).length,
        comment: comment ? { text: comment.text, visible_to_family: comment.visible_to_family } : null,
      };
    });
    const usedHere = new Set(cards.flatMap((c) => c.ratings.map((r) => r.version_id)));
    return {
      student,
      school_year: input.year,
      school_years: input.years,
      measures,
      scales: scales.filter((s) => usedHere.has(s.version_id)),
      periods: cards,
    };
  });
}

const nullableRound = (n: number | null) => (n === null ? null : round1(n));
