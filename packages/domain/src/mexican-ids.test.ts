import { describe, expect, it } from "vitest";
import { curpCheckDigit, isValidCurp, isValidRfc, normalizeId } from "./mexican-ids.ts";

describe("CURP", () => {
  it.each([
    // RENAPO's published example and a well-known public CURP.
    ["HEGG560427MVZRRL04", true],
    ["LOOA531113HTCPBN07", true],
    // Lower case and spaces are what people type; they are normalised first.
    ["  hegg560427mvzrrl04 ", true],
    // Born after 1999: the homonym key is a letter.
    [`MAPE050101MNLRRLA${curpCheckDigit("MAPE050101MNLRRLA")}`, true],
  ])("accepts %s", (curp, ok) => {
    expect(isValidCurp(curp)).toBe(ok);
  });

  it.each([
    ["HEGG560427MVZRRL05", "wrong check digit"],
    ["HEGG560427XVZRRL04", "sex other than H or M"],
    ["HEGG561327MVZRRL04", "month 13"],
    ["HEGG560431MVZRRL04", "31 April"],
    ["HEGG560427MVZRRL0", "17 characters"],
    ["HEGG560427MVZRRL044", "19 characters"],
    ["H3GG560427MVZRRL04", "digit among the name letters"],
    ["", "empty"],
  ])("refuses %s (%s)", (curp) => {
    expect(isValidCurp(curp)).toBe(false);
  });

  it("computes the check digit with Ñ after N", () => {
    // Ñ is worth 24 in RENAPO's alphabet, O 25: swapping them changes the digit.
    expect(curpCheckDigit("AÑAA000101HDFRRNA")).not.toBe(curpCheckDigit("AOAA000101HDFRRNA"));
  });
});

describe("RFC (persona física)", () => {
  it.each(["GODE561231GR8", "XAXX010101000", "ÑUÑE800229AB1", "A&BC991231ZZ9", " gode561231gr8 "])(
    "accepts %s",
    (rfc) => {
      expect(isValidRfc(rfc)).toBe(true);
    },
  );

  it.each([
    ["GODE561331GR8", "month 13"],
    ["GODE560230GR8", "30 February"],
    ["GOD561231GR8", "persona moral (3 letters)"],
    ["GODE561231GR", "short homoclave"],
    ["GODE561231GR-", "symbol in the homoclave"],
  ])("refuses %s (%s)", (rfc) => {
    expect(isValidRfc(rfc)).toBe(false);
  });
});

it("normalises ids by trimming and upper-casing", () => {
  expect(normalizeId("  gode561231gr8\t")).toBe("GODE561231GR8");
});
