import "@mantine/dates/styles.layer.css";
import "dayjs/locale/es";
import "dayjs/locale/en";
import { ARCHIVE_SORTS, type ArchiveFilters } from "@convive/domain";
import { byText, CLASSIFICATIONS, INCIDENT_STATUSES, localizedName, localName } from "@convive/domain/core";
import { Select, SimpleGrid } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { pickerDays } from "../../../lib/dates.ts";
import { datePresets } from "./format.ts";
import { StudentPicker } from "./StudentPicker.tsx";
import type { ArchiveSort, ArchiveState, FilterPatch } from "./url.ts";

interface Props {
  state: ArchiveState;
  catalogue: ArchiveFilters | undefined;
  onChange: (patch: FilterPatch) => void;
  /** Whether the student picker may search students (its endpoint is open to those who register). */
  canPickStudents: boolean;
  studentName: string | null;
  today: string;
  phone: boolean;
  /** Only these fields, in one row (the quick filters above a wide table); every field when absent. */
  only?: readonly QuickFilter[];
}

/** The filters that stay in view above the table on a wide window; the rest wait in the drawer (issue 12 §8). */
export const QUICK_FILTERS = ["dates", "status", "classification", "type_id", "group_id"] as const;
type QuickFilter = (typeof QUICK_FILTERS)[number];

const byName = (lang: string) => byText(lang, (o: { label: string }) => o.label);

/**
 * Every filter of the archive but the text search (which sits above the results). Each choice applies at once
 * and lands in the URL; children follow their parents (category → type, section → grade → group).
 */
export function FiltersPanel(props: Props) {
  const { state, catalogue, onChange, canPickStudents, studentName, today, phone, only } = props;
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const show = (field: string) => !only || (only as readonly string[]).includes(field);
  const lang = i18n.resolvedLanguage ?? "es";

  const options = useMemo(() => {
    const sort = byName(lang);
    const categories = catalogue?.categories ?? [];
    const category = categories.find((c) => c.id === state.category_id);
    const typeItems = (list: typeof categories) =>
      list.map((c) => ({
        group: localizedName(c, lang),
        items: c.types.map((type) => ({ value: type.id, label: localizedName(type, lang) })),
      }));
    const grades = (catalogue?.grades ?? []).filter(
      (g) => state.section_id === undefined || g.section_id === state.section_id,
    );
    const gradeIds = new Set(grades.map((g) => g.id));
    const groups = (catalogue?.groups ?? []).filter((g) =>
      state.grade_id !== undefined ? g.grade_id === state.grade_id : gradeIds.has(g.grade_id),
    );
    const sectionName = new Map((catalogue?.sections ?? []).map((s) => [s.id, localName(s, lang)]));
    return {
      categories: categories.map((c) => ({ value: c.id, label: localizedName(c, lang) })),
      types: category ? typeItems([category]).flatMap((g) => g.items) : typeItems(categories),
      sections: (catalogue?.sections ?? []).map((s) => ({ value: s.id, label: localName(s, lang) })),
      grades: grades.map((g) => ({
        value: g.id,
        label: state.section_id === undefined ? `${g.name} ${sectionName.get(g.section_id) ?? ""}`.trim() : g.name,
      })),
      groups: groups.map((g) => ({ value: g.id, label: g.label })).sort(sort),
      subjects: (catalogue?.subjects ?? []).map((s) => ({ value: s.id, label: s.name })).sort(sort),
      recorders: (catalogue?.recorders ?? []).map((u) => ({ value: u.id, label: u.name })).sort(sort),
    };
  }, [catalogue, lang, state.category_id, state.section_id, state.grade_id]);

  const presets = useMemo(() => {
    const p = datePresets(today);
    return [
      { value: [...p.today] as [string, string], label: t("filters.presets.today") },
      { value: [...p.week] as [string, string], label: t("filters.presets.week") },
      { value: [...p.month] as [string, string], label: t("filters.presets.month") },
      { value: [...p.thisMonth] as [string, string], label: t("filters.presets.thisMonth") },
    ];
  }, [today, t]);

  const loading = catalogue === undefined;
  const idSelect = (
    key: "category_id" | "type_id" | "section_id" | "grade_id" | "group_id" | "subject_id" | "recorded_by",
    data: (typeof options)[keyof typeof options],
    searchable = false,
  ) =>
    show(key) && (
      <Select<number>
        key={key}
        label={t(`filters.${key}`)}
        placeholder={loading ? t("filters.loading") : t("filters.any")}
        data={data}
        value={state[key] ?? null}
        onChange={(value) => onChange({ [key]: value ?? undefined })}
        clearable
        searchable={searchable}
        nothingFoundMessage={t("filters.nothingFound")}
        clearButtonProps={{ "aria-label": t("filters.clear", { field: t(`filters.${key}`) }) }}
        disabled={loading && state[key] === undefined}
        comboboxProps={{ withinPortal: true }}
      />
    );

  return (
    <SimpleGrid
      cols={phone ? 1 : only ? only.length : { base: 1, sm: 2, md: 3, lg: 4 }}
      spacing="sm"
      verticalSpacing="sm"
    >
      {show("dates") && (
        <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1, weekendDays: [] }}>
          <DatePickerInput
            type="range"
            label={t("filters.dates")}
            placeholder={t("filters.anyDate")}
            // The placeholder is a real element here (not ::placeholder), so it must pass contrast like any text.
            styles={{ placeholder: { color: "var(--mantine-color-gray-7)" } }}
            valueFormatter={pickerDays}
            allowSingleDateInRange
            clearable
            value={[state.from ?? null, state.to ?? null]}
            onChange={([from, to]) => onChange({ from: from ?? undefined, to: to ?? undefined })}
            maxDate={today}
            presets={phone ? undefined : presets}
            dropdownType={phone ? "modal" : "popover"}
            clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.dates") }) }}
            ariaLabels={{
              nextMonth: t("dates.nextMonth"),
              previousMonth: t("dates.previousMonth"),
              nextYear: t("dates.nextYear"),
              previousYear: t("dates.previousYear"),
              nextDecade: t("dates.nextDecade"),
              previousDecade: t("dates.previousDecade"),
              monthLevelControl: t("dates.chooseMonth"),
              yearLevelControl: t("dates.chooseYear"),
            }}
          />
        </DatesProvider>
      )}
      {show("status") && (
        <Select
          label={t("filters.status")}
          placeholder={t("filters.any")}
          data={INCIDENT_STATUSES.map((s) => ({ value: s, label: t(`incidents:status.${s}`) }))}
          value={state.status ?? null}
          onChange={(value) => onChange({ status: (value as ArchiveState["status"]) ?? undefined })}
          clearable
          clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.status") }) }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {show("classification") && (
        <Select
          label={t("filters.classification")}
          placeholder={t("filters.any")}
          data={CLASSIFICATIONS.map((c) => ({ value: c, label: t(`incidents:classification.${c}`) }))}
          value={state.classification ?? null}
          onChange={(value) => onChange({ classification: (value as ArchiveState["classification"]) ?? undefined })}
          clearable
          clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.classification") }) }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {idSelect("category_id", options.categories)}
      {idSelect("type_id", options.types, true)}
      {(options.sections.length > 1 || state.section_id !== undefined) && idSelect("section_id", options.sections)}
      {(options.grades.length > 0 || state.grade_id !== undefined) && idSelect("grade_id", options.grades)}
      {(options.groups.length > 0 || state.group_id !== undefined) && idSelect("group_id", options.groups, true)}
      {(options.subjects.length > 0 || state.subject_id !== undefined) &&
        idSelect("subject_id", options.subjects, true)}
      {show("student") && (canPickStudents || state.student_id !== undefined) && (
        <StudentPicker
          canSearch={canPickStudents}
          value={state.student_id}
          knownName={studentName}
          onChange={(student_id) => onChange({ student_id })}
        />
      )}
      {(options.recorders.length > 0 || state.recorded_by !== undefined) &&
        idSelect("recorded_by", options.recorders, true)}
      {show("sort") && (
        <Select
          label={t("sort.label")}
          data={ARCHIVE_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
          value={state.sort}
          onChange={(value) => onChange({ sort: (value as ArchiveSort | null) ?? undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </SimpleGrid>
  );
}
