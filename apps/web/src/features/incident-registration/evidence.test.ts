import { describe, expect, it } from "vitest";
import { MB } from "../../lib/evidence.ts";
import { fileSize } from "./evidence.ts";

describe("evidence files on the registration screen", () => {
  it("writes sizes readably", () => {
    expect(fileSize(1.5 * MB, "es")).toBe("1,5 MB");
    expect(fileSize(300 * 1024, "en")).toBe("300 KB");
    expect(fileSize(10, "en")).toBe("1 KB");
  });
});
