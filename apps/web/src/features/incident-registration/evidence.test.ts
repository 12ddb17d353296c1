import { describe, expect, it } from "vitest";
import { evidenceProblem, evidenceType, fileSize, MB } from "./evidence.ts";

describe("evidence files", () => {
  it("takes the evidence types, their aliases, and typeless files by extension", () => {
    expect(evidenceType({ name: "a.jpg", type: "image/jpeg" })).toBe("image/jpeg");
    expect(evidenceType({ name: "a.jpg", type: "image/jpg" })).toBe("image/jpeg");
    expect(evidenceType({ name: "nota.m4a", type: "audio/x-m4a" })).toBe("audio/mp4");
    expect(evidenceType({ name: "acta.PDF", type: "" })).toBe("application/pdf");
    expect(evidenceType({ name: "foto.jpeg", type: "application/octet-stream" })).toBe("image/jpeg");
  });

  it("refuses other types", () => {
    expect(evidenceType({ name: "a.exe", type: "application/x-msdownload" })).toBeNull();
    expect(evidenceType({ name: "a.heic", type: "image/heic" })).toBeNull();
    expect(evidenceType({ name: "sin-extension", type: "" })).toBeNull();
  });

  it("checks the school's size limit and the number of files", () => {
    const photo = { name: "a.png", type: "image/png", size: 2 * MB };
    expect(evidenceProblem(photo, 2)).toBeNull();
    expect(evidenceProblem({ ...photo, size: 2 * MB + 1 }, 2)).toEqual({ key: "tooLarge", size: 2 });
    expect(evidenceProblem({ ...photo, type: "text/plain", name: "a.txt" }, 2)).toEqual({ key: "wrongType" });
    expect(evidenceProblem(photo, 2, 10)).toEqual({ key: "tooMany", max: 10 });
  });

  it("writes sizes readably", () => {
    expect(fileSize(1.5 * MB, "es")).toBe("1,5 MB");
    expect(fileSize(300 * 1024, "en")).toBe("300 KB");
    expect(fileSize(10, "en")).toBe("1 KB");
  });
});
