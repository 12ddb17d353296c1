import type { RegistrationOptions } from "@convive/domain";
import { deviceZoneDiffers, placeName, quickPlaces, wallNow } from "@convive/domain/core";
import { Button, Group, Select, Stack, Switch, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { FamilyTextWarning } from "../../components/FamilyTextWarning.tsx";
import type { IncidentValues } from "./incident-form.ts";
import { groupsMineFirst, placeChips } from "./prefill.ts";

/** When (the school's clock, not later than now), where, group and subject, and whether families see it. */
export function WhenWhereFields({
  form,
  options,
  onGroup,
  onSubject,
}: {
  form: UseFormReturnType<IncidentValues>;
  options: RegistrationOptions;
  onGroup: (id: string | null) => void;
  onSubject: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation("registration");
  const placeField = useRef<HTMLInputElement>(null);
  const tz = options.time_zone;
  // The school's frequent places and the usual ones, each in the reader's language when the product knows it.
  const language = i18n.resolvedLanguage ?? "es";
  const chips = placeChips(
    options.places.map((p) => placeName(p, language)),
    quickPlaces(language),
  );
  const groups = groupsMineFirst(options.groups);
  const mine = groups.filter((g) => g.mine).map((g) => ({ value: String(g.id), label: g.label }));
  const others = groups.filter((g) => !g.mine).map((g) => ({ value: String(g.id), label: g.label }));
  const groupId = form.values.group_id ? Number(form.values.group_id) : null;
  const taught = new Set(options.assignments.filter((a) => a.group_id === groupId).map((a) => a.subject_id));
  const subjects = options.subjects.map((s) => ({ value: String(s.id), label: s.name }));
  const subjectData = [
    ...(taught.size
      ? [{ group: t("when.mySubjects"), items: subjects.filter((s) => taught.has(Number(s.value))) }]
      : []),
    { group: t("when.allSubjects"), items: subjects.filter((s) => !taught.has(Number(s.value))) },
  ].filter((g) => g.items.length > 0);

  return (
    <Stack gap="sm">
      <TextInput
        type="datetime-local"
        label={t("when.occurredAt")}
        description={deviceZoneDiffers(tz) ? t("when.schoolClock", { zone: tz }) : undefined}
        withAsterisk
        max={wallNow(tz)}
        size="md"
        {...form.getInputProps("occurred_at")}
      />
      <div>
        <TextInput
          label={t("place.label")}
          placeholder={t("place.placeholder")}
          maxLength={120}
          size="md"
          ref={placeField}
          {...form.getInputProps("place")}
        />
        {chips.length > 0 && (
          <Group gap={6} mt={6} role="group" aria-label={t("place.quick")}>
            {chips.map((place) => (
              <Button
                key={place}
                size="compact-md"
                radius="xl"
                variant={form.values.place.trim() === place ? "filled" : "default"}
                aria-pressed={form.values.place.trim() === place}
                onClick={() => form.setFieldValue("place", place)}
                fw={500}
              >
                {place}
              </Button>
            ))}
          </Group>
        )}
        <FamilyTextWarning
          text={form.values.place}
          students={form.values.students}
          enabled={form.values.visible_to_family}
          field={placeField}
        />
      </div>
      <Select
        label={t("when.group")}
        placeholder={t("when.noGroup")}
        data={[
          ...(mine.length ? [{ group: t("students.myGroups"), items: mine }] : []),
          ...(others.length ? [{ group: t("students.otherGroups"), items: others }] : []),
        ]}
        searchable
        clearable
        size="md"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("group_id")}
        onChange={onGroup}
      />
      <Select
        label={t("when.subject")}
        placeholder={t("when.noSubject")}
        data={subjectData}
        searchable
        clearable
        size="md"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("subject_id")}
        onChange={onSubject}
      />
      <Switch
        size="md"
        label={t("when.visibleToFamily")}
        description={t("when.visibleToFamilyHint")}
        {...form.getInputProps("visible_to_family", { type: "checkbox" })}
      />
    </Stack>
  );
}
