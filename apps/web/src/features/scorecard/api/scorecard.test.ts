import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadPdf, groupPdfPath, STUDENT_PARAM, studentPdfPath } from "./scorecard.ts";

/** The scorecard's PDFs (issue 13 §5): a student's year, a group's period; saved with the server's file name. */
describe("scorecard PDFs", () => {
  it("asks for a student's year and a group's period (or its current one)", () => {
    expect(studentPdfPath(11, 3)).toBe("/api/scorecard/students/11/pdf?school_year_id=3");
    expect(groupPdfPath(9, 2)).toBe("/api/scorecard/groups/9/pdf?period_id=2");
    expect(groupPdfPath(9, null)).toBe("/api/scorecard/groups/9/pdf");
    // Not `student`: that parameter opens the student's file drawer.
    expect(STUDENT_PARAM).not.toBe("student");
  });

  describe("saving", () => {
    let clicked: { href: string; download: string }[];
    beforeEach(() => {
      clicked = [];
      vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:pdf", revokeObjectURL: () => undefined }));
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.getAttribute("href") ?? "", download: this.download });
      });
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it("saves the file under the name the server gives, or the fallback, and leaves no link behind", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(
          async () =>
            new Response("%PDF", {
              headers: { "content-disposition": 'attachment; filename="boleta-sofia.pdf"' },
            }),
        ),
      );
      await downloadPdf(studentPdfPath(11, 3), "boleta.pdf");
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response("%PDF")),
      );
      await downloadPdf(groupPdfPath(9, 2), "grupo.pdf");
      expect(clicked).toEqual([
        { href: "blob:pdf", download: "boleta-sofia.pdf" },
        { href: "blob:pdf", download: "grupo.pdf" },
      ]);
      expect(document.querySelectorAll("a[download]")).toHaveLength(0);
    });

    it("fails with the server's reason when the student is out of reach", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(
          async () => new Response(JSON.stringify({ code: "NOT_FOUND", message: "No encontrado" }), { status: 404 }),
        ),
      );
      await expect(downloadPdf(studentPdfPath(99, 3), "boleta.pdf")).rejects.toMatchObject({
        status: 404,
        message: "No encontrado",
      });
      expect(clicked).toEqual([]);
    });
  });
});
