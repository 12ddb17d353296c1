import { Button, Paper, Stack, Text, Textarea } from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAcknowledgeLetter } from "../api/inclusion.ts";

/**
 * The family member's "Enterado y de acuerdo" on the carta compromiso, with an optional comment (issue 28 §2: from
 * their phone). Once done the card lists it among the acknowledgements and this block goes away.
 */
export function AcknowledgeLetter({ enrollmentId }: { enrollmentId: number }) {
  const { t } = useTranslation("inclusion");
  const [comment, setComment] = useState("");
  const ack = useAcknowledgeLetter({ success: t("letter.acknowledged") });
  return (
    <Paper radius="md" p="sm" bg="indigo.0" data-testid="acknowledge-letter">
      <Stack gap="xs">
        <Text size="sm">{t("letter.askFamily")}</Text>
        <Textarea
          label={t("letter.comment")}
          value={comment}
          onChange={(ev) => setComment(ev.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          disabled={ack.busy}
        />
        {ack.failure && (
          <Text size="sm" c="red.8" role="alert">
            {ack.failure}
          </Text>
        )}
        <Button
          leftSection={<IconChecks size={18} aria-hidden />}
          loading={ack.busy}
          onClick={() => void ack.submit({ id: enrollmentId, comment: comment.trim() })}
          fullWidth
          maw={{ sm: 320 }}
        >
          {t("letter.acknowledge")}
        </Button>
      </Stack>
    </Paper>
  );
}
