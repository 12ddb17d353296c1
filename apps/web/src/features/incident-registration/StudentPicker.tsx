import type { RegistrationOptions, StudentOption } from "@convive/domain";
import { Checkbox, Group, Loader, ScrollArea, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdjustmentsMarker } from "../inclusion/index.ts";
import { HealthAlertMarker } from "../nursing/index.ts";
import { useStudentOptions } from "./api/student-options.ts";
import { StudentAvatar } from "./Bits.tsx";
import { groupsMineFirst } from "./prefill.ts";
import classes from "./Registration.module.css";

type Groups = RegistrationOptions["groups"];

/**
 * Finds students by name or enrollment, or lists a whole group (the caller's own groups first). Each student is
 * a large tappable row; `multiple` lets several be chosen, otherwise choosing one replaces the previous.
 */
export function StudentPicker({
  groups,
  selectedIds,
  onToggle,
  label,
  initialGroupId = null,
}: {
  groups: Groups;
  /** The group listed first (the incident's group when it has one). */
  initialGroupId?: number | null;
  selectedIds: readonly number[];
  onToggle: (student: StudentOption) => void;
  label: string;
}) {
  const { t } = useTranslation("registration");
  const ordered = groupsMineFirst(groups);
  const initial = ordered.find((g) => g.id === initialGroupId) ?? ordered.find((g) => g.mine) ?? null;
  const [mode, setMode] = useState<"group" | "search">(initial ? "group" : "search");
  const [q, setQ] = useState("");
  const [debounced] = useDebouncedValue(q, 300);
  const [groupId, setGroupId] = useState<string | null>(initial ? String(initial.id) : null);
  const search = mode === "search" ? { q: debounced } : groupId ? { groupId: Number(groupId) } : null;
  const students = useStudentOptions(search);
  const selected = new Set(selectedIds);

  const mine = ordered.filter((g) => g.mine).map((g) => ({ value: String(g.id), label: g.label }));
  const others = ordered.filter((g) => !g.mine).map((g) => ({ value: String(g.id), label: g.label }));
  const groupData = [
    ...(mine.length ? [{ group: t("students.myGroups"), items: mine }] : []),
    ...(others.length ? [{ group: t("students.otherGroups"), items: others }] : []),
  ];

  const waitingForLetters = mode === "search" && q.trim().length < 2;
  const list = students.data ?? [];

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t("students.howToFind")}
        fullWidth
        value={mode}
        onChange={(v) => setMode(v as "group" | "search")}
        data={[
          { value: "group", label: t("students.byGroup") },
          { value: "search", label: t("students.bySearch") },
        ]}
      />
      {mode === "search" ? (
        <TextInput
          label={label}
          placeholder={t("students.searchPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={students.isFetching ? <Loader size="xs" aria-label={t("common:loading")} /> : null}
          type="search"
          inputMode="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          size="md"
        />
      ) : (
        <Select
          label={t("students.group")}
          placeholder={t("students.pickGroup")}
          data={groupData}
          value={groupId}
          onChange={setGroupId}
          searchable
          size="md"
          nothingFoundMessage={t("students.noGroupFound")}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <div aria-live="polite">
        {waitingForLetters ? (
          <Text size="sm" c="gray.7">
            {t("students.typeTwoLetters")}
          </Text>
        ) : students.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {students.error.message}
          </Text>
        ) : students.isPending && search ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="gray.7">
              {t("common:loading")}
            </Text>
          </Group>
        ) : students.data && list.length === 0 ? (
          <Text size="sm" c="gray.7">
            {mode === "search" ? t("students.noneFound") : t("students.emptyGroup")}
          </Text>
        ) : null}
      </div>
      {list.length > 0 && !waitingForLetters && (
        <ScrollArea.Autosize mah={{ base: 300, sm: 360 }} type="auto" offsetScrollbars>
          <ul className={classes.studentGrid} aria-label={t("students.results")}>
            {list.map((s) => (
              <li key={s.id} style={s.has_adjustments || s.has_health_alert ? { position: "relative" } : undefined}>
                <StudentRow
                  student={s}
                  checked={selected.has(s.id)}
                  onToggle={() => onToggle(s)}
                  showGroup={mode === "search"}
                />
                {/* Issue 28 §3: beside the row, not inside it (the row is a checkbox; the marker opens a dialog). */}
                {(s.has_adjustments || s.has_health_alert) && (
                  <span
                    style={{
                      position: "absolute",
                      right: 8,
                      top: "50%",
                      transform: "translateY(-50%)",
                      display: "flex",
                    }}
                  >
                    {/* Issue 29 §4: the health alert (critical allergies and conditions) beside it, same way. */}
                    {s.has_health_alert && <HealthAlertMarker studentId={s.id} name={s.name} />}
                    {s.has_adjustments && <AdjustmentsMarker studentId={s.id} name={s.name} />}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function StudentRow({
  student,
  checked,
  onToggle,
  showGroup,
}: {
  student: StudentOption;
  checked: boolean;
  onToggle: () => void;
  showGroup: boolean;
}) {
  const meta = [student.enrollment, showGroup ? student.group_label : null].filter(Boolean).join(" · ");
  return (
    <Checkbox.Card
      checked={checked}
      onChange={onToggle}
      radius="md"
      p={8}
      pr={(student.has_adjustments ? 36 : 0) + (student.has_health_alert ? 36 : 0) + 8}
      withBorder
      data-student={student.id}
    >
      <Group wrap="nowrap" gap="sm" mih={40}>
        <Checkbox.Indicator size="md" />
        <StudentAvatar name={student.name} photo={student.photo} size={36} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lh={1.25} style={{ overflowWrap: "anywhere" }}>
            {student.name}
          </Text>
          <Text size="xs" c="gray.7" lh={1.3}>
            {meta}
          </Text>
        </div>
      </Group>
    </Checkbox.Card>
  );
}
