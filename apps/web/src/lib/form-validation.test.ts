import { CategoryBody } from "@convive/domain";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { schemaErrors } from "./form-validation.ts";

const t = ((key: string) => key) as unknown as TFunction;

describe("schemaErrors", () => {
  it("names a control character under its field, as the server would", () => {
    expect(schemaErrors(CategoryBody, { name_es: "Con\u0000ducta" }, t)).toEqual({
      name_es: "common:validation.controlCharacters",
    });
    expect(schemaErrors(CategoryBody, { name_es: "Conducta" }, t)).toEqual({});
  });
});
