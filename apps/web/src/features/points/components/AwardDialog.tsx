import "@mantine/dates/styles.layer.css";
import "dayjs/locale/es";
import "dayjs/locale/en";
import { PointAwardBody, type PointAwardKind, RATING_LIMITS } from "@convive/domain";
import { NumberInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { pickerDays } from "../../../lib/dates.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useGiveAward } from "../api/points.ts";

interface Values {
  kind: PointAwardKind;
  points: number | string;
  reason: string;
  awarded_on: string;
}

export interface AwardTarget {
  /** The students chosen, by name (the dialog names one, or counts several). */
  students: { id: number; name: string }[];
  /** The whole group at once: sent as the group, so students who join meanwhile are not left out by accident. */
  group: { id: number; name: string; whole: boolean } | null;
  kind: PointAwardKind;
}

/**
 * Award or redeem points for one student, several or a whole group at once (issue 13 §3): points 1–100, a reason
 * and the day (today by default, never in the future nor before the school year). All or nothing on the server.
 * Mounted while open (the opener renders it for a target), so every opening starts from a clean form.
 */
export function AwardDialog({
  target,
  today,
  yearStartsOn,
  onClose,
}: {
  target: AwardTarget;
  today: string;
  yearStartsOn: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("points");
  const phone = useIsPhone();
  const form = useForm<Values>({
    initialValues: { kind: target.kind, points: "", reason: "", awarded_on: today },
    validate: (values) => schemaErrors(PointAwardBody, { ...bodyOf(values), student_ids: [1] }, t),
  });
  const count = target.students.length;
  const name = target.students[0]?.name ?? "";
  const redeem = form.values.kind === "redemption";
  const save = useGiveAward({ form, success: false });

  function bodyOf(values: Values) {
    return {
      kind: values.kind,
      points: values.points === "" ? undefined : Number(values.points),
      reason: values.reason,
      awarded_on: values.awarded_on,
    };
  }

  const submit = form.onSubmit((values) => {
    const whole = target.group?.whole === true;
    const body = {
      ...bodyOf(values),
      points: Number(values.points),
      ...(whole ? {} : { student_ids: target.students.map((s) => s.id) }),
      ...(target.group ? { group_id: target.group.id } : {}),
    };
    save.submit(body, () => {
      const message = values.kind === "redemption" ? "dialog.redeemed" : "dialog.awarded";
      toast("success", t(message, { count, name, points: Number(values.points) }));
      onClose();
    });
  });

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(redeem ? "dialog.redeemTitle" : "dialog.awardTitle", { count, name })}
      onSubmit={submit}
      save={save}
      submitLabel={t(redeem ? "dialog.submitRedeem" : "dialog.submitAward")}
    >
      <Stack gap="sm">
        {target.group?.whole && (
          <Text size="sm" c="gray.7">
            {t("dialog.wholeGroup", { group: target.group.name, count })}
          </Text>
        )}
        <SegmentedControl
          aria-label={t("dialog.kind")}
          fullWidth
          data={[
            { value: "award", label: t("dialog.kindAward") },
            { value: "redemption", label: t("dialog.kindRedemption") },
          ]}
          {...form.getInputProps("kind")}
        />
        <NumberInput
          label={t("dialog.points")}
          description={t("dialog.pointsHint", { max: RATING_LIMITS.pointsMax })}
          required
          min={1}
          max={RATING_LIMITS.pointsMax}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          data-autofocus
          {...form.getInputProps("points")}
        />
        <TextInput
          label={t("dialog.reason")}
          placeholder={t(redeem ? "dialog.redeemPlaceholder" : "dialog.reasonPlaceholder")}
          required
          maxLength={RATING_LIMITS.reasonMax}
          {...form.getInputProps("reason")}
        />
        <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? "es", firstDayOfWeek: 1, weekendDays: [] }}>
          <DatePickerInput
            label={t("dialog.date")}
            required
            valueFormatter={pickerDays}
            dropdownType={phone ? "modal" : "popover"}
            placeholder={t("dialog.pickDate")}
            minDate={yearStartsOn ?? undefined}
            maxDate={today}
            ariaLabels={{
              nextMonth: t("dialog.nextMonth"),
              previousMonth: t("dialog.previousMonth"),
              nextYear: t("dialog.nextYear"),
              previousYear: t("dialog.previousYear"),
              nextDecade: t("dialog.nextDecade"),
              previousDecade: t("dialog.previousDecade"),
              monthLevelControl: t("dialog.chooseMonth"),
              yearLevelControl: t("dialog.chooseYear"),
            }}
            {...form.getInputProps("awarded_on")}
            value={form.values.awarded_on || null}
            onChange={(v) => form.setFieldValue("awarded_on", v ?? "")}
          />
        </DatesProvider>
      </Stack>
    </FormModal>
  );
}
