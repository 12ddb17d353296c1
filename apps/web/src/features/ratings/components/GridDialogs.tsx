import { type Grid, type GridMeasure, RATING_LIMITS, scaleValues } from "@convive/domain";
import { Button, Checkbox, Group, Modal, Select, Stack, Switch, Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useFillColumn, useSaveComment } from "../api/ratings.ts";
import { shownValue } from "../typing.ts";
import type { Undo } from "../use-undo.tsx";
import { measureName } from "./RatingsGrid.tsx";

/** "Fill column": one value for every student of the group, or only the empty cells. */
export function FillDialog({
  grid,
  measure,
  undo,
  onClose,
}: {
  grid: Grid;
  measure: GridMeasure | null;
  /** The fill is offered for undo in its toast. */
  undo: Undo;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const fill = useFillColumn({ success: false, failure: (error) => error.message });
  const [value, setValue] = useState<string | null>(null);
  const [onlyEmpty, setOnlyEmpty] = useState(true);
  useEffect(() => {
    setValue(null);
    setOnlyEmpty(true);
  }, []);
  if (!measure) return null;
  const definition = measure.scale.definition;
  const options = scaleValues(definition).map((v) => ({
    value: v,
    label: definition.kind === "levels" ? `${v} — ${shownValue(definition, v, language).label}` : v,
  }));
  const submit = () => {
    if (!value) return;
    const before = undo.snapshot();
    void fill.submit(
      { group_id: grid.group.id, period_id: grid.period.id, measure_id: measure.id, value, only_empty: onlyEmpty },
      (result) => {
        undo.offer(before, result.ratings, t("fill.done", { count: result.saved }));
        onClose();
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("fill.title", { measure: measureName(measure, language) })}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Select label={t("fill.value")} data={options} value={value} onChange={setValue} data-autofocus searchable />
        <Checkbox
          label={t("fill.onlyEmpty")}
          checked={onlyEmpty}
          onChange={(e) => setOnlyEmpty(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button onClick={submit} disabled={!value} loading={fill.busy}>
            {t("fill.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A student's comment on the period: staff-only unless the switch says the family sees it. */
export function CommentDialog({
  grid,
  studentId,
  onClose,
}: {
  grid: Grid;
  studentId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("ratings");
  const dates = useDates();
  const phone = useIsPhone();
  const student = grid.students.find((s) => s.id === studentId);
  const [text, setText] = useState("");
  const [family, setFamily] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's word on the text goes under it; any other reason too (`save.failure`).
  const save = useSaveComment({
    success: t("commentDialog.saved"),
    form: { values: { text }, setErrors: (errors) => setError(errors.text ?? null) },
  });
  useEffect(() => {
    setText(student?.comment?.text ?? "");
    setFamily(student?.comment?.visible_to_family ?? false);
    setError(null);
  }, [student]);
  if (!student) return null;
  const submit = () => {
    setError(null);
    void save.submit(
      { student_id: student.id, period_id: grid.period.id, text: text.trim(), visible_to_family: family },
      onClose,
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("commentDialog.title", { student: student.name })}
      fullScreen={phone}
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="md">
        <Textarea
          label={t("commentDialog.text")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={RATING_LIMITS.commentMax}
          autosize
          minRows={4}
          readOnly={!grid.editable}
          error={error ?? save.failure}
          description={`${text.length}/${RATING_LIMITS.commentMax}`}
          data-autofocus
        />
        <Switch
          label={t("commentDialog.family")}
          description={t("commentDialog.familyHint")}
          checked={family}
          disabled={!grid.editable}
          onChange={(e) => setFamily(e.currentTarget.checked)}
        />
        {student.comment && (
          <Text fz="xs" c="gray.7">
            {t("commentDialog.by", {
              name: student.comment.written_by.name,
              date: dates.dateTime(student.comment.written_at),
            })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {grid.editable ? t("common:actions.cancel") : t("common:actions.close")}
          </Button>
          {grid.editable && (
            <Button onClick={submit} loading={save.busy}>
              {t("commentDialog.save")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
