import type { FormField } from "@convive/domain";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { forms, formTemplates, formVersions, users } from "../schema/index.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

const opt = (value: string, label: string, label_en: string) => ({ value, label, label_en });
const field = (f: Partial<FormField> & Pick<FormField, "key" | "type" | "label" | "label_en">): FormField => ({
  help: "",
  help_en: "",
  required: false,
  options: [],
  condition: null,
  ...f,
});

const TRIP: FormField[] = [
  field({
    key: "asiste",
    type: "yes_no",
    label: "¿Autoriza que su hija o hijo asista?",
    label_en: "Do you allow your child to attend?",
    required: true,
  }),
  field({
    key: "motivo",
    type: "long_text",
    label: "¿Por qué no asistirá?",
    label_en: "Why will they not attend?",
    required: true,
    condition: { field: "asiste", equals: "no" },
  }),
  field({
    key: "comida",
    type: "single_choice",
    label: "Comida del día",
    label_en: "Lunch that day",
    required: true,
    options: [
      opt("casa", "La lleva de casa", "From home"),
      opt("escuela", "La compra en la escuela", "Bought at school"),
    ],
    condition: { field: "asiste", equals: "yes" },
  }),
  field({
    key: "contacto",
    type: "short_text",
    label: "Teléfono de contacto ese día",
    label_en: "Contact phone that day",
  }),
  field({
    key: "firma",
    type: "acknowledgement",
    label: "He leído y acepto las condiciones de la salida",
    label_en: "I have read and accept the trip's conditions",
    required: true,
  }),
];

const TRANSPORT: FormField[] = [
  field({
    key: "llegada",
    type: "single_choice",
    label: "¿Cómo llega a la escuela?",
    label_en: "How do they get to school?",
    required: true,
    options: [
      opt("auto", "En auto", "By car"),
      opt("transporte", "Transporte escolar", "School bus"),
      opt("caminando", "Caminando", "On foot"),
    ],
  }),
  field({
    key: "recoge",
    type: "multiple_choice",
    label: "¿Quién puede recogerle?",
    label_en: "Who may pick them up?",
    options: [
      opt("madre", "Madre", "Mother"),
      opt("padre", "Padre", "Father"),
      opt("otro", "Otro familiar", "Another relative"),
    ],
  }),
  field({ key: "minutos", type: "number", label: "Minutos de trayecto", label_en: "Minutes of travel" }),
];

/**
 * The demo's forms to parents (issue 29 §5), sent by the Director to 3° A Primaria's families: a transport survey,
 * closed ten days ago with most answers in, and a museum trip permission slip due in five days with about half
 * answered — Sofía's not yet, so her mother (familia@) has one to answer. Rows written as the app writes them: the
 * version snapshotted, one row per student, answers by a family member of each student.
 */
export async function seedForms(tx: Tx, schoolId: string, emailDomain = "convive.test") {
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `director@${emailDomain}`));
  if (!director) return;
  const group = (
    (await tx.execute(sql`
      select g.id from groups g
        join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
        join sections s on s.school_id = gr.school_id and s.id = gr.section_id
        join school_years y on y.school_id = g.school_id and y.id = g.school_year_id and y.is_current
       where g.school_id = ${schoolId} and gr.name = '3°' and g.name = 'A' and s.name = 'Primaria' limit 1`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0];
  if (!group) return;

  const send = async (
    t: { name: string; name_en: string; description: string; description_en: string; fields: FormField[] },
    sentDaysAgo: number,
    due: string,
    share: number,
    answer: (n: number) => Record<string, unknown>,
    skipFirstName?: string,
  ) => {
    const [template] = await tx
      .insert(formTemplates)
      .values({
        schoolId,
        name: t.name,
        nameEn: t.name_en,
        description: t.description,
        descriptionEn: t.description_en,
        fields: t.fields,
        createdBy: director.id,
      })
      .returning({ id: formTemplates.id });
    const [version] = await tx
      .insert(formVersions)
      .values({ schoolId, templateId: template!.id, version: 1, definition: t })
      .returning({ id: formVersions.id });
    const sentAt = new Date(Date.now() - sentDaysAgo * DAY);
    const [form] = await tx
      .insert(forms)
      .values({
        schoolId,
        templateId: template!.id,
        versionId: version!.id,
        audience: { group_ids: [group.id], grade_ids: [], student_ids: [] },
        dueDate: due,
        sentBy: director.id,
        sentAt,
        mailedAt: sentAt,
        remindedStage: due < day(0) ? 2 : 0,
      })
      .returning({ id: forms.id });
    // Every student of the group gets a row; the first `share` of those with a family member answered.
    await tx.execute(sql`
      with kids as (
        select sg.student_id, sg.group_id, st.first_name,
               (select min(fl.user_id) from family_links fl where fl.school_id = sg.school_id and fl.student_id = sg.student_id) as parent
          from student_groups sg
          join students st on st.school_id = sg.school_id and st.id = sg.student_id and st.status = 'active'
         where sg.school_id = ${schoolId} and sg.group_id = ${group.id})
      insert into form_responses (school_id, form_id, student_id, group_id)
      select ${schoolId}, ${form!.id}, student_id, group_id from kids`);
    const kids = (
      (await tx.execute(sql`
        select r.student_id, st.first_name,
               (select min(fl.user_id) from family_links fl where fl.school_id = r.school_id and fl.student_id = r.student_id) as parent
          from form_responses r join students st on st.school_id = r.school_id and st.id = r.student_id
         where r.school_id = ${schoolId} and r.form_id = ${form!.id}
         order by st.paternal_surname, st.first_name`)) as unknown as {
        rows: { student_id: number; first_name: string; parent: number | null }[];
      }
    ).rows.filter((k) => k.parent !== null && k.first_name !== skipFirstName);
    const answered = kids.slice(0, Math.round(kids.length * share));
    for (const [n, k] of answered.entries()) {
      const at = new Date(sentAt.getTime() + (n + 1) * 3 * 3600 * 1000);
      await tx.execute(sql`
        update form_responses set status = 'submitted', answers = ${JSON.stringify(answer(n))}::jsonb,
               answered_by = ${k.parent}, submitted_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
         where school_id = ${schoolId} and form_id = ${form!.id} and student_id = ${k.student_id}`);
    }
  };

  const ways = ["auto", "transporte", "caminando"];
  await send(
    {
      name: "Encuesta de transporte",
      name_en: "Transport survey",
      description: "Nos ayuda a organizar la entrada y la salida.",
      description_en: "It helps us organise arrivals and departures.",
      fields: TRANSPORT,
    },
    20,
    day(-10),
    0.8,
    (n) => ({ llegada: ways[n % 3], recoge: n % 2 ? ["madre"] : ["madre", "padre"], minutos: 10 + (n % 5) * 5 }),
  );
  await send(
    {
      name: "Permiso: visita al Museo de Historia Natural",
      name_en: "Permission: Natural History Museum trip",
      description: "Salida el viernes de 9:00 a 13:00, en autobús escolar.",
      description_en: "Friday trip from 9:00 to 13:00, by school bus.",
      fields: TRIP,
    },
    3,
    day(5),
    0.5,
    (n) =>
      n % 6 === 5
        ? { asiste: "no", motivo: "Tiene cita médica ese día.", firma: { accepted: true, signer: "Familia" } }
        : { asiste: "yes", comida: n % 2 ? "casa" : "escuela", firma: { accepted: true, signer: "Familia" } },
    "Sofía",
  );
}
