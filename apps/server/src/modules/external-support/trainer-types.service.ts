import type { Language, TrainerType, TrainerTypeBody } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./referrals.repository.ts";

type Row = Awaited<ReturnType<typeof repo.trainerTypesOf>>[number];

const present = (row: Row, language: Language | undefined): TrainerType => ({
  id: row.id,
  name: row.name,
  name_en: row.nameEn,
  label: language === "en" ? row.nameEn : row.name,
  active: row.active,
});

/** A unique index on the lowered name refuses a second type of the same name (23505). */
const duplicate = isUniqueViolation;

/** The school's trainer types (spec §3: external trainers have a trainer type), es/en, switched off rather than deleted. */
export function createTrainerTypes(deps: { db: Db }) {
  const { db } = deps;
  const save = async (run: () => Promise<Row[]>, language: Language | undefined) => {
    try {
      const [row] = await run();
      if (!row) throw new AppError("NOT_FOUND");
      return present(row, language);
    } catch (error) {
      if (duplicate(error)) throw new AppError("SUPPORT_TYPE_DUPLICATE", { name: "SUPPORT_TYPE_DUPLICATE" });
      throw error;
    }
  };
  return {
    list: async (schoolId: string, language: Language | undefined) =>
      (await repo.trainerTypesOf(db, schoolId)).map((r) => present(r, language)),
    create: (schoolId: string, body: TrainerTypeBody, language: Language | undefined) =>
      save(
        () => repo.insertTrainerType(db, schoolId, { name: body.name, nameEn: body.name_en, active: body.active }),
        language,
      ),
    update: (schoolId: string, id: number, body: TrainerTypeBody, language: Language | undefined) =>
      save(
        () => repo.updateTrainerType(db, schoolId, id, { name: body.name, nameEn: body.name_en, active: body.active }),
        language,
      ),
  };
}
