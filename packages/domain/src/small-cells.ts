/**
 * Small cells (issue 24 §1): a figure over a group that a family reads — an average, a count, a share, a
 * ranking — lets them work out one classmate's value when few others are in it (the group's average with one
 * other rated classmate gives that classmate's grade by subtraction). So a family sees an aggregate only when it
 * covers at least FAMILY_MIN_OTHERS students other than their own children, and their own children are left out
 * of the figure itself (otherwise "the average without my child" follows from the average and my child's value).
 *
 * Every family-facing statistic of every module goes through `familyAggregate` (or `familyCellShown` when the
 * figure is counted elsewhere, e.g. in SQL): a module never compares with 5 on its own. Staff read the plain
 * figures. A printed document that goes home (a scorecard PDF) is family-facing whoever prints it.
 */

/** The fewest other students a figure shown to a family may cover. */
export const FAMILY_MIN_OTHERS = 5;

/** One student's value in a group figure. */
export interface CellValue<T> {
  studentId: number;
  value: T;
}

/**
 * The values a family's figure may be made of: those of students other than `ownStudentIds`, or null when they
 * are fewer than FAMILY_MIN_OTHERS distinct students (the figure is then not shown at all, not shown as zero).
 */
export function familyAggregate<T>(
  values: readonly CellValue<T>[],
  ownStudentIds: Iterable<number>,
): CellValue<T>[] | null {
  const own = new Set(ownStudentIds);
  const others = values.filter((v) => !own.has(v.studentId));
  return familyCellShown(new Set(others.map((v) => v.studentId)).size) ? others : null;
}

/** Whether a figure over `otherStudents` distinct students (the reader's children already left out) may be shown. */
export const familyCellShown = (otherStudents: number): boolean => otherStudents >= FAMILY_MIN_OTHERS;
