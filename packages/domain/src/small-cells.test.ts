import { describe, expect, it } from "vitest";
import { FAMILY_MIN_OTHERS, familyAggregate, familyCellShown } from "./small-cells.ts";

const cells = (ids: number[]) => ids.map((studentId) => ({ studentId, value: studentId * 10 }));

describe("small cells", () => {
  it("needs five other students, the reader's children left out of the count and of the figure", () => {
    expect(FAMILY_MIN_OTHERS).toBe(5);
    // The child and four classmates: nothing.
    expect(familyAggregate(cells([1, 2, 3, 4, 5]), [1])).toBeNull();
    // The child, a sibling and four classmates: still nothing.
    expect(familyAggregate(cells([1, 2, 3, 4, 5, 6]), [1, 6])).toBeNull();
    // Five classmates: their values, the child's left out.
    expect(familyAggregate(cells([1, 2, 3, 4, 5, 6]), [1])?.map((c) => c.studentId)).toEqual([2, 3, 4, 5, 6]);
  });

  it("counts students, not values (two ratings of one classmate are one student)", () => {
    const twice = [...cells([2, 3, 4, 5]), { studentId: 5, value: 1 }];
    expect(familyAggregate(twice, [1])).toBeNull();
    expect(familyCellShown(4)).toBe(false);
    expect(familyCellShown(5)).toBe(true);
  });
});
