import type { ConditionType, ConditionTypeBody, Language } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./conditions.repository.ts";

type Row = Awaited<ReturnType<typeof repo.conditionTypesOf>>[number];

const present = (row: Row, language: Language | undefined): ConditionType => ({
  id: row.id,
  name: row.name,
  name_en: row.nameEn,
  label: language === "en" ? row.nameEn : row.name,
  active: row.active,
});

/** The school's condition types (spec §3: physical, visual, intellectual, and its own), switched off, never deleted. */
export function createConditionTypes(deps: { db: Db }) {
  const { db } = deps;
  const save = async (run: () => Promise<Row[]>, language: Language | undefined) => {
    try {
      const [row] = await run();
      if (!row) throw new AppError("NOT_FOUND");
      return present(row, language);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError("SUPPORT_TYPE_DUPLICATE", { name: "SUPPORT_TYPE_DUPLICATE" });
      }
      throw error;
    }
  };
  const values = (body: ConditionTypeBody) => ({ name: body.name, nameEn: body.name_en, active: body.active });
  return {
    list: async (schoolId: string, language: Language | undefined) =>
      (await repo.conditionTypesOf(db, schoolId)).map((r) => present(r, language)),
    create: (schoolId: string, body: ConditionTypeBody, language: Language | undefined) =>
      save(() => repo.insertConditionType(db, schoolId, values(body)), language),
    update: (schoolId: string, id: number, body: ConditionTypeBody, language: Language | undefined) =>
      save(() => repo.updateConditionType(db, schoolId, id, values(body)), language),
  };
}
