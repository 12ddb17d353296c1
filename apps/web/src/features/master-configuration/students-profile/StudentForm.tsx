import {
  CreateStudentBody,
  isValidCurp,
  normalizeId,
  STUDENT_GENDERS,
  STUDENT_STATUSES,
  type Student,
  type StudentGender,
  type StudentStatus,
} from "@convive/domain";
import { byText } from "@convive/domain/core";
import { Alert, Button, Grid, Group, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { DateField } from "../school-years/DateField.tsx";
import type { Group as SchoolGroup } from "../shared/api.ts";
import { AddressFields, type AddressValues, addressBody, emptyAddress } from "./AddressFields.tsx";
import { useSaveStudent } from "./api.ts";

interface Values {
  enrollment: string;
  first_name: string;
  paternal_surname: string;
  maternal_surname: string;
  birthday: string;
  gender: string | null;
  curp: string;
  group_id: string | null;
  status: string;
  address: AddressValues;
  observations: string;
}

export const groupLabel = (g: { section_name: string; grade_name: string; name: string }) =>
  `${g.section_name} · ${g.grade_name} ${g.name}`;

/** Live CURP check: nothing while it is being typed, the rule once it has 18 characters. */
export function curpHint(value: string, t: (k: string) => string) {
  const v = normalizeId(value);
  if (!v) return { error: null, ok: false };
  if (v.length < 18) return { error: null, ok: false };
  return isValidCurp(v) ? { error: null, ok: true } : { error: t("student.curpInvalid"), ok: false };
}

/** Every field of a student (spec §3): names, birthday, gender, CURP, enrollment, group, status, address. */
export function StudentForm({
  student,
  groups,
  canEdit,
  onSaved,
  onCancel,
}: {
  student: Student | null;
  groups: SchoolGroup[];
  canEdit: boolean;
  onSaved: (student: Student) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation("masterStudents");
  const form = useForm<Values>({
    initialValues: {
      enrollment: student?.enrollment ?? "",
      first_name: student?.first_name ?? "",
      paternal_surname: student?.paternal_surname ?? "",
      maternal_surname: student?.maternal_surname ?? "",
      birthday: student?.birthday?.slice(0, 10) ?? "",
      gender: student?.gender ?? null,
      curp: student?.curp ?? "",
      group_id: student?.group ? String(student.group.id) : null,
      status: student?.status ?? "active",
      address: emptyAddress(student?.address),
      observations: student?.observations ?? "",
    },
    validate: (v) => {
      const errors = schemaErrors(CreateStudentBody, body(v), t);
      const curp = normalizeId(v.curp);
      if (curp && !isValidCurp(curp)) errors.curp = t("student.curpInvalid");
      return errors;
    },
  });
  const save = useSaveStudent(student?.id ?? null, { form });
  const curp = curpHint(form.values.curp, t);

  function body(v: Values) {
    return {
      enrollment: v.enrollment,
      first_name: v.first_name,
      paternal_surname: v.paternal_surname,
      maternal_surname: v.maternal_surname,
      birthday: v.birthday || null,
      gender: (v.gender || null) as StudentGender | null,
      curp: normalizeId(v.curp),
      group_id: v.group_id ? Number(v.group_id) : null,
      status: v.status as StudentStatus,
      address: addressBody(v.address),
      observations: v.observations,
    };
  }

  const submit = form.onSubmit((v) => save.submit(body(v), onSaved));

  const groupData = [...groups]
    .sort(byText(i18n.resolvedLanguage ?? "es", groupLabel))
    .map((g) => ({ value: String(g.id), label: groupLabel(g) }));

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {save.failure && (
            <Alert color="red" variant="light" role="alert">
              {save.failure}
            </Alert>
          )}
          <Title order={3} size="h6">
            {t("student.identity")}
          </Title>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t("student.firstName")}
                required
                maxLength={80}
                data-autofocus
                {...form.getInputProps("first_name")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t("student.paternalSurname")}
                maxLength={80}
                {...form.getInputProps("paternal_surname")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t("student.maternalSurname")}
                maxLength={80}
                {...form.getInputProps("maternal_surname")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <DateField
                label={t("student.birthday")}
                {...form.getInputProps("birthday")}
                value={form.values.birthday || null}
                onChange={(v) => form.setFieldValue("birthday", v ?? "")}
                maxDate={new Date()}
                defaultLevel={form.values.birthday ? "month" : "decade"}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t("student.gender")}
                placeholder={t("student.pick")}
                data={STUDENT_GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
                clearable
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps("gender")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t("student.curp")}
                placeholder={t("student.curpHint")}
                maxLength={18}
                autoCapitalize="characters"
                autoComplete="off"
                styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                {...form.getInputProps("curp")}
                onChange={(e) => form.setFieldValue("curp", e.currentTarget.value.toUpperCase())}
                error={form.errors.curp ?? curp.error}
                rightSection={
                  curp.ok ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-label={t("student.curpValid")} />
                  ) : null
                }
              />
            </Grid.Col>
          </Grid>
          <Title order={3} size="h6" mt="xs">
            {t("student.school")}
          </Title>
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t("student.enrollment")}
                required
                maxLength={40}
                autoComplete="off"
                {...form.getInputProps("enrollment")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label={t("student.group")}
                description={t("student.groupHint")}
                placeholder={groupData.length === 0 ? t("student.noGroups") : t("student.pick")}
                data={groupData}
                clearable
                searchable
                nothingFoundMessage={t("student.noGroups")}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps("group_id")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Select
                label={t("student.status")}
                data={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps("status")}
              />
            </Grid.Col>
          </Grid>
          <AddressFields form={form} />
          <Textarea
            label={t("student.observations")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...form.getInputProps("observations")}
          />
          {canEdit && (
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={onCancel} disabled={save.busy}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={save.busy}>
                {student ? t("common:actions.save") : t("student.create")}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
