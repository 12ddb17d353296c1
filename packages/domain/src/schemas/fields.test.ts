import { describe, expect, it } from "vitest";
import { HttpUrl, Id, isHttpUrl, MAX_ID, multiLine, optionalText, QueryId, QueryInt, singleLine } from "./fields.ts";

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("text fields", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["bell", "\u0007"],
    ["escape", "\u001b[31mrojo"],
    ["DEL", "a\u007f"],
    ["C1 CSI", "a\u009b"],
    ["lone high surrogate", "a\ud800"],
    ["lone low surrogate", "\udc00b"],
  ])("refuse %s in one line and in several", (_, value) => {
    expect(ok(singleLine(), value)).toBe(false);
    expect(ok(multiLine(), value)).toBe(false);
    expect(singleLine().safeParse(value).error?.issues[0]?.message).toBe("CONTROL_CHARACTERS");
  });

  it("take line breaks and tabs only where several lines are written", () => {
    for (const value of ["uno\ndos", "uno\r\ndos", "col\tcol"]) {
      expect(ok(singleLine(), value)).toBe(false);
      expect(ok(multiLine(), value)).toBe(true);
    }
    expect(optionalText(50).safeParse("a\nb").success).toBe(false);
    expect(optionalText(50, { multiline: true }).safeParse("a\nb").success).toBe(true);
  });

  it("take everything a person types: accents, emoji, other scripts", () => {
    for (const value of ["Sofía Núñez", "O'Connor-Smith", "😀 ¡bien!", "北京", "\u2028"]) {
      expect(ok(singleLine(), value)).toBe(true);
    }
  });
});

describe("ids", () => {
  it("take an id in a body only as a whole number 1…MAX_ID", () => {
    for (const value of [1, 16, MAX_ID]) expect(ok(Id, value)).toBe(true);
    for (const value of [0, -1, 1.5, MAX_ID + 1, "16", null, Number.NaN]) expect(ok(Id, value)).toBe(false);
  });

  it("read an id in a path or query only when spelled in plain digits", () => {
    expect(QueryId.parse("16")).toBe(16);
    expect(QueryId.parse(String(MAX_ID))).toBe(MAX_ID);
    const loose = ["0x10", "1e1", " 16", "16 ", "16.0", "+16", "016", "-1", "0", "", "2147483648", "1\u0000"];
    for (const value of loose) expect(ok(QueryId, value), value).toBe(false);
  });

  it("read page sizes and the like as strictly", () => {
    expect(QueryInt(1, 100).parse("25")).toBe(25);
    for (const value of ["1e1", "0x10", "101", "0", " 5", "5.0"])
      expect(ok(QueryInt(1, 100), value), value).toBe(false);
  });
});

describe("links", () => {
  it("keep http and https, refuse every other scheme", () => {
    for (const link of ["https://meet.example.test/abc", "http://example.test"]) {
      expect(ok(HttpUrl(500), link)).toBe(true);
      expect(isHttpUrl(link)).toBe(true);
    }
    for (const link of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "file:///x",
      "//x.test",
    ]) {
      expect(ok(HttpUrl(500), link), link).toBe(false);
      expect(isHttpUrl(link), link).toBe(false);
    }
  });
});
