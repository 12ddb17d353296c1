import { INCIDENT_LIMITS } from "@convive/domain/core";
import { describe, expect, it } from "vitest";
import { asEvidenceBlob, EVIDENCE_ACCEPT, evidenceProblem, evidenceType, MB } from "./evidence.ts";

describe("evidence checked in the browser", () => {
  it("knows the evidence types, their aliases and typeless files by extension", () => {
    expect(evidenceType({ name: "a.png", type: "image/png" })).toBe("image/png");
    expect(evidenceType({ name: "a.jpg", type: "image/jpg" })).toBe("image/jpeg");
    expect(evidenceType({ name: "Nota.DOCX", type: "" })).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(evidenceType({ name: "a.exe", type: "application/octet-stream" })).toBeNull();
    expect(evidenceType({ name: "a.txt", type: "text/plain" })).toBeNull();
    expect(EVIDENCE_ACCEPT).toContain(".pdf");
    expect(evidenceType({ name: "nota.m4a", type: "audio/x-m4a" })).toBe("audio/mp4");
    expect(evidenceType({ name: "acta.PDF", type: "" })).toBe("application/pdf");
    expect(evidenceType({ name: "foto.jpeg", type: "application/octet-stream" })).toBe("image/jpeg");
    expect(evidenceType({ name: "a.heic", type: "image/heic" })).toBeNull();
    expect(evidenceType({ name: "sin-extension", type: "" })).toBeNull();
  });

  it("refuses too many files first, then the wrong type, then what exceeds the school's size", () => {
    const png = { name: "a.png", type: "image/png", size: 1000 };
    expect(evidenceProblem(png, 2, 0)).toBeNull();
    expect(evidenceProblem(png, 2, INCIDENT_LIMITS.maxAttachments)).toEqual({
      key: "tooMany",
      max: INCIDENT_LIMITS.maxAttachments,
    });
    expect(evidenceProblem({ ...png, name: "a.txt", type: "text/plain" }, 2, 0)).toEqual({ key: "wrongType" });
    expect(evidenceProblem({ ...png, size: 2 * MB + 1 }, 2, 0)).toEqual({ key: "tooLarge", size: 2 });
    expect(evidenceProblem({ ...png, size: 2 * MB }, 2, 0)).toBeNull();
  });

  it("sends a typeless file with the type the server expects", () => {
    const file = new File(["x"], "foto.jpeg", { type: "" });
    expect(asEvidenceBlob(file).type).toBe("image/jpeg");
    const png = new File(["x"], "a.png", { type: "image/png" });
    expect(asEvidenceBlob(png)).toBe(png);
  });
});
