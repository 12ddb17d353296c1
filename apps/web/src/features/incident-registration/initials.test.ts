import { describe, expect, it } from "vitest";
import { initials } from "./Bits.tsx";

describe("initials of a student without photo", () => {
  it("takes the first name and the paternal surname", () => {
    expect(initials("Ana Sofía Castillo Juárez")).toBe("AC");
    expect(initials("Hugo Campos Jiménez")).toBe("HC");
    expect(initials("Bruno Cervantes")).toBe("BC");
    expect(initials("Bruno Cervantes De la Cruz")).toBe("BC");
    expect(initials("María Fernanda Díaz Montes")).toBe("MD");
    expect(initials("  zoe  ")).toBe("Z");
    expect(initials("")).toBe("");
  });
});
