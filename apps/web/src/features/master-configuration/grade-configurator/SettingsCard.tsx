import { POINTS_RESETS, RATING_LIMITS, type RatingSettings, RatingSettingsBody } from "@convive/domain";
import { Button, Group, NumberInput, Radio, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../shared/Card.tsx";
import { useSaveSettings } from "./api.ts";
import { gradeErrors } from "./validation.ts";

interface Values {
  grace_days: number | string;
  points_reset: RatingSettings["points_reset"];
}

const bodyOf = (v: Values) => ({
  grace_days: v.grace_days === "" ? Number.NaN : Number(v.grace_days),
  points_reset: v.points_reset,
});

/** Grace days after a period's end, and when recognition points start again from zero. */
export function SettingsCard({ settings, canWrite }: { settings: RatingSettings; canWrite: boolean }) {
  const { t } = useTranslation("gradeConfig");
  const form = useForm<Values>({
    initialValues: settings,
    validate: (v) => gradeErrors(RatingSettingsBody, bodyOf(v), t),
  });
  const save = useSaveSettings({ form });
  // When the saved settings change (another tab, the suggested setup), the form follows unless being edited.
  const { grace_days, points_reset } = settings;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the saved values reset the form.
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ grace_days, points_reset });
  }, [grace_days, points_reset]);
  const submit = form.onSubmit((v) => save.submit(bodyOf(v), () => form.resetDirty()));

  return (
    <Card title={t("settings.title")} description={t("settings.description")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t("settings.graceDays")}
            description={t("settings.graceDaysHint", { max: RATING_LIMITS.graceDaysMax })}
            min={0}
            max={RATING_LIMITS.graceDaysMax}
            allowDecimal={false}
            allowNegative={false}
            disabled={!canWrite}
            styles={{ wrapper: { maxWidth: 160 } }}
            {...form.getInputProps("grace_days")}
          />
          <Radio.Group label={t("settings.pointsReset")} {...form.getInputProps("points_reset")}>
            <Group gap="lg" mt={6}>
              {POINTS_RESETS.map((r) => (
                <Radio key={r} value={r} label={t(`settings.resets.${r}`)} disabled={!canWrite} />
              ))}
            </Group>
          </Radio.Group>
          {canWrite && (
            <Group>
              <Button type="submit" loading={save.busy} disabled={!form.isDirty()}>
                {t("settings.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
