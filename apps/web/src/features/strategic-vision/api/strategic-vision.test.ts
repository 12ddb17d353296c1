import { afterEach, describe, expect, it, vi } from "vitest";
import { exportDashboard, visionQuery } from "./strategic-vision.ts";

/** The dashboard's filters as the API and the screen's address read them (issue 14 §1). */
describe("strategic vision filters", () => {
  it("sends only the filters chosen", () => {
    expect(visionQuery({})).toBe("");
    expect(visionQuery({ school_year_id: 1, period_id: 2, section_id: undefined, group_id: 9 })).toBe(
      "school_year_id=1&period_id=2&group_id=9",
    );
    expect(new URLSearchParams(visionQuery({ whole_year: 1, grade_id: 4 })).get("whole_year")).toBe("1");
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("exports the same filtered dashboard as PDF or XLSX", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response("x", {
          headers: { "content-disposition": 'attachment; filename="vision.xlsx"' },
        });
      }),
    );
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await exportDashboard({ period_id: 2, group_id: 9 }, "xlsx", "fallback.xlsx");
    await exportDashboard({}, "pdf", "fallback.pdf");
    expect(asked).toEqual(["/api/strategic-vision/xlsx?period_id=2&group_id=9", "/api/strategic-vision/pdf"]);
    expect(names).toEqual(["vision.xlsx", "vision.xlsx"]);
  });
});
