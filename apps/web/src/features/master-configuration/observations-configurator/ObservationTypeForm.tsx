import { type ObservationType, ObservationTypeBody } from "@convive/domain";
import { OBSERVATION_KINDS, type ObservationKind } from "@convive/domain/core";
import { Grid, NumberInput, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useLocalName } from "../shared/catalogue.tsx";
import { useRefreshAll } from "../shared/keys.ts";
import { useSave } from "../shared/use-save.ts";
import { createObservationType, updateObservationType } from "./api.ts";

interface Values {
  name_es: string;
  name_en: string;
  kind: ObservationKind;
  points: number | string;
  is_active: boolean;
}

const bodyOf = (v: Values) => ({ ...v, points: v.points === "" ? 0 : Number(v.points) });

/** An observation type: names, positive or neutral, default points, active. */
export function ObservationTypeForm({ type, onClose }: { type: ObservationType | null; onClose: () => void }) {
  const { t } = useTranslation(["incidentsConfig", "incidents"]);
  const localName = useLocalName();
  const refresh = useRefreshAll();
  const kindLabel = useId();
  const form = useForm<Values>({
    initialValues: {
      name_es: type?.name_es ?? "",
      name_en: type?.name_en ?? "",
      kind: type?.kind ?? "positive",
      points: type?.points ?? 0,
      is_active: type?.is_active ?? true,
    },
    validate: (v) => schemaErrors(ObservationTypeBody, bodyOf(v), t),
  });
  const save = useSave(form);

  const submit = form.onSubmit((v) =>
    save.run(async () => {
      if (type) await updateObservationType(type.id, bodyOf(v));
      else await createObservationType(bodyOf(v));
      await refresh();
    }, onClose),
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={type ? t("observations.editTitle", { name: localName(type) }) : t("observations.createTitle")}
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t("names.es")}
            placeholder={t("observations.placeholderEs")}
            required
            maxLength={120}
            data-autofocus
            lang="es"
            {...form.getInputProps("name_es")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t("names.en")}
            placeholder={t("observations.placeholderEn")}
            maxLength={120}
            lang="en"
            {...form.getInputProps("name_en")}
          />
        </Grid.Col>
      </Grid>
      <Stack gap={4} role="group" aria-labelledby={kindLabel}>
        <Text id={kindLabel} size="sm" fw={500}>
          {t("observations.kind")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("observations.kindHint")}
        </Text>
        <SegmentedControl
          fullWidth
          data={OBSERVATION_KINDS.map((k) => ({ value: k, label: t(`incidents:observationKind.${k}`) }))}
          {...form.getInputProps("kind")}
        />
      </Stack>
      <NumberInput
        label={t("observations.points")}
        description={t("observations.pointsHint")}
        min={0}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        // A narrow box for a number; the hint above keeps the form's width.
        styles={{ wrapper: { maxWidth: 200 } }}
        {...form.getInputProps("points")}
      />
      <Switch
        label={t("status.active")}
        description={t("status.activeHint")}
        {...form.getInputProps("is_active", { type: "checkbox" })}
      />
    </FormModal>
  );
}
