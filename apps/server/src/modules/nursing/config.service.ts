import type {
  Language,
  NursingConfig,
  NursingField,
  NursingFieldBody,
  NursingOption,
  NursingOptionBody,
  UpdateNursingOptionBody,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./config.repository.ts";
import { presentField, presentOption } from "./nursing.present.ts";

const fieldValues = (body: NursingFieldBody) => ({
  label: body.label,
  labelEn: body.label_en,
  kind: body.kind,
  // Only a choice field keeps its choices.
  choices: body.kind === "choice" ? body.choices : [],
  position: body.position,
  active: body.active,
});

/** The nursing configurator (issue 29 §3): the record's extra fields and the visit reasons and outcomes, es/en. */
export function createNursingConfig(deps: { db: Db }) {
  const { db } = deps;
  const one = <T>(rows: T[]) => {
    const [row] = rows;
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  };
  const saveOption = async (run: () => Promise<repo.OptionRow[]>, language: Language | undefined) => {
    try {
      return presentOption(one(await run()), language);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError("NURSING_OPTION_DUPLICATE", { name: "NURSING_OPTION_DUPLICATE" });
      throw error;
    }
  };

  return {
    /** Everything the configurator and the visit form read: fields, reasons and outcomes, active or not. */
    async read(schoolId: string, language: Language | undefined): Promise<NursingConfig> {
      const [fields, options] = await Promise.all([repo.fieldsOf(db, schoolId), repo.optionsOf(db, schoolId)]);
      const shown = options.map((o) => presentOption(o, language));
      return {
        fields: fields.map(presentField),
        reasons: shown.filter((o) => o.kind === "reason"),
        outcomes: shown.filter((o) => o.kind === "outcome"),
      };
    },
    createField: async (schoolId: string, body: NursingFieldBody): Promise<NursingField> =>
      presentField(one(await repo.insertField(db, schoolId, fieldValues(body)))),
    updateField: async (schoolId: string, id: number, body: NursingFieldBody): Promise<NursingField> =>
      presentField(one(await repo.updateField(db, schoolId, id, fieldValues(body)))),
    createOption: (schoolId: string, body: NursingOptionBody, language: Language | undefined): Promise<NursingOption> =>
      saveOption(
        () =>
          repo.insertOption(db, schoolId, {
            kind: body.kind,
            name: body.name,
            nameEn: body.name_en,
            active: body.active,
          }),
        language,
      ),
    updateOption: (
      schoolId: string,
      id: number,
      body: UpdateNursingOptionBody,
      language: Language | undefined,
    ): Promise<NursingOption> =>
      saveOption(
        () => repo.updateOption(db, schoolId, id, { name: body.name, nameEn: body.name_en, active: body.active }),
        language,
      ),
  };
}
