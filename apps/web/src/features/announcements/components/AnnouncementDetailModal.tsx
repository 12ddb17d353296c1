import type { AnnouncementDetail } from "@convive/domain";
import { Badge, Button, Group, Modal, Paper, Progress, Stack, Table, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBellRinging, IconCircleCheck, IconUsers } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { scrollRegion } from "../../../components/scroll-region.ts";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import {
  useAnnouncement,
  useConfirmAnnouncement,
  useMarkAnnouncementRead,
  useRemindAnnouncement,
} from "../api/announcements.ts";
import { AMBER_TEXT, TEAL_TEXT } from "../colors.ts";
import { type Counts, countsText, percent } from "../counts.ts";
import { AttachmentLinks } from "./AttachmentLinks.tsx";

/**
 * One announcement as a dialog ("announcement details"). A family member reads it — opening it marks it read —
 * and, when asked, confirms with one large button. Staff see the figures per group, who is still to read or
 * confirm, and may send those a reminder.
 */
export function AnnouncementDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("announcements");
  const phone = useIsPhone();
  const query = useAnnouncement(id);
  const data = query.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      radius="lg"
      fullScreen={phone}
      title={data?.title ?? t("detail.dialogLabel")}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)", overflowWrap: "anywhere" } }}
    >
      {data ? <Details announcement={data} /> : <QueryState query={query} height={240} />}
    </Modal>
  );
}

function Details({ announcement: a }: { announcement: AnnouncementDetail }) {
  const { t } = useTranslation("announcements");
  const dates = useDates();
  return (
    <Stack gap="md" data-testid="announcement-detail">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge
            variant="light"
            color="blue"
            c="blue.9"
            tt="none"
            size="lg"
            leftSection={<IconUsers size={14} aria-hidden />}
          >
            {t("to", { audience: a.audience_label })}
          </Badge>
          {a.needs_confirmation && (
            <Badge variant="light" color="gray" c="gray.8" tt="none" size="lg">
              {t("asksConfirmation")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="gray.7">
          {t("sentBy", { name: `${a.author.name} (${a.author.role})`, date: dates.dateTime(a.created_at) })}
        </Text>
      </Stack>
      <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{a.body}</Text>
      <AttachmentLinks attachments={a.attachments} />
      {a.mine && <FamilyPart announcement={a} />}
      {a.totals && <StaffPart announcement={a} totals={a.totals} />}
    </Stack>
  );
}

/** A family member: opening marks it read (once); when asked, "Enterado" — then the date it was confirmed. */
function FamilyPart({ announcement: a }: { announcement: AnnouncementDetail }) {
  const { t } = useTranslation("announcements");
  const dates = useDates();
  const phone = useIsPhone();
  const markRead = useMarkAnnouncementRead();
  const confirm = useConfirmAnnouncement({ success: t("family.confirmed"), failure: t("family.confirmFailed") });
  const marked = useRef<number | null>(null);
  const unread = a.mine?.read_at === null;
  useEffect(() => {
    if (!unread || marked.current === a.id) return;
    marked.current = a.id;
    markRead.run(a.id).catch((error) => console.warn("announcement read failed", error));
  }, [unread, a.id, markRead]);

  if (!a.needs_confirmation) return null;
  const confirmedAt = a.mine?.confirmed_at ?? null;
  if (confirmedAt) {
    return (
      <Paper withBorder radius="md" p="md" bg="teal.0" data-testid="announcement-confirmed">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal.9" variant="filled" radius="xl" size={32} aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text fw={600} c={TEAL_TEXT}>
            {t("family.confirmedAt", { date: dates.dateTime(confirmedAt) })}
          </Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text size="sm">{t("family.askConfirm")}</Text>
        <Button
          size="lg"
          fullWidth={phone}
          color="teal.9"
          leftSection={<IconCircleCheck size={22} aria-hidden />}
          loading={confirm.busy}
          onClick={() => void confirm.submit(a.id)}
          style={phone ? undefined : { alignSelf: "flex-start" }}
        >
          {t("family.confirm")}
        </Button>
      </Stack>
    </Paper>
  );
}

function Bar({ done, total, color, label }: { done: number; total: number; color: string; label: string }) {
  return <Progress value={percent(done, total)} color={color} size="md" radius="xl" aria-label={label} />;
}

/** Staff: the totals, each group's figures and who is still to read or confirm, with the reminder. */
function StaffPart({ announcement: a, totals }: { announcement: AnnouncementDetail; totals: Counts }) {
  const { t } = useTranslation("announcements");
  const phone = useIsPhone();
  const confirmation = a.needs_confirmation;
  const pending = a.pending;
  const bars = (c: Counts, name: string) => (
    <Stack gap={6}>
      <Stack gap={2}>
        <Text size="xs" c="gray.7">
          {t("detail.readOf", { done: c.read, total: c.recipients })}
        </Text>
        <Bar
          done={c.read}
          total={c.recipients}
          color="blue.7"
          label={`${name}: ${t("detail.readOf", { done: c.read, total: c.recipients })}`}
        />
      </Stack>
      {confirmation && (
        <Stack gap={2}>
          <Text size="xs" c="gray.7">
            {t("detail.confirmedOf", { done: c.confirmed, total: c.recipients })}
          </Text>
          <Bar
            done={c.confirmed}
            total={c.recipients}
            color="teal.7"
            label={`${name}: ${t("detail.confirmedOf", { done: c.confirmed, total: c.recipients })}`}
          />
        </Stack>
      )}
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("detail.totals")}
          </Title>
          <Text fw={600} data-testid="announcement-totals">
            {countsText(t, totals, confirmation)}
          </Text>
          {bars(totals, t("detail.totals"))}
        </Stack>
      </Paper>

      {a.groups.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("detail.groupsTitle")}
          </Title>
          {phone ? (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {a.groups.map((g) => (
                <Paper key={g.group_id} component="li" withBorder radius="md" p="sm" data-testid="announcement-group">
                  <Stack gap={6}>
                    <Group justify="space-between" gap="xs">
                      <Text fw={600}>{g.group}</Text>
                      <Text size="sm" c="gray.7">
                        {countsText(t, g, confirmation)}
                      </Text>
                    </Group>
                    {bars(g, g.group)}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560} {...scrollRegion(t("detail.groupsTitle"))}>
              <Table verticalSpacing="xs" striped={false} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("detail.group")}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("detail.recipients")}
                    </Table.Th>
                    <Table.Th scope="col">{t("detail.read")}</Table.Th>
                    {confirmation && <Table.Th scope="col">{t("detail.confirmed")}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.groups.map((g) => (
                    <Table.Tr key={g.group_id} data-testid="announcement-group">
                      <Table.Th scope="row" fw={600}>
                        {g.group}
                      </Table.Th>
                      <Table.Td ta="right">{g.recipients}</Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm">{t("counts.read", { done: g.read, total: g.recipients })}</Text>
                          <Bar
                            done={g.read}
                            total={g.recipients}
                            color="blue.7"
                            label={`${g.group}: ${t("detail.readOf", { done: g.read, total: g.recipients })}`}
                          />
                        </Stack>
                      </Table.Td>
                      {confirmation && (
                        <Table.Td>
                          <Stack gap={2}>
                            <Text size="sm">{t("counts.confirmed", { done: g.confirmed, total: g.recipients })}</Text>
                            <Bar
                              done={g.confirmed}
                              total={g.recipients}
                              color="teal.7"
                              label={`${g.group}: ${t("detail.confirmedOf", { done: g.confirmed, total: g.recipients })}`}
                            />
                          </Stack>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}

      <PendingList announcement={a} pending={pending} />
    </Stack>
  );
}

function PendingList({
  announcement: a,
  pending,
}: {
  announcement: AnnouncementDetail;
  pending: AnnouncementDetail["pending"];
}) {
  const { t } = useTranslation("announcements");
  const phone = useIsPhone();
  const remind = useRemindAnnouncement();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const confirmation = a.needs_confirmation;
  const title = t(confirmation ? "detail.pendingConfirmTitle" : "detail.pendingReadTitle", { count: pending.length });

  const send = () => {
    setReason(null);
    remind.run(a.id).then(
      ({ reminded }) => {
        toast("success", t("remind.done", { count: reminded }));
        setAsking(false);
      },
      (error: Error) => {
        toast("error", t("remind.failed"));
        setReason(error.message);
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" align="center">
        <Title order={3} size="h5">
          {title}
        </Title>
        {pending.length > 0 && (
          <Button
            variant="light"
            leftSection={<IconBellRinging size={18} aria-hidden />}
            onClick={() => {
              setReason(null);
              setAsking(true);
            }}
            fullWidth={phone}
          >
            {t("remind.button")}
          </Button>
        )}
      </Group>
      {pending.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(confirmation ? "detail.noPendingConfirm" : "detail.noPendingRead")}
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="announcement-pending">
          {pending.map((p) => (
            <Group
              key={p.user_id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {p.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {p.group}
                  {p.students.length > 0 && ` · ${t("detail.familyOf", { names: p.students.join(", ") })}`}
                </Text>
              </Stack>
              <Badge
                variant="light"
                color={p.read ? "yellow" : "gray"}
                c={p.read ? AMBER_TEXT : "gray.8"}
                tt="none"
                style={{ flexShrink: 0 }}
              >
                {p.read ? t("detail.readNotConfirmed") : t("detail.notRead")}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={asking}
        title={t("remind.title")}
        message={t(confirmation ? "remind.messageConfirm" : "remind.messageRead", { count: pending.length })}
        confirmLabel={t("remind.confirm")}
        busy={remind.busy}
        reason={reason}
        onConfirm={send}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
