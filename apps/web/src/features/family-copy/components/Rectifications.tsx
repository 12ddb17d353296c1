import type { Rectification } from "@convive/domain";
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useAnswerRectification, useRectifications } from "../api/family-copy.ts";

const STATUS_COLOR = { open: "yellow", corrected: "teal", declined: "gray" } as const;

/** The child's requests to correct data with the school's answers; the Director answers the open ones here. */
export function Rectifications({ studentId, family }: { studentId: number; family: boolean }) {
  const { t } = useTranslation("familyCopy");
  const dates = useDates();
  const query = useRectifications(studentId);
  const data = query.data;
  if (!data) return <QueryState query={query} />;
  if (data.requests.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t(family ? "rectify.none" : "answer.none")}
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-label={t("rectify.list")}>
      {!family && (
        <Text size="sm" c="gray.7">
          {t("answer.intro")}
        </Text>
      )}
      {data.requests.map((r) => (
        <Paper key={r.id} withBorder radius="md" p="sm" data-testid="rectification">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={600} size="sm">
                {t(r.subject === "own" ? "rectify.ownShort" : "rectify.childShort", { name: r.student.name })}
              </Text>
              <Badge color={STATUS_COLOR[r.status]} c="dark.7" variant="light">
                {t(`status.${r.status}`)}
              </Badge>
            </Group>
            <Text size="xs" c="gray.7">
              {t("rectify.asked", {
                name: r.requested_by.name,
                at: dates.dateTime(r.created_at),
                due: dates.day(r.due_on),
              })}
            </Text>
            <Text size="sm">
              <b>{t("rectify.current")}:</b> {r.current}
            </Text>
            <Text size="sm">
              <b>{t("rectify.requested")}:</b> {r.requested}
            </Text>
            {r.answer !== null && (
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                <b>
                  {t("answer.by", {
                    name: r.answered_by?.name ?? "",
                    at: r.answered_at ? dates.dateTime(r.answered_at) : "",
                  })}
                </b>{" "}
                {r.answer}
              </Text>
            )}
            {data.can_answer && r.status === "open" && <AnswerForm request={r} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function AnswerForm({ request }: { request: Rectification }) {
  const { t } = useTranslation("familyCopy");
  const form = useForm({
    initialValues: { outcome: "corrected" as "corrected" | "declined", answer: "" },
    validate: { answer: (v) => (v.trim() ? null : t("rectify.required")) },
  });
  const save = useAnswerRectification({ form, success: t("answer.sent") });
  const submit = form.onSubmit((v) => void save.submit({ id: request.id, ...v }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" mt="xs">
        <SegmentedControl
          aria-label={t("answer.outcome")}
          data={[
            { value: "corrected", label: t("answer.corrected") },
            { value: "declined", label: t("answer.declined") },
          ]}
          {...form.getInputProps("outcome")}
        />
        <Textarea
          label={t("answer.text")}
          withAsterisk
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("answer")}
        />
        {save.failure && (
          <Text size="sm" c="red.8" role="alert">
            {save.failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.busy}>
            {t("answer.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
