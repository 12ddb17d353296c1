import { type ObservationType, ObservationTypeBody } from "@convive/domain";
import { OBSERVATION_KINDS, type ObservationKind } from "@convive/domain/core";
import { SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { BilingualNameFields, PointsField } from "../shared/BilingualNameFields.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { useSaveObservationType } from "./api.ts";

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
  const save = useSaveObservationType(type?.id ?? null, { form });

  const submit = form.onSubmit((v) => save.submit(bodyOf(v), onClose));

  return (
    <FormModal
      opened
      onClose={onClose}
      title={type ? t("observations.editTitle", { name: localName(type) }) : t("observations.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <BilingualNameFields
        form={form}
        placeholders={{ es: t("observations.placeholderEs"), en: t("observations.placeholderEn") }}
      />
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
      <PointsField keys="observations" {...form.getInputProps("points")} />
      <Switch
        label={t("status.active")}
        description={t("status.activeHint")}
        {...form.getInputProps("is_active", { type: "checkbox" })}
      />
    </FormModal>
  );
}
