import { NURSING_FIELD_KINDS, type NursingField, type NursingOption, type NursingOptionKind } from "@convive/domain";
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { BilingualNameFields } from "../../master-configuration/index.ts";
import { useNursingConfig, useSaveField, useSaveOption } from "../api/config.ts";

/**
 * /master-configuration/nursing-configurator (issue 29 §3): the medical record's own fields (beyond blood type,
 * allergies, conditions, medication, insurance and emergency contacts), the visit reasons and the outcomes — every
 * entry es/en, switched off rather than deleted (records keep naming them).
 */
export default function NursingConfiguratorPage() {
  const { t } = useTranslation("nursing");
  const config = useNursingConfig();
  if (!config.data) return <QueryState query={config} height={240} />;
  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.7">
        {t("config.intro")}
      </Text>
      <FieldsSection fields={config.data.fields} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OptionsSection kind="reason" options={config.data.reasons} />
        <OptionsSection kind="outcome" options={config.data.outcomes} />
      </SimpleGrid>
    </Stack>
  );
}

function FieldsSection({ fields }: { fields: NursingField[] }) {
  const { t, i18n } = useTranslation("nursing");
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const en = i18n.resolvedLanguage === "en";
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="config-fields">
      <Title order={2} size="h4" id="config-fields" mb="xs">
        {t("config.fields")}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t("config.fieldsIntro")}
      </Text>
      <Stack gap="xs">
        {fields.map((f) =>
          editing === f.id ? (
            <FieldForm key={f.id} field={f} onDone={() => setEditing(null)} />
          ) : (
            <Group key={f.id} justify="space-between" wrap="nowrap" data-testid="nursing-field">
              <Stack gap={0}>
                <Text size="sm" fw={600} c={f.active ? undefined : "gray.7"}>
                  {en ? f.label_en : f.label}
                </Text>
                <Text size="xs" c="gray.7">
                  {t(`kind.${f.kind}`)}
                  {f.kind === "choice" ? ` · ${f.choices.map((c) => (en ? c.en : c.es)).join(", ")}` : ""}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {!f.active && (
                  <Badge variant="light" color="gray" c="gray.8">
                    {t("config.inactive")}
                  </Badge>
                )}
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => setEditing(f.id)}
                  aria-label={t("config.editName", { name: f.label })}
                >
                  {t("config.edit")}
                </Button>
              </Group>
            </Group>
          ),
        )}
        {editing === "new" ? (
          <FieldForm field={null} onDone={() => setEditing(null)} />
        ) : (
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing("new")}
          >
            {t("config.addField")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function FieldForm({ field, onDone }: { field: NursingField | null; onDone: () => void }) {
  const { t } = useTranslation("nursing");
  const form = useForm({
    initialValues: {
      name_es: field?.label ?? "",
      name_en: field?.label_en ?? "",
      kind: field?.kind ?? "text",
      choices: (field?.choices ?? []).map((c) => `${c.es} | ${c.en}`).join("\n"),
      active: field?.active ?? true,
    },
    validate: {
      name_es: (v) => (v.trim() ? null : t("form.required")),
      name_en: (v) => (v.trim() ? null : t("form.required")),
    },
  });
  const save = useSaveField({ form, success: t("config.saved"), fieldOf: { label: "name_es", label_en: "name_en" } });
  const submit = form.onSubmit((v) => {
    const choices = v.choices
      .split("\n")
      .map((line) => line.split("|").map((part) => part.trim()))
      .filter(([es]) => es)
      .map(([es, en]) => ({ es: es!, en: en || es! }));
    void save.submit(
      {
        id: field?.id ?? null,
        label: v.name_es,
        label_en: v.name_en,
        kind: v.kind,
        choices,
        active: v.active,
        position: field?.position ?? 0,
      },
      onDone,
    );
  });
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <BilingualNameFields form={form} placeholders={{ es: "¿Usa lentes?", en: "Wears glasses?" }} />
          <Select
            label={t("config.kind")}
            allowDeselect={false}
            data={NURSING_FIELD_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            {...form.getInputProps("kind")}
          />
          {form.getValues().kind === "choice" && (
            <TextInput
              component="textarea"
              label={t("config.choices")}
              description={t("config.choicesHint")}
              {...form.getInputProps("choices")}
              styles={{ input: { minHeight: 80, paddingTop: 6 } }}
            />
          )}
          {save.failure && (
            <Text size="sm" c="red.9" role="alert">
              {save.failure}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            {field && (
              <Button
                variant="subtle"
                color={field.active ? "red" : undefined}
                c={field.active ? "red.9" : undefined}
                onClick={() => form.setFieldValue("active", !form.getValues().active)}
              >
                {t(form.getValues().active ? "config.deactivate" : "config.activate")}
              </Button>
            )}
            <Button variant="default" onClick={onDone}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={save.busy}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function OptionsSection({ kind, options }: { kind: NursingOptionKind; options: NursingOption[] }) {
  const { t } = useTranslation("nursing");
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const toggle = useSaveOption({ success: t("config.saved") });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`config-${kind}`}>
      <Title order={2} size="h4" id={`config-${kind}`} mb="sm">
        {t(`config.${kind}s`)}
      </Title>
      <Stack gap="xs" data-testid={`nursing-${kind}s`}>
        {options.map((o) =>
          editing === o.id ? (
            <OptionForm key={o.id} kind={kind} option={o} onDone={() => setEditing(null)} />
          ) : (
            <Group key={o.id} justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} c={o.active ? undefined : "gray.7"}>
                  {o.name}
                </Text>
                <Text size="xs" c="gray.7" lang="en">
                  {o.name_en}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setEditing(o.id)}
                  aria-label={t("config.editName", { name: o.label })}
                >
                  {t("config.edit")}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color={o.active ? "red" : undefined}
                  c={o.active ? "red.9" : undefined}
                  aria-label={t(o.active ? "config.deactivateName" : "config.activateName", { name: o.label })}
                  onClick={() =>
                    void toggle.submit({ id: o.id, kind, name: o.name, name_en: o.name_en, active: !o.active })
                  }
                >
                  {t(o.active ? "config.deactivate" : "config.activate")}
                </Button>
              </Group>
            </Group>
          ),
        )}
        {editing === "new" ? (
          <OptionForm kind={kind} option={null} onDone={() => setEditing(null)} />
        ) : (
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing("new")}
          >
            {t(`config.add.${kind}`)}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function OptionForm({
  kind,
  option,
  onDone,
}: {
  kind: NursingOptionKind;
  option: NursingOption | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("nursing");
  const form = useForm({
    initialValues: { name_es: option?.name ?? "", name_en: option?.name_en ?? "" },
    validate: {
      name_es: (v) => (v.trim() ? null : t("form.required")),
      name_en: (v) => (v.trim() ? null : t("form.required")),
    },
  });
  const save = useSaveOption({ form, success: t("config.saved"), fieldOf: { name: "name_es" } });
  const submit = form.onSubmit((v) =>
    save.submit(
      { id: option?.id ?? null, kind, name: v.name_es, name_en: v.name_en, active: option?.active ?? true },
      onDone,
    ),
  );
  const examples =
    kind === "reason" ? { es: "Náusea", en: "Nausea" } : { es: "Lo recogió su familia", en: "Picked up by family" };
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <BilingualNameFields form={form} placeholders={examples} maxLength={80} />
          {save.failure && (
            <Text size="sm" c="red.9" role="alert">
              {save.failure}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onDone}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={save.busy}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
