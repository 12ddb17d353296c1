import { type IncidentCategory, type RegistrationOptions, UpdateIncidentBody } from "@convive/domain";
import { deviceZoneDiffers, INCIDENT_LIMITS, wallNow } from "@convive/domain/core";
import { Grid, Group, Select, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FamilyTextWarning } from "../../../components/FamilyTextWarning.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useRegistrationOptions } from "../../incident-registration/index.ts";
import { useCategories, useCorrectIncident } from "./api.ts";
import { ClassificationBadge } from "./Badges.tsx";
import {
  type CorrectValues,
  categoryChoices,
  changedFields,
  groupChoices,
  initialValues,
  instantOfWall,
} from "./correct.ts";
import { DetailModal, LoadingModal } from "./DetailModal.tsx";
import type { DetailView } from "./view.ts";

/** Who may read the registration options (groups and subjects of the current year). */
const mayRegister = (permissions: readonly string[]) =>
  permissions.includes("incidents.create") || permissions.includes("accompaniment-observations.create");

interface Props {
  view: DetailView;
  onClose: () => void;
}

/**
 * Corrects an open incident: type (category, then type), detail, date and time on the school's clock, place,
 * group and subject (for who may register, whose options list them) and whether families see it. Only the
 * fields that change are sent; the timeline records which. Students are not changed here.
 */
export function CorrectDialog({ view, onClose }: Props) {
  const { t } = useTranslation("incidentDetails");
  const withGroups = mayRegister(view.permissions);
  const categories = useCategories(true);
  const options = useRegistrationOptions(withGroups);
  if (categories.isLoading || (withGroups && options.isLoading)) {
    return <LoadingModal title={t("correct.title", { folio: view.incident.folio })} onClose={onClose} />;
  }
  return (
    <CorrectForm
      view={view}
      onClose={onClose}
      categories={categories.data ?? []}
      categoriesError={categories.error?.message ?? null}
      options={withGroups ? (options.data ?? null) : null}
    />
  );
}

function CorrectForm({
  view,
  onClose,
  categories,
  categoriesError,
  options,
}: Props & {
  categories: IncidentCategory[];
  categoriesError: string | null;
  /** Null: group and subject are not shown (the reader may not list them). */
  options: RegistrationOptions | null;
}) {
  const { t } = useTranslation("incidentDetails");
  const { incident, timeZone, lang } = view;
  const initial = useMemo(() => initialValues(incident, timeZone), [incident, timeZone]);
  const choices = useMemo(() => categoryChoices(categories, incident, lang), [categories, incident, lang]);
  const lists = useMemo(() => (options ? groupChoices(options, incident) : null), [options, incident]);

  const form = useForm<CorrectValues>({
    initialValues: initial,
    validate: (v) => {
      const errors: Record<string, string> = {};
      const body = changedFields(v, initial, timeZone, lists !== null);
      for (const [path, message] of Object.entries(schemaErrors(UpdateIncidentBody, body, t))) {
        errors[path] ??= message;
      }
      if (!v.type_id) errors.type_id = t("common:messages.emptyFields");
      if (!v.occurred_at) errors.occurred_at = t("common:messages.emptyFields");
      else {
        const instant = instantOfWall(v.occurred_at, timeZone);
        if (!instant) errors.occurred_at = t("common:validation.invalid");
        else if (Date.parse(instant) > Date.now()) errors.occurred_at = t("correct.future");
      }
      return errors;
    },
  });
  const submit = useCorrectIncident(incident.id, { form });
  const detailField = useRef<HTMLTextAreaElement>(null);
  const placeField = useRef<HTMLInputElement>(null);
  // Staff read every student's name; the warning previews each family's copy.
  const students = incident.students.flatMap((s) => (s.id === null ? [] : [{ id: s.id, name: s.name ?? "" }]));
  const familyText = (text: string, field: typeof detailField | typeof placeField) => (
    <FamilyTextWarning text={text} students={students} enabled={form.values.visible_to_family} field={field} />
  );
  const changes = changedFields(form.values, initial, timeZone, lists !== null);
  const unchanged = Object.keys(changes).length === 0;

  const category = choices.find((c) => c.value === form.values.category_id) ?? null;
  const type = category?.types.find((ty) => ty.value === form.values.type_id) ?? null;

  const onSubmit = form.onSubmit(() => submit.submit(changes, onClose));

  return (
    <DetailModal
      opened
      onClose={onClose}
      title={t("correct.title", { folio: incident.folio })}
      onSubmit={onSubmit}
      busy={submit.busy}
      failure={submit.failure}
      submitLabel={t("correct.submit")}
      submitDisabled={unchanged}
    >
      <Text size="sm">{t("correct.intro")}</Text>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Select
            label={t("correct.category")}
            data={choices.map(({ value, label }) => ({ value, label }))}
            allowDeselect={false}
            searchable={choices.length > 8}
            comboboxProps={{ withinPortal: true }}
            description={categoriesError ?? undefined}
            {...form.getInputProps("category_id")}
            onChange={(value) => {
              form.setFieldValue("category_id", value);
              const next = choices.find((c) => c.value === value);
              const same = next?.types.some((ty) => ty.value === form.values.type_id);
              if (!same) form.setFieldValue("type_id", next?.types.length === 1 ? next.types[0]!.value : null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Select
            label={t("correct.type")}
            placeholder={t("correct.typePlaceholder")}
            required
            data={(category?.types ?? []).map(({ value, label }) => ({ value, label }))}
            allowDeselect={false}
            searchable={(category?.types.length ?? 0) > 8}
            nothingFoundMessage={t("correct.nothingFound")}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("type_id")}
          />
        </Grid.Col>
      </Grid>
      {type && (
        <Group gap={6} mt={-4}>
          <Text size="xs" c="dimmed">
            {t("correct.classification")}
          </Text>
          <ClassificationBadge value={type.classification} />
          {type.value !== initial.type_id && (
            <Text size="xs" c="dimmed">
              {t("correct.typeHint")}
            </Text>
          )}
        </Group>
      )}
      <Textarea
        label={t("correct.detail")}
        required
        autosize
        minRows={4}
        maxRows={12}
        maxLength={INCIDENT_LIMITS.detailMax}
        data-autofocus
        ref={detailField}
        {...form.getInputProps("detail")}
      />
      {familyText(form.values.detail, detailField)}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            type="datetime-local"
            label={t("correct.occurredAt")}
            description={deviceZoneDiffers(timeZone) ? t("correct.schoolClock", { zone: timeZone }) : undefined}
            required
            max={wallNow(timeZone)}
            {...form.getInputProps("occurred_at")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t("correct.place")}
            maxLength={INCIDENT_LIMITS.placeMax}
            ref={placeField}
            {...form.getInputProps("place")}
          />
          {familyText(form.values.place, placeField)}
        </Grid.Col>
      </Grid>
      {lists && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t("correct.group")}
              clearButtonProps={{ "aria-label": t("correct.clear", { field: t("fields.group") }) }}
              placeholder={t("correct.noGroup")}
              data={lists.groups}
              searchable
              clearable
              nothingFoundMessage={t("correct.nothingFound")}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("group_id")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t("correct.subject")}
              clearButtonProps={{ "aria-label": t("correct.clear", { field: t("fields.subject") }) }}
              placeholder={t("correct.noSubject")}
              data={lists.subjects}
              searchable
              clearable
              nothingFoundMessage={t("correct.nothingFound")}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("subject_id")}
            />
          </Grid.Col>
        </Grid>
      )}
      <Switch
        label={t("correct.visibleToFamily")}
        description={t("correct.visibleToFamilyHint")}
        {...form.getInputProps("visible_to_family", { type: "checkbox" })}
      />
      {unchanged && (
        <Text size="sm" c="dimmed" role="status">
          {t("correct.noChanges")}
        </Text>
      )}
    </DetailModal>
  );
}
