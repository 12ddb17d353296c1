import { todayIn } from "@convive/domain/core";
import { MultiSelect, Select, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { useFormAudiences, useSendForm } from "../api/forms.ts";
import { useFormTemplates } from "../api/templates.ts";
import { StudentsField } from "./StudentsField.tsx";

interface Values {
  template_id: string | null;
  due_date: string;
  groups: string[];
  grades: string[];
  students: string[];
}

/** Sends a template's current version to whole groups, grades or chosen students with a due date (issue 29 §2). */
export function SendFormModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: (id: number) => void;
}) {
  const { t } = useTranslation("forms");
  const today = todayIn(useSchoolTimeZone());
  const templates = useFormTemplates(opened);
  const audiences = useFormAudiences(opened);
  const form = useForm<Values>({
    initialValues: { template_id: null, due_date: "", groups: [], grades: [], students: [] },
    validate: {
      template_id: (v) => (v ? null : t("send.required")),
      due_date: (v) => (v && v >= today ? null : t("send.dueInvalid")),
      groups: (v, all) => (v.length + all.grades.length + all.students.length > 0 ? null : t("send.audienceRequired")),
    },
  });
  const save = useSendForm({ form, fieldOf: { due_date: "due_date", template_id: "template_id" } });
  const options = (kind: "group" | "grade") =>
    (audiences.data ?? [])
      .filter((o) => o.audience.kind === kind)
      .map((o) => ({ value: String(o.audience.id), label: t("send.families", { label: o.label, count: o.families }) }));
  const submit = form.onSubmit((v) =>
    save.submit(
      {
        template_id: Number(v.template_id),
        due_date: v.due_date,
        audience: {
          group_ids: v.groups.map(Number),
          grade_ids: v.grades.map(Number),
          student_ids: v.students.map(Number),
        },
      },
      (sent) => {
        form.reset();
        onSent(sent.id);
      },
    ),
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t("send.title")}
      onSubmit={submit}
      save={save}
      submitLabel={t("send.submit")}
    >
      <Select
        label={t("send.template")}
        required
        searchable
        data={(templates.data ?? []).filter((x) => x.active).map((x) => ({ value: String(x.id), label: x.label }))}
        {...form.getInputProps("template_id")}
      />
      <TextInput label={t("send.due")} type="date" min={today} required {...form.getInputProps("due_date")} />
      <MultiSelect label={t("send.groups")} searchable data={options("group")} {...form.getInputProps("groups")} />
      {options("grade").length > 0 && (
        <MultiSelect label={t("send.grades")} searchable data={options("grade")} {...form.getInputProps("grades")} />
      )}
      <StudentsField
        value={form.values.students}
        onChange={(ids) => form.setFieldValue("students", ids)}
        error={form.errors.students}
      />
    </FormModal>
  );
}
