import {
  type GroupScorecardQuery,
  type Language,
  managesRatings,
  ratingScope,
  type Scorecard,
  type ScorecardQuery,
  type ScorecardStudentItem,
  type ScorecardStudentsQuery,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { familyPayload, familyReader, familyReaderOfUser, schoolNameIndex } from "../../lib/family-reader.ts";
import type { Tenant } from "../../plugins/access.ts";
import { myChildIds, myGroupIds } from "../incidents/index.ts";
import { publishedPeriodsFor } from "../ratings/index.ts";
import type { PdfJobs } from "./pdf.pool.ts";
import { buildScorecards } from "./scorecard.build.ts";
import * as repo from "./scorecard.repository.ts";

export interface Reader {
  tenant: Tenant;
  userId: number;
  language: Language;
}

/**
 * Who reads which scorecards (issue 13 §4, `ratingScope`): a family their own children, published periods only;
 * whoever searches ratings or updates incidents the whole school; anyone else (a Docente) the students of the
 * groups they head or teach. A student outside the reader's scope is 404, as another school's is.
 */
type CardScope = { kind: "school" } | { kind: "own"; groupIds: number[] } | { kind: "family"; childIds: number[] };

async function scopeOf(tx: Tx, reader: Reader): Promise<CardScope> {
  const { tenant, userId } = reader;
  const kind = ratingScope(tenant.profileName, tenant.grants);
  if (kind === "family") return { kind, childIds: await myChildIds(tx, tenant.schoolId, userId) };
  if (kind === "school" || tenant.grants.has("incidents.update")) return { kind: "school" };
  return { kind: "own", groupIds: await myGroupIds(tx, tenant.schoolId, userId) };
}

const whoOf = (scope: CardScope): repo.Who =>
  scope.kind === "family" ? { studentIds: scope.childIds } : scope.kind === "own" ? { groupIds: scope.groupIds } : {};

type YearRow = Awaited<ReturnType<typeof repo.studentYears>>[number];
const groupItem = (row: { group_id: number | null; label: string | null; label_en: string | null }) =>
  row.group_id === null ? null : { id: row.group_id, label: row.label ?? "", label_en: row.label_en ?? "" };

export function createScorecardService(deps: { db: Db; pdfs: PdfJobs }) {
  const { db, pdfs } = deps;

  /** The picker: a family's children; staff's students in scope by name/enrollment and group (50 at most). */
  async function students(reader: Reader, query: ScorecardStudentsQuery): Promise<ScorecardStudentItem[]> {
    const { schoolId } = reader.tenant;
    const [scope, clock] = await Promise.all([scopeOf(db, reader), repo.schoolClock(db, schoolId)]);
    const filter = scope.kind === "family" ? {} : { q: query.q || undefined, groupId: query.group_id };
    const rows = await repo.searchStudents(db, schoolId, clock.yearId, filter, whoOf(scope));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      first_name: r.first_name,
      enrollment: r.enrollment,
      photo: r.photo,
      group: groupItem(r),
    }));
  }

  /** The current year's groups the reader picks students from (a teacher's own; none for a family). */
  async function groups(reader: Reader) {
    const { schoolId } = reader.tenant;
    const [scope, clock] = await Promise.all([scopeOf(db, reader), repo.schoolClock(db, schoolId)]);
    if (scope.kind === "family") return [];
    return repo.currentGroups(db, schoolId, clock.yearId, scope.kind === "own" ? scope.groupIds : undefined);
  }

  /** May the reader print the group's scorecards: a director (managesRatings) or one of its teachers. */
  async function printsGroup(reader: Reader, groupId: number) {
    if (ratingScope(reader.tenant.profileName, reader.tenant.grants) === "family") return false;
    if (managesRatings(reader.tenant.grants)) return true;
    return repo.teachesGroup(db, reader.tenant.schoolId, groupId, reader.userId);
  }

  /** One student's scorecard for a year (default: the current one, else their latest), or 404 outside the scope. */
  function scorecard(reader: Reader, studentId: number, query: ScorecardQuery): Promise<Scorecard> {
    return card(reader, studentId, query, false).then((c) => c.card);
  }

  /** The scorecard with the reader's scope; `printed`: it goes home, so its figures are a family's. */
  async function card(reader: Reader, studentId: number, query: ScorecardQuery, printed: boolean) {
    const { schoolId } = reader.tenant;
    const [scope, clock] = await Promise.all([scopeOf(db, reader), repo.schoolClock(db, schoolId)]);
    const student = await repo.findStudent(db, schoolId, studentId, whoOf(scope));
    if (!student) throw new AppError("NOT_FOUND");
    const years = await repo.studentYears(db, schoolId, studentId);
    // A student not yet placed in a group still has the current year's scorecard.
    const year =
      pickYear(years, clock.yearId, query.school_year_id) ??
      (query.school_year_id === undefined && clock.yearId !== null
        ? (await repo.yearName(db, schoolId, clock.yearId))[0]
        : undefined);
    if (!year) throw new AppError("NOT_FOUND");
    const yearRow = years.find((y) => y.year_id === year.id);
    const current = years.find((y) => y.is_current) ?? null;
    const family = scope.kind === "family";
    // A family: the periods published for this child (the ratings module's one rule: their group, window over).
    const published = family ? await publishedPeriodsFor(db, schoolId, [studentId]) : [];
    const periods = (await repo.yearPeriods(db, schoolId, year.id)).flatMap((p) => {
      if (!family) return p.starts_on <= clock.today ? [p] : [];
      const mine = published.find((x) => x.periodId === p.id);
      return mine ? [{ ...p, published_at: mine.publishedAt }] : [];
    });
    const item: ScorecardStudentItem = { ...student, group: current ? groupItem(current) : null };
    const [card] = await buildScorecards(db, {
      schoolId,
      year,
      years: years.map((y) => ({ id: y.year_id, name: y.year_name })),
      periods,
      students: [item],
      groupOf: new Map([[studentId, yearRow?.group_id ?? null]]),
      familyOnly: family,
      familyFigures: scope.kind === "family" ? { own: scope.childIds } : printed ? { own: [] } : undefined,
    });
    const groupId = yearRow?.group_id ?? null;
    const can_print_group = groupId !== null && (await printsGroup(reader, groupId));
    return { card: { ...card!, can_print_group } as Scorecard, scope };
  }

  /**
   * The student's scorecard as a PDF in the reader's language (comments staff keep to themselves left out). It
   * goes home, so its data passes the family reader before the worker draws it: other students' names out of the
   * comments (a family's own children kept; a staff print keeps its student), group figures by the small-cells rule.
   */
  async function pdf(reader: Reader, studentId: number, query: ScorecardQuery) {
    const { schoolId } = reader.tenant;
    const { card: scorecardOf, scope } = await card(reader, studentId, query, true);
    const language = reader.language;
    const family =
      scope.kind === "family"
        ? await familyReaderOfUser(db, schoolId, reader.userId, language, scope.childIds)
        : familyReader(await schoolNameIndex(db, schoolId), { schoolId, keepStudentIds: [studentId], language });
    const printable = await familyPayload(db, family, {
      ...scorecardOf,
      periods: scorecardOf.periods.map(familyComment),
    });
    const school = await repo.schoolHeader(db, schoolId);
    const data = await pdfs.render({ school, language, cards: [printable] });
    return { data, name: fileName(language, scorecardOf.student.name) };
  }

  /** A whole group's scorecards in one PDF: one period or the year; a director's or the group's teachers'. */
  async function groupPdf(reader: Reader, groupId: number, query: GroupScorecardQuery) {
    const { schoolId } = reader.tenant;
    const group = await repo.findGroup(db, schoolId, groupId);
    if (!group || !(await printsGroup(reader, groupId))) throw new AppError("NOT_FOUND");
    const clock = await repo.schoolClock(db, schoolId);
    const all = await repo.yearPeriods(db, schoolId, group.year_id);
    let periods = all.filter((p) => p.starts_on <= clock.today);
    if (query.period_id !== undefined) {
      periods = all.filter((p) => p.id === query.period_id);
      if (periods.length === 0) throw new AppError("NOT_FOUND", { period_id: "NOT_FOUND" });
    }
    const members = await repo.groupStudents(db, schoolId, groupId);
    const [year] = await repo.yearName(db, schoolId, group.year_id);
    const label = { id: group.id, label: group.label, label_en: group.label_en };
    const cards = await buildScorecards(db, {
      schoolId,
      year: year!,
      years: [year!],
      periods,
      students: members.map((m) => ({ ...m, group: label })),
      groupOf: new Map(members.map((m) => [m.id, groupId])),
      familyOnly: false,
      familyFigures: { own: [] },
    });
    const [school, index] = await Promise.all([repo.schoolHeader(db, schoolId), schoolNameIndex(db, schoolId)]);
    // Each page goes home to its own student's family: their name kept, every other one through the family reader.
    const printable = await Promise.all(
      cards.map((c) => {
        const family = familyReader(index, { schoolId, keepStudentIds: [c.student.id], language: reader.language });
        return familyPayload(db, family, { ...c, can_print_group: true, periods: c.periods.map(familyComment) });
      }),
    );
    const data = await pdfs.render({ school, language: reader.language, cards: printable });
    // Every student printed: the route logs one scorecard read per student (issue 30 §4).
    const studentIds = cards.map((c) => c.student.id);
    return {
      data,
      name: fileName(reader.language, reader.language === "en" ? group.label_en : group.label),
      studentIds,
    };
  }

  return { students, groups, scorecard, pdf, groupPdf };
}

export type ScorecardService = ReturnType<typeof createScorecardService>;

/** The year asked for (one of the student's), else the current one, else the student's latest. */
function pickYear(years: YearRow[], currentYearId: number | null, asked: number | undefined) {
  const as = (y: YearRow | undefined) => (y ? { id: y.year_id, name: y.year_name } : undefined);
  if (asked !== undefined) return as(years.find((y) => y.year_id === asked));
  return as(years.find((y) => y.year_id === currentYearId)) ?? as(years[0]);
}

/** A printed scorecard goes home: it carries only the comments written for the family. */
const familyComment = <P extends { comment: { visible_to_family: boolean } | null }>(p: P): P => ({
  ...p,
  comment: p.comment?.visible_to_family ? p.comment : null,
});

/** Letters that do not decompose into a Latin letter and marks. */
const LETTERS: Record<string, string> = { Ł: "L", ł: "l", Ø: "O", ø: "o", Đ: "D", đ: "d", ß: "ss", Æ: "AE", æ: "ae" };

/** "boleta-sofia-ramirez-torres.pdf": ASCII, so every browser saves it under that name. */
function fileName(language: Language, who: string) {
  const slug = who
    .replace(/[ŁłØøĐđßÆæ]/g, (c) => LETTERS[c] ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${language === "en" ? "scorecard" : "boleta"}-${slug || "convive"}.pdf`;
}
