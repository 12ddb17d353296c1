import type { RegistrationOptions, StudentOption } from "@convive/domain";
import { wallNow } from "@convive/domain/core";
import { useForm } from "@mantine/form";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.ts";
import { draftKey, readDraft, useDraft } from "./draft.ts";
import { emptyIncident, type IncidentValues, proposeActions } from "./incident-form.ts";
import { defaultResponsibleId, findType, prefillGroupId, prefillSubjectId, usableCategories } from "./prefill.ts";

/** What the draft keeps besides the values: whether group and subject were chosen by hand (then not prefilled). */
interface Draft {
  values: IncidentValues;
  picked: { group: boolean; subject: boolean };
}

const toId = (id: number | null) => (id === null ? null : String(id));

/**
 * The incident form's values and the rules that fill them in: group and subject follow the chosen students and
 * the teacher's assignments until picked by hand; a type brings its family default and its guidelines. What was
 * typed is kept as a draft of this tab until the incident is saved.
 */
export function useIncidentForm(options: RegistrationOptions, saved: boolean) {
  const { userId, schoolId } = useSession();
  const { i18n } = useTranslation();
  const tz = options.time_zone;
  const categories = useMemo(() => usableCategories(options.categories), [options.categories]);
  const key = draftKey("incident", userId, schoolId);

  const fresh = (keep?: { group_id: string | null; subject_id: string | null }): IncidentValues => {
    const group = keep ? keep.group_id : toId(prefillGroupId([], options.groups));
    const values = emptyIncident(wallNow(tz), {
      group_id: group,
      subject_id: keep ? keep.subject_id : toId(prefillSubjectId(group ? Number(group) : null, options.assignments)),
    });
    return categories.length === 1 ? { ...values, category_id: String(categories[0]!.id) } : values;
  };
  const [restored] = useState(() => readDraft<Draft>(key));
  const [picked, setPicked] = useState(restored?.picked ?? { group: false, subject: false });
  const form = useForm<IncidentValues>({ initialValues: restored?.values ?? fresh() });

  const v = form.values;
  const worthKeeping = !saved && (v.students.length > 0 || v.detail.trim() !== "" || v.type_id !== null);
  useDraft<Draft>(key, { values: v, picked }, worthKeeping);

  const subjectFor = (group: string | null) =>
    toId(prefillSubjectId(group ? Number(group) : null, options.assignments));

  const setStudents = (students: IncidentValues["students"]) => {
    form.setFieldValue("students", students);
    form.clearFieldError("students");
    if (picked.group) return;
    const group = toId(prefillGroupId(students, options.groups));
    form.setFieldValue("group_id", group);
    if (!picked.subject) form.setFieldValue("subject_id", subjectFor(group));
  };
  const chooseType = (id: string) => {
    const next = findType(categories, id);
    form.setValues({
      type_id: id,
      visible_to_family: next?.notify_family ?? true,
      actions: proposeActions(
        next,
        { responsibleId: defaultResponsibleId(userId, options.staff), today: options.today },
        i18n.resolvedLanguage ?? "es",
      ),
    });
    form.clearFieldError("type_id");
  };

  return {
    form,
    categories,
    type: findType(categories, v.type_id),
    restored: restored !== null,
    setStudents,
    toggleStudent: (s: StudentOption) => {
      const exists = v.students.some((p) => p.id === s.id);
      setStudents(exists ? v.students.filter((p) => p.id !== s.id) : [...v.students, { ...s, role: "involved" }]);
    },
    chooseType,
    chooseCategory: (id: string) => {
      const category = categories.find((c) => String(c.id) === id);
      form.setFieldValue("category_id", id);
      if (category?.types.length === 1) chooseType(String(category.types[0]!.id));
      else if (!category?.types.some((t) => String(t.id) === v.type_id)) form.setValues({ type_id: null, actions: [] });
    },
    chooseGroup: (id: string | null) => {
      setPicked((p) => ({ ...p, group: true }));
      form.setFieldValue("group_id", id);
      if (!picked.subject) form.setFieldValue("subject_id", subjectFor(id));
    },
    chooseSubject: (id: string | null) => {
      setPicked((p) => ({ ...p, subject: true }));
      form.setFieldValue("subject_id", id);
    },
    /** A new incident: everything cleared, the group and subject kept (and how they were chosen). */
    another: () => {
      form.setValues(fresh({ group_id: v.group_id, subject_id: v.subject_id }));
      form.resetTouched();
      form.clearErrors();
    },
    /** Drops a restored draft and starts from the prefilled form. */
    startOver: () => {
      form.setValues(fresh());
      form.clearErrors();
      setPicked({ group: false, subject: false });
    },
  };
}
