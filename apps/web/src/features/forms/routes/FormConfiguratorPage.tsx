import type { FormAnswers, FormField, FormTemplate, Language } from "@convive/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useCurrentUser } from "../../auth/index.ts";
import { BilingualNameFields } from "../../master-configuration/index.ts";
import { useCreateTemplate, useFormTemplates, useUpdateTemplate } from "../api/templates.ts";
import { FormQuestions } from "../components/FormQuestions.tsx";
import { QuestionModal } from "../components/QuestionModal.tsx";

/**
 * /master-configuration/form-configurator (issue 29 §1): the school's form templates — questions of nine types, es/en,
 * required, one condition each — with a live preview at a phone's width as a family will see it. Saving a change of
 * the questions makes a new version; forms already sent keep theirs.
 */
export default function FormConfiguratorPage() {
  const { t } = useTranslation("forms");
  const query = useFormTemplates();
  const [selected, setSelected] = useState<number | "new" | null>(null);
  const current = query.data?.find((x) => x.id === selected) ?? null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setSelected("new")}>
            {t("editor.newTemplate")}
          </Button>
          <QueryState query={query} height={120} />
          {query.data?.map((x) => (
            <NavLink
              key={x.id}
              active={x.id === selected}
              label={
                <>
                  <Text size="sm">{x.label}</Text>
                  <Text size="xs" c="gray.8">
                    {t("editor.versionLine", { version: x.version, sent: x.sent })}
                  </Text>
                </>
              }
              rightSection={
                x.active ? null : (
                  <Badge size="xs" variant="filled" color="gray.7">
                    {t("editor.inactive")}
                  </Badge>
                )
              }
              onClick={() => setSelected(x.id)}
            />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected === null ? (
          <Text c="gray.7">{t("editor.pick")}</Text>
        ) : (
          <TemplateEditor key={String(selected)} template={current} onCreated={(id) => setSelected(id)} />
        )}
      </Grid.Col>
    </Grid>
  );
}

interface Head {
  name_es: string;
  name_en: string;
  description: string;
  description_en: string;
  active: boolean;
}

function TemplateEditor({ template, onCreated }: { template: FormTemplate | null; onCreated: (id: number) => void }) {
  const { t, i18n } = useTranslation("forms");
  const canWrite = (useCurrentUser().data?.permissions ?? []).some(
    (p) => p.startsWith("master-configuration-nursing.") && p !== "master-configuration-nursing.read",
  );
  const head = useForm<Head>({
    initialValues: {
      name_es: template?.name ?? "",
      name_en: template?.name_en ?? "",
      description: template?.description ?? "",
      description_en: template?.description_en ?? "",
      active: template?.active ?? true,
    },
    validate: { name_es: (v) => (v.trim() ? null : t("editor.required")) },
  });
  const [fields, setFields] = useState<FormField[]>(template?.fields ?? []);
  useEffect(() => setFields(template?.fields ?? []), [template?.fields]);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [previewLang, setPreviewLang] = useState<Language>((i18n.language as Language) ?? "es");
  const [previewValues, setPreviewValues] = useState<FormAnswers>({});
  const errorsToText = (errors: Record<string, string>) => ({ fields: {}, rest: Object.values(errors) });
  const create = useCreateTemplate({ form: head, serverErrors: errorsToText });
  const update = useUpdateTemplate({ form: head, serverErrors: errorsToText });
  const save = template ? update : create;

  const nextKey = () => {
    let n = fields.length + 1;
    while (fields.some((f) => f.key === `q${n}`)) n += 1;
    return `q${n}`;
  };
  const move = (i: number, by: number) => {
    const next = [...fields];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    setFields(next);
  };
  const remove = (i: number) => {
    const key = fields[i]!.key;
    // A question others depend on takes their conditions with it.
    setFields(
      fields.filter((_, j) => j !== i).map((f) => (f.condition?.field === key ? { ...f, condition: null } : f)),
    );
  };
  const submit = head.onSubmit((v) => {
    const body = {
      name: v.name_es.trim(),
      name_en: v.name_en.trim() || v.name_es.trim(),
      description: v.description.trim(),
      description_en: v.description_en.trim(),
      fields,
    };
    if (template) void update.submit({ id: template.id, ...body, active: v.active });
    else void create.submit(body, (created) => onCreated(created.id));
  });

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {template && (
              <Text size="sm" c="gray.7">
                {t("editor.versionLine", { version: template.version, sent: template.sent })}
              </Text>
            )}
            <BilingualNameFields
              form={head}
              placeholders={{ es: t("editor.nameEs"), en: t("editor.nameEn") }}
              maxLength={150}
            />
            <Textarea
              label={t("editor.description")}
              autosize
              minRows={2}
              lang="es"
              {...head.getInputProps("description")}
            />
            <Textarea
              label={t("editor.descriptionEn")}
              autosize
              minRows={2}
              lang="en"
              {...head.getInputProps("description_en")}
            />
            {template && (
              <Switch label={t("editor.activeSwitch")} {...head.getInputProps("active", { type: "checkbox" })} />
            )}
            <Text fw={600} mt="sm">
              {t("editor.questions")}
            </Text>
            {fields.map((f, i) => (
              <Card key={f.key} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {i + 1}. {f.label}{" "}
                      {f.required && (
                        <Text span c="red">
                          *
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {t(`types.${f.type}`)}
                      {f.condition
                        ? ` · ${t("editor.conditionShort", { field: fields.find((x) => x.key === f.condition!.field)?.label ?? "" })}`
                        : ""}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("editor.up")}
                      disabled={i === 0 || Boolean(f.condition && fields[i - 1]?.key === f.condition.field)}
                      onClick={() => move(i, -1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("editor.down")}
                      disabled={i === fields.length - 1 || fields[i + 1]?.condition?.field === f.key}
                      onClick={() => move(i, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t("editor.editQuestion")} onClick={() => setEditing(i)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("editor.removeQuestion")}
                      onClick={() => remove(i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
            <Group justify="space-between">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
                {t("editor.addQuestion")}
              </Button>
              {canWrite && (
                <Button type="submit" loading={save.busy} disabled={fields.length === 0}>
                  {t("editor.save")}
                </Button>
              )}
            </Group>
            {save.failure && (
              <Text c="red" size="sm" role="alert">
                {save.failure}
              </Text>
            )}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="xs" align="center">
          <Group justify="space-between" w="100%" maw={390}>
            <Text fw={600} size="sm">
              {t("editor.preview")}
            </Text>
            <SegmentedControl
              size="xs"
              value={previewLang}
              onChange={(v) => setPreviewLang(v as Language)}
              data={[
                { value: "es", label: "ES" },
                { value: "en", label: "EN" },
              ]}
              aria-label={t("editor.previewLanguage")}
            />
          </Group>
          <Paper withBorder radius="xl" p="md" w="100%" maw={390} data-testid="form-preview" style={{ minHeight: 400 }}>
            <FormQuestions
              definition={{
                name: head.values.name_es,
                name_en: head.values.name_en || head.values.name_es,
                description: head.values.description,
                description_en: head.values.description_en,
                fields,
              }}
              values={previewValues}
              onChange={setPreviewValues}
              language={previewLang}
              preview
            />
          </Paper>
        </Stack>
      </Grid.Col>
      <QuestionModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        question={typeof editing === "number" ? (fields[editing] ?? null) : null}
        earlier={typeof editing === "number" ? fields.slice(0, editing) : fields}
        onSave={(q) => {
          if (typeof editing === "number") setFields(fields.map((f, i) => (i === editing ? { ...q, key: f.key } : f)));
          else setFields([...fields, { ...q, key: nextKey() }]);
          setEditing(null);
        }}
      />
    </Grid>
  );
}
