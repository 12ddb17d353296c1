import "@mantine/dates/styles.layer.css";
import { CLASSIFICATIONS, type GraphOptions } from "@convive/domain";
import { addDays } from "@convive/domain/core";
import { Grid, Select } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import { pickerDays } from "../../../lib/dates.ts";
import { useArchiveFilters } from "../../incidents/index.ts";
import type { GraphState } from "../url.ts";

type Patch = Partial<Pick<GraphState, "from" | "to" | "classification" | "grade_id" | "group_id">>;

/** The filters both views share: a period (the year, its periods, the last days) or dates, grade, group, classification. */
export function GraphFilters({
  state,
  options,
  onChange,
  phone,
}: {
  state: GraphState;
  options: GraphOptions;
  onChange: (patch: Patch) => void;
  phone: boolean;
}) {
  const { t, i18n } = useTranslation("incidentGraph");
  const lang = i18n.resolvedLanguage ?? "es";
  const catalogue = useArchiveFilters().data;
  const from = state.from ?? options.default_from;
  const to = state.to ?? options.default_to;
  const { today } = options;

  const ranges = [
    ...(options.school_year
      ? [
          {
            value: "year",
            label: t("filters.schoolYear", { name: options.school_year.name }),
            from: options.default_from,
            to: options.default_to,
          },
        ]
      : []),
    ...options.periods
      .filter((p) => p.starts_on <= today)
      .map((p) => ({ value: `p${p.id}`, label: p.name, from: p.starts_on, to: p.ends_on < today ? p.ends_on : today })),
    { value: "30", label: t("filters.last30"), from: addDays(today, -29), to: today },
    { value: "90", label: t("filters.last90"), from: addDays(today, -89), to: today },
  ];
  const chosen = ranges.find((r) => r.from === from && r.to === to)?.value ?? "custom";
  const grades = catalogue?.grades ?? [];
  const groups = (catalogue?.groups ?? []).filter((g) => !state.grade_id || g.grade_id === state.grade_id);
  const sectionName = (id: number) => {
    const section = catalogue?.sections.find((s) => s.id === id);
    return section ? (lang === "en" && section.name_en ? section.name_en : section.name) : "";
  };

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <Select
          label={t("filters.period")}
          data={[
            ...ranges.map(({ value, label }) => ({ value, label })),
            { value: "custom", label: t("filters.custom") },
          ]}
          value={chosen}
          allowDeselect={false}
          onChange={(value) => {
            const range = ranges.find((r) => r.value === value);
            if (range) onChange({ from: range.from, to: range.to });
          }}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1, weekendDays: [] }}>
          <DatePickerInput
            type="range"
            label={t("filters.dates")}
            valueFormatter={pickerDays}
            allowSingleDateInRange
            value={[from, to]}
            onChange={([nextFrom, nextTo]) => {
              if (nextFrom && nextTo) onChange({ from: nextFrom, to: nextTo });
            }}
            maxDate={today}
            dropdownType={phone ? "modal" : "popover"}
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
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
        <Select
          label={t("filters.grade")}
          placeholder={t("filters.any")}
          data={grades.map((g) => ({ value: String(g.id), label: `${g.name} ${sectionName(g.section_id)}`.trim() }))}
          value={state.grade_id ? String(state.grade_id) : null}
          onChange={(value) => onChange({ grade_id: value ? Number(value) : undefined, group_id: undefined })}
          clearable
          searchable
          clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.grade") }) }}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
        <Select
          label={t("filters.group")}
          placeholder={t("filters.any")}
          data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
          value={state.group_id ? String(state.group_id) : null}
          onChange={(value) => onChange({ group_id: value ? Number(value) : undefined })}
          clearable
          searchable
          clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.group") }) }}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
        <Select
          label={t("filters.classification")}
          placeholder={t("filters.any")}
          data={CLASSIFICATIONS.map((c) => ({ value: c, label: t(`classification.${c}`) }))}
          value={state.classification ?? null}
          onChange={(value) => onChange({ classification: (value as GraphState["classification"]) ?? undefined })}
          clearable
          clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.classification") }) }}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
    </Grid>
  );
}
