import type { StudentOption } from "@convive/domain";
import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStudentOptions } from "../../incident-registration/index.ts";

interface Props {
  value: number | undefined;
  /** The chosen student's name when known from the rows on screen (the URL only keeps the id). */
  knownName: string | null;
  onChange: (id: number | undefined) => void;
  /** Whether the caller may search students; otherwise the field only shows (and clears) the one in the URL. */
  canSearch: boolean;
}

const labelOf = (s: StudentOption) => (s.group_label ? `${s.name} · ${s.group_label}` : s.name);

/** The student filter: type two letters of a name or an enrollment, pick one (searched on the server). */
export function StudentPicker({ value, knownName, onChange, canSearch }: Props) {
  const { t } = useTranslation("archive");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  // The label of the student last picked here, so the field keeps showing it whatever the search says.
  const picked = useRef<{ id: number; label: string } | null>(null);
  const options = useStudentOptions(canSearch ? { q: debounced } : null);

  const data = useMemo(() => {
    const list = (options.data ?? []).map((s) => ({ value: String(s.id), label: labelOf(s) }));
    if (value !== undefined && !list.some((o) => o.value === String(value))) {
      const label =
        picked.current?.id === value ? picked.current.label : (knownName ?? t("filters.studentNumber", { id: value }));
      list.unshift({ value: String(value), label });
    }
    return list;
  }, [options.data, value, knownName, t]);

  const term = debounced.trim();
  const nothingFound =
    term.length < 2
      ? t("filters.studentTypeMore")
      : options.isFetching
        ? t("filters.searching")
        : t("filters.noStudents");

  return (
    <Select
      label={t("filters.student")}
      placeholder={t("filters.studentPlaceholder")}
      searchable={canSearch}
      clearable
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next, option) => {
        if (next && option) picked.current = { id: Number(next), label: option.label };
        onChange(next ? Number(next) : undefined);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name or enrollment: show what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      clearButtonProps={{ "aria-label": t("filters.clearStudent") }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
