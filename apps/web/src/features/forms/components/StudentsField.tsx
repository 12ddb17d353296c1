import type { StudentOption } from "@convive/domain";
import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStudentOptions } from "../../incident-registration/index.ts";

const labelOf = (s: StudentOption) => (s.group_label ? `${s.name} · ${s.group_label}` : s.name);

/**
 * Chosen students whose families get the form: type two letters of a name or an enrollment, pick several (the
 * registration's student search on the server; the send checks the sender's scope again).
 */
export function StudentsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation("forms");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const options = useStudentOptions({ q: debounced });
  // Labels of the students chosen so far, so they stay shown whatever the current search answers.
  const chosen = useRef(new Map<string, string>());

  const data = useMemo(() => {
    const found = (options.data ?? []).map((s) => ({ value: String(s.id), label: labelOf(s) }));
    for (const o of found) if (value.includes(o.value)) chosen.current.set(o.value, o.label);
    const kept = value
      .filter((id) => !found.some((o) => o.value === id))
      .map((id) => ({ value: id, label: chosen.current.get(id) ?? t("send.studentNumber", { id }) }));
    return [...kept, ...found];
  }, [options.data, value, t]);

  const term = debounced.trim();
  const nothingFound =
    term.length < 2 ? t("send.studentsTypeMore") : options.isFetching ? t("send.searching") : t("send.noStudents");

  return (
    <MultiSelect
      label={t("send.students")}
      description={t("send.studentsHelp")}
      placeholder={value.length ? undefined : t("send.studentsPlaceholder")}
      searchable
      clearable
      data={data}
      value={value}
      onChange={(ids) => {
        for (const o of data) if (ids.includes(o.value)) chosen.current.set(o.value, o.label);
        onChange(ids);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name or enrollment: show what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
