import { Chip, Group, NumberInput, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { useNursingConfig } from "../api/config.ts";
import { useRecordVisit } from "../api/nursing.ts";

interface Values {
  reason: string;
  outcome: string;
  treatment: string;
  notes: string;
  temperature_c: number | string;
  heart_rate: number | string;
  spo2: number | string;
}

const num = (v: number | string) => (typeof v === "number" ? v : undefined);

/**
 * Recording a visit quickly (issue 29 §4), thumb-sized on a phone: the reason and the outcome are one tap each,
 * vital signs only if taken, the time in is now. The family is told the moment it is saved.
 */
export function VisitModal({ studentId, name, onClose }: { studentId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("nursing");
  const config = useNursingConfig();
  const [vitals, setVitals] = useState(false);
  const form = useForm<Values>({
    initialValues: { reason: "", outcome: "", treatment: "", notes: "", temperature_c: "", heart_rate: "", spo2: "" },
    validate: { reason: (v) => (v ? null : t("form.required")) },
  });
  const save = useRecordVisit({
    form,
    success: t("visit.saved"),
    fieldOf: { reason_id: "reason", outcome_id: "outcome" },
  });
  const reasons = (config.data?.reasons ?? []).filter((r) => r.active);
  const outcomes = (config.data?.outcomes ?? []).filter((o) => o.active);
  const submit = form.onSubmit((v) => {
    const taken = { temperature_c: num(v.temperature_c), heart_rate: num(v.heart_rate), spo2: num(v.spo2) };
    const anyVital = Object.values(taken).some((x) => x !== undefined);
    const now = new Date().toISOString();
    void save.submit(
      {
        studentId,
        reason_id: Number(v.reason),
        outcome_id: v.outcome ? Number(v.outcome) : null,
        treatment: v.treatment,
        notes: v.notes,
        vitals: anyVital ? taken : null,
        // With an outcome the student has left: in and out now, both from this clock (never out before in).
        ...(v.outcome ? { arrived_at: now, left_at: now } : {}),
      },
      onClose,
    );
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t("visit.title", { name })}
      onSubmit={submit}
      save={save}
      submitLabel={t("visit.submit")}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} id="visit-reason">
          {t("visit.reason")} <span aria-hidden>*</span>
        </Text>
        <Chip.Group {...form.getInputProps("reason")}>
          <Group gap={8} role="radiogroup" aria-labelledby="visit-reason" data-testid="visit-reasons">
            {reasons.map((r) => (
              <Chip key={r.id} value={String(r.id)} size="md" radius="md" color="dark">
                {r.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {form.errors.reason && (
          <Text size="xs" c="red.9" role="alert">
            {form.errors.reason}
          </Text>
        )}
      </Stack>
      <Textarea
        label={t("visit.treatment")}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps("treatment")}
      />
      <Chip checked={vitals} onChange={setVitals} variant="outline" size="sm" color="dark">
        {t("visit.vitalsTaken")}
      </Chip>
      {vitals && (
        <SimpleGrid cols={{ base: 3 }} spacing="xs">
          <NumberInput
            label={t("visit.temperature")}
            decimalScale={1}
            min={30}
            max={45}
            step={0.1}
            {...form.getInputProps("temperature_c")}
          />
          <NumberInput
            label={t("visit.heartRate")}
            allowDecimal={false}
            min={20}
            max={250}
            {...form.getInputProps("heart_rate")}
          />
          <NumberInput
            label={t("visit.spo2")}
            allowDecimal={false}
            min={50}
            max={100}
            {...form.getInputProps("spo2")}
          />
        </SimpleGrid>
      )}
      <Stack gap={6}>
        <Text size="sm" fw={600} id="visit-outcome">
          {t("visit.outcome")}
        </Text>
        <Chip.Group {...form.getInputProps("outcome")}>
          <Group gap={8} role="radiogroup" aria-labelledby="visit-outcome" data-testid="visit-outcomes">
            {outcomes.map((o) => (
              <Chip key={o.id} value={String(o.id)} size="md" radius="md" color="dark">
                {o.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Textarea
        label={t("visit.notes")}
        description={t("visit.notesHint")}
        autosize
        minRows={1}
        maxLength={2000}
        {...form.getInputProps("notes")}
      />
    </FormModal>
  );
}
