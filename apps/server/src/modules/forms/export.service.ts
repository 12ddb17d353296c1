import { PassThrough, type Readable } from "node:stream";
import { answerText, type Language, labelIn } from "@convive/domain";
import ExcelJS from "exceljs";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { textCells } from "../../lib/spreadsheet-cells.ts";
import type { Viewer } from "../incidents/index.ts";
import { isFamily, languageOf } from "./access.ts";
import { definitionOfRow } from "./forms.present.ts";
import * as repo from "./forms.repository.ts";
import type { FormsService } from "./forms.service.ts";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const WORDS = {
  student: { es: "Estudiante", en: "Student" },
  group: { es: "Grupo", en: "Group" },
  status: { es: "Estado", en: "Status" },
  by: { es: "Respondió", en: "Answered by" },
  at: { es: "Enviado el", en: "Submitted at" },
  pending: { es: "Pendiente", en: "Pending" },
  draft: { es: "Borrador", en: "Draft" },
  submitted: { es: "Respondido", en: "Answered" },
  file: { es: "formulario", en: "form" },
} as const;

/**
 * A sent form's answers as XLSX (issue 29 §2), the way the incident archive exports (ExcelJS streamed, typed text
 * kept as text): one row per student in the reader's scope, one column per question, values in the reader's
 * language. Staff only; what is not submitted reads as its status with empty answers.
 */
export function createFormExport(deps: { db: Db; forms: FormsService; log: (message: string) => void }) {
  const { db } = deps;

  async function exportXlsx(viewer: Viewer, formId: number) {
    if (isFamily(viewer.tenant)) throw new AppError("NOT_FOUND");
    const language: Language = languageOf(viewer);
    const { row, scope } = await deps.forms.reach(viewer, formId);
    const rows = await repo.responses(db, viewer.tenant.schoolId, formId, scope, language);
    const { fields, name, name_en } = definitionOfRow(row);
    const title = language === "en" ? name_en : name;
    const say = (w: { es: string; en: string }) => w[language];
    const stream = new PassThrough();
    const write = async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Form", {
        views: [{ state: "frozen", ySplit: 1 }],
      });
      const header = sheet.addRow(
        textCells([
          say(WORDS.student),
          say(WORDS.group),
          say(WORDS.status),
          say(WORDS.by),
          say(WORDS.at),
          ...fields.map((f) => labelIn(f, language)),
        ]),
      );
      header.font = { bold: true };
      header.commit();
      for (const r of rows) {
        const submitted = r.status === "submitted";
        sheet
          .addRow(
            textCells([
              r.student_name,
              r.group ?? "",
              say(WORDS[r.status]),
              submitted ? (r.answered_by_name ?? "") : "",
              submitted && r.submitted_at ? new Date(r.submitted_at).toISOString().slice(0, 16).replace("T", " ") : "",
              ...fields.map((f) => (submitted ? answerText(f, r.answers[f.key] as never, language) : "")),
            ]),
          )
          .commit();
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => {
      deps.log(`form export failed: ${error instanceof Error ? error.message : String(error)}`);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const filename = `${say(WORDS.file)}-${formId}.xlsx`;
    return { filename, stream: stream as Readable, studentIds: rows.map((r) => r.student_id) };
  }

  return { exportXlsx };
}
