import type { DashboardOptions } from "@convive/domain";
import { Select, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { VisionFilters } from "../api/strategic-vision.ts";

/**
 * School year, period, section, grade and group. Choosing a year clears the period; a section, grade or group
 * keeps the chain true (a grade inside the section, a group inside the grade) and the finest one narrows. A teacher
 * is offered their own groups alone (no sections or grades): those selects are left out when there is nothing in them.
 */
export function FilterBar(props: {
  options: DashboardOptions;
  filters: VisionFilters;
  shown: { yearId: number | undefined; periodId: number | undefined };
  onChange: (next: VisionFilters) => void;
}) {
  const { t } = useTranslation("strategicVision");
  const { options, filters, shown, onChange } = props;
  const year = options.school_years.find((y) => y.id === shown.yearId);
  const grades = options.grades.filter((g) => !filters.section_id || g.section_id === filters.section_id);
  const groups = options.groups.filter(
    (g) =>
      g.school_year_id === shown.yearId &&
      (!filters.grade_id || g.grade_id === filters.grade_id) &&
      (!filters.section_id || grades.some((gr) => gr.id === g.grade_id)),
  );
  const id = (value: string | null) => (value ? Number(value) : undefined);
  const sectionOf = (gradeId: number | undefined) => options.grades.find((g) => g.id === gradeId)?.section_id;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs">
      <Select
        label={t("filters.year")}
        data={options.school_years.map((y) => ({ value: String(y.id), label: y.name }))}
        value={shown.yearId ? String(shown.yearId) : null}
        onChange={(v) => onChange({ ...filters, school_year_id: id(v), period_id: undefined, whole_year: undefined })}
        allowDeselect={false}
      />
      <Select
        label={t("filters.period")}
        data={[
          { value: "all", label: t("filters.wholeYear") },
          ...(year?.periods ?? []).map((p) => ({ value: String(p.id), label: p.name })),
        ]}
        value={shown.periodId ? String(shown.periodId) : "all"}
        onChange={(v) =>
          onChange({
            ...filters,
            school_year_id: shown.yearId,
            period_id: v === "all" ? undefined : id(v),
            whole_year: v === "all" ? 1 : undefined,
          })
        }
        allowDeselect={false}
      />
      {options.sections.length > 0 && (
        <Select
          label={t("filters.section")}
          placeholder={t("filters.all")}
          data={options.sections.map((s) => ({ value: String(s.id), label: s.name }))}
          value={filters.section_id ? String(filters.section_id) : null}
          onChange={(v) => onChange({ ...filters, section_id: id(v), grade_id: undefined, group_id: undefined })}
          clearable
        />
      )}
      {options.grades.length > 0 && (
        <Select
          label={t("filters.grade")}
          placeholder={t("filters.all")}
          data={grades.map((g) => ({
            value: String(g.id),
            label: `${options.sections.find((s) => s.id === g.section_id)?.name ?? ""} ${g.name}`.trim(),
          }))}
          value={filters.grade_id ? String(filters.grade_id) : null}
          onChange={(v) =>
            onChange({
              ...filters,
              grade_id: id(v),
              section_id: sectionOf(id(v)) ?? filters.section_id,
              group_id: undefined,
            })
          }
          clearable
        />
      )}
      <Select
        label={t("filters.group")}
        placeholder={t("filters.all")}
        data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
        value={filters.group_id ? String(filters.group_id) : null}
        onChange={(v) => {
          const group = options.groups.find((g) => g.id === id(v));
          onChange({
            ...filters,
            group_id: id(v),
            grade_id: group?.grade_id ?? filters.grade_id,
            section_id: sectionOf(group?.grade_id) ?? filters.section_id,
          });
        }}
        clearable
        searchable
      />
    </SimpleGrid>
  );
}
