import { BLOOD_TYPES, HEALTH_SEVERITIES, type NursingField, type StudentNursing } from "@convive/domain";
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { usePropose, useSaveRecord } from "../api/nursing.ts";
import { changesOf, emptyItem, initialRecord, type RecordValues } from "./record-form.ts";

/**
 * The medical record's form (issue 29 §4): the nurse writes it; a family proposes the same form's changes, which
 * the nurse approves or rejects. The school's own fields follow the fixed ones.
 */
export function RecordModal({ file, onClose }: { file: StudentNursing; onClose: () => void }) {
  const { t, i18n } = useTranslation("nursing");
  const before = initialRecord(file.record);
  const form = useForm<RecordValues>({ initialValues: before });
  const [note, setNote] = useState("");
  const saveRecord = useSaveRecord({ form, success: t("record.saved") });
  const propose = usePropose({ form, success: t("record.proposed") });
  const save = file.family ? propose : saveRecord;
  const studentId = file.student.id;
  const clean = (v: RecordValues): RecordValues => ({
    ...v,
    allergies: v.allergies.filter((a) => a.name.trim()),
    conditions: v.conditions.filter((c) => c.name.trim()),
    emergency_contacts: v.emergency_contacts.filter((c) => c.name.trim() || c.phone.trim()),
    extra: Object.fromEntries(Object.entries(v.extra).filter(([, value]) => value !== undefined)),
  });
  const submit = form.onSubmit((v) => {
    const values = clean(v);
    if (file.family) void propose.submit({ studentId, changes: changesOf(before, values), note }, onClose);
    else void saveRecord.submit({ studentId, ...values }, onClose);
  });
  const en = i18n.resolvedLanguage === "en";
  return (
    <FormModal
      opened
      onClose={onClose}
      size="xl"
      title={t(file.family ? "record.proposeTitle" : "record.editTitle", { name: file.student.name })}
      onSubmit={submit}
      save={save}
      submitLabel={file.family ? t("record.propose") : undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t("record.bloodType")}
          data={BLOOD_TYPES.map((b) => ({ value: b, label: b }))}
          clearable
          {...form.getInputProps("blood_type")}
        />
        <TextInput
          label={t("record.insuranceProvider")}
          maxLength={150}
          {...form.getInputProps("insurance_provider")}
        />
        <TextInput label={t("record.insurancePolicy")} maxLength={80} {...form.getInputProps("insurance_policy")} />
      </SimpleGrid>
      <ItemsField form={form} path="allergies" />
      <ItemsField form={form} path="conditions" />
      <Textarea
        label={t("record.medication")}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps("medication")}
      />
      <ContactsField form={form} />
      {file.fields.filter((f) => f.active).length > 0 && (
        <Fieldset legend={t("record.extra")} radius="md">
          <Stack gap="xs">
            {file.fields
              .filter((f) => f.active)
              .map((f) => (
                <ExtraField key={f.id} field={f} en={en} form={form} />
              ))}
          </Stack>
        </Fieldset>
      )}
      {file.family && (
        <Textarea
          label={t("record.note")}
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      )}
    </FormModal>
  );
}

function ItemsField({ form, path }: { form: UseFormReturnType<RecordValues>; path: "allergies" | "conditions" }) {
  const { t } = useTranslation("nursing");
  const items = form.getValues()[path];
  return (
    <Fieldset legend={t(`record.${path}`)} radius="md">
      <Stack gap="xs">
        {items.map((_, i) => (
          <Paper key={`${path}-${i.toString()}`} withBorder p="xs" radius="md">
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label={t("record.itemName")}
                required
                maxLength={150}
                style={{ flex: "1 1 12rem" }}
                {...form.getInputProps(`${path}.${i}.name`)}
              />
              <Select
                label={t("record.severity")}
                w={140}
                allowDeselect={false}
                data={HEALTH_SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
                {...form.getInputProps(`${path}.${i}.severity`)}
              />
              <Checkbox
                label={t("record.critical")}
                mb={8}
                {...form.getInputProps(`${path}.${i}.critical`, { type: "checkbox" })}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size={36}
                aria-label={t("record.remove")}
                onClick={() => form.removeListItem(path, i)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <TextInput
              label={t("record.itemNotes")}
              maxLength={500}
              mt={4}
              {...form.getInputProps(`${path}.${i}.notes`)}
            />
          </Paper>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem(path, emptyItem())}
        >
          {t(`record.add.${path}`)}
        </Button>
      </Stack>
    </Fieldset>
  );
}

function ContactsField({ form }: { form: UseFormReturnType<RecordValues> }) {
  const { t } = useTranslation("nursing");
  return (
    <Fieldset legend={t("record.contacts")} radius="md">
      <Stack gap="xs">
        {form.getValues().emergency_contacts.map((_, i) => (
          <Group key={`contact-${i.toString()}`} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t("record.contactName")}
              maxLength={150}
              style={{ flex: "1 1 10rem" }}
              {...form.getInputProps(`emergency_contacts.${i}.name`)}
            />
            <TextInput
              label={t("record.relationship")}
              maxLength={80}
              w={130}
              {...form.getInputProps(`emergency_contacts.${i}.relationship`)}
            />
            <TextInput
              label={t("record.phone")}
              type="tel"
              maxLength={40}
              w={150}
              {...form.getInputProps(`emergency_contacts.${i}.phone`)}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              size={36}
              aria-label={t("record.remove")}
              onClick={() => form.removeListItem("emergency_contacts", i)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem("emergency_contacts", { name: "", relationship: "", phone: "" })}
        >
          {t("record.add.contact")}
        </Button>
      </Stack>
    </Fieldset>
  );
}

function ExtraField({ field, en, form }: { field: NursingField; en: boolean; form: UseFormReturnType<RecordValues> }) {
  const { t } = useTranslation("nursing");
  const label = en ? field.label_en : field.label;
  const key = String(field.id);
  const value = form.getValues().extra[key] ?? "";
  const set = (v: string | null) => form.setFieldValue("extra", { ...form.getValues().extra, [key]: v ?? "" });
  const error = form.errors[`extra.${key}`];
  if (field.kind === "yes_no" || field.kind === "choice") {
    const data =
      field.kind === "yes_no"
        ? [
            { value: "yes", label: t("yes") },
            { value: "no", label: t("no") },
          ]
        : field.choices.map((c) => ({ value: c.es, label: en ? c.en : c.es }));
    return <Select label={label} data={data} clearable value={value || null} onChange={set} error={error} />;
  }
  return (
    <TextInput
      label={label}
      type={field.kind === "date" ? "date" : "text"}
      maxLength={500}
      value={value}
      onChange={(e) => set(e.currentTarget.value)}
      error={error}
    />
  );
}
