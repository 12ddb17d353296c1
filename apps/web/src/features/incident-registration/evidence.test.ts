import { describe, expect, it } from "vitest";
import { MB } from "../../lib/evidence.ts";
import { fileSize } from "./evidence.ts";

describe("evidence files on the registration screen", () => {
  it("writes sizes readably", () => {
    // The decimal point in Spanish too (issue 26 §6: a Mexican school writes 1.5).
    expect(fileSize(1.5 * MB, "es")).toBe("1.5 MB");
    expect(fileSize(300 * 1024, "en")).toBe("300 KB");
    expect(fileSize(10, "en")).toBe("1 KB");
  });
});
