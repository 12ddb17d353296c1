import { REFERRAL_MAX_ATTACHMENTS, REFERRAL_TEXT_MAX, type Referral } from "@convive/domain";
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Textarea, Timeline, Title } from "@mantine/core";
import { IconLock, IconMessagePlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useAddFollowUp } from "../api/referrals.ts";
import { FileLinks } from "./FileLinks.tsx";
import { SupportFilesField, type Upload, uploadedIds, uploadsSettled } from "./SupportFilesField.tsx";

/** The referral's follow-up, oldest first; a family's answer leaves the internal entries out. */
export function FollowUps({ referral: r }: { referral: Referral }) {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t("followUps.title", { count: r.follow_ups.length })}
      </Title>
      {r.follow_ups.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("followUps.empty")}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={r.follow_ups.length - 1} data-testid="referral-follow-ups">
          {r.follow_ups.map((f) => (
            <Timeline.Item
              key={f.id}
              data-testid="referral-follow-up"
              title={
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {f.author.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {dates.dateTime(f.created_at)}
                  </Text>
                  {f.internal && (
                    <Badge
                      size="sm"
                      variant="light"
                      color="gray"
                      c="gray.8"
                      tt="none"
                      leftSection={<IconLock size={12} aria-hidden />}
                    >
                      {t("followUps.internal")}
                    </Badge>
                  )}
                </Group>
              }
            >
              <Stack gap={6} mt={4}>
                <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {f.body}
                </Text>
                <FileLinks files={f.attachments} />
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {r.can_edit && <NewFollowUp referralId={r.id} />}
    </Stack>
  );
}

/** A new entry: the text, whether it is internal (staff only) and its files. */
function NewFollowUp({ referralId }: { referralId: number }) {
  const { t } = useTranslation("externalSupport");
  const phone = useIsPhone();
  const [body, setBody] = useState("");
  const [internal, setInternal] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const save = useAddFollowUp({ success: t("followUps.added") });
  const send = () => {
    if (!body.trim()) {
      setError(t("common:messages.emptyFields"));
      return;
    }
    if (!uploadsSettled(uploads)) {
      toast("error", t("files.wait"));
      return;
    }
    setError(null);
    const sent = { referralId, body: body.trim(), internal, attachment_ids: uploadedIds(uploads) };
    // Only what was sent is cleared: the next entry may already be on its way in (the internal switch stays).
    void save.submit(sent, () => {
      setBody((current) => (current.trim() === sent.body ? "" : current));
      setUploads((list) => list.filter((u) => u.id === undefined || !sent.attachment_ids.includes(u.id)));
    });
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        {save.failure && (
          <Alert color="red" variant="light" role="alert">
            {save.failure}
          </Alert>
        )}
        <Textarea
          label={t("followUps.new")}
          placeholder={t("followUps.placeholder")}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={REFERRAL_TEXT_MAX}
          value={body}
          error={error}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Switch
          label={t("followUps.internalLabel")}
          description={t("followUps.internalHint")}
          checked={internal}
          onChange={(e) => setInternal(e.currentTarget.checked)}
        />
        <SupportFilesField
          label={t("followUps.files")}
          max={REFERRAL_MAX_ATTACHMENTS}
          uploads={uploads}
          onChange={setUploads}
          disabled={save.busy}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconMessagePlus size={18} aria-hidden />}
            loading={save.busy}
            onClick={send}
            fullWidth={phone}
          >
            {t("followUps.add")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
