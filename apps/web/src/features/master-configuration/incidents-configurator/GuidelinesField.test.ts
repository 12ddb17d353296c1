import { IncidentTypeBody } from "@convive/domain";
import { describe, expect, it } from "vitest";
import { hyphenOnlyLines } from "./GuidelinesField.tsx";

describe("guidelines typed one per line", () => {
  it("names the lines that hold only a hyphen (spec §5)", () => {
    expect(hyphenOnlyLines("Diálogo reflexivo\n-\nCarta compromiso\r\n  –  \n- Aviso a la familia")).toEqual([2, 4]);
    expect(hyphenOnlyLines("- Diálogo\n\n• Carta")).toEqual([]);
  });

  it("agrees with the request schema the server applies", () => {
    const body = (guidelines: string) => ({ category_id: 1, name_es: "Tipo", classification: "minor", guidelines });
    expect(IncidentTypeBody.safeParse(body("Uno\n - \nDos")).error?.issues[0]?.message).toBe("GUIDELINE_HYPHEN_ONLY");
    expect(IncidentTypeBody.safeParse(body("- Uno\nDos")).success).toBe(true);
  });
});
