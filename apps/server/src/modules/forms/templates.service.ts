import {
  checkDefinition,
  type FormIssues,
  type FormTemplate,
  type FormTemplateBody,
  type Language,
  type UpdateFormTemplateBody,
} from "@convive/domain";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { forms, formTemplates } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Viewer } from "../incidents/index.ts";

type TemplateRow = typeof formTemplates.$inferSelect;

/** A structural problem of the questions: 422 with the field errors of forms-rules.ts. */
export function refuseIssues(issues: FormIssues) {
  if (Object.keys(issues).length > 0) throw new AppError("VALIDATION", issues);
}

export const definitionOf = (t: TemplateRow) => ({
  name: t.name,
  name_en: t.nameEn,
  description: t.description,
  description_en: t.descriptionEn,
  fields: t.fields,
});

const present = (t: TemplateRow, sent: number, language: Language): FormTemplate => ({
  id: t.id,
  ...definitionOf(t),
  label: language === "en" ? t.nameEn : t.name,
  active: t.active,
  version: t.version,
  sent,
  updated_at: t.updatedAt.toISOString(),
});

export async function templateById(tx: Tx, schoolId: string, id: number) {
  const [row] = await forSchool(tx, schoolId).select(formTemplates).where(eq(formTemplates.id, id));
  return row;
}

/**
 * The form configurator (issue 29 §1): the school's templates, read by whoever configures or sends forms, written
 * with master-configuration-nursing.create/update. Every change of the questions raises the version; a form already
 * sent keeps the version it was sent with (form_versions).
 */
export function createFormTemplates(deps: { db: Db }) {
  const { db } = deps;
  const lang = (viewer: Viewer): Language => viewer.language ?? "es";

  async function sentCounts(schoolId: string) {
    const rows = await forSchool(db, schoolId)
      .pick(forms, { templateId: forms.templateId, n: count() })
      .where()
      .groupBy(forms.templateId);
    return new Map(rows.map((r) => [r.templateId, r.n]));
  }

  /** GET /api/form-templates: newest change first. */
  async function list(viewer: Viewer): Promise<FormTemplate[]> {
    const { schoolId } = viewer.tenant;
    const [rows, sent] = await Promise.all([
      forSchool(db, schoolId)
        .select(formTemplates)
        .where()
        .orderBy(desc(formTemplates.updatedAt), desc(formTemplates.id)),
      sentCounts(schoolId),
    ]);
    return rows.map((t) => present(t, sent.get(t.id) ?? 0, lang(viewer)));
  }

  async function one(viewer: Viewer, id: number): Promise<FormTemplate> {
    const row = await templateById(db, viewer.tenant.schoolId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const sent = await sentCounts(viewer.tenant.schoolId);
    return present(row, sent.get(id) ?? 0, lang(viewer));
  }

  async function create(viewer: Viewer, body: FormTemplateBody): Promise<FormTemplate> {
    refuseIssues(checkDefinition(body.fields));
    const [row] = await forSchool(db, viewer.tenant.schoolId)
      .insert(formTemplates, {
        name: body.name,
        nameEn: body.name_en,
        description: body.description,
        descriptionEn: body.description_en,
        fields: body.fields,
        createdBy: viewer.userId,
      })
      .returning();
    return present(row!, 0, lang(viewer));
  }

  /** Renames, changes the questions (a new version) or switches the template on or off. */
  async function update(viewer: Viewer, id: number, body: UpdateFormTemplateBody): Promise<FormTemplate> {
    const { schoolId } = viewer.tenant;
    await db.transaction(async (tx) => {
      const [current] = await forSchool(tx, schoolId)
        .select(formTemplates)
        .where(eq(formTemplates.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND");
      if (body.fields) refuseIssues(checkDefinition(body.fields));
      const next = {
        name: body.name ?? current.name,
        nameEn: body.name_en ?? current.nameEn,
        description: body.description ?? current.description,
        descriptionEn: body.description_en ?? current.descriptionEn,
        fields: body.fields ?? current.fields,
      };
      const changed = JSON.stringify(definitionOf({ ...current, ...next })) !== JSON.stringify(definitionOf(current));
      await forSchool(tx, schoolId)
        .update(formTemplates, {
          ...next,
          ...(body.active !== undefined ? { active: body.active } : {}),
          ...(changed ? { version: current.version + 1 } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(formTemplates.id, id)));
    });
    return one(viewer, id);
  }

  return { list, one, create, update };
}

export type FormTemplates = ReturnType<typeof createFormTemplates>;
