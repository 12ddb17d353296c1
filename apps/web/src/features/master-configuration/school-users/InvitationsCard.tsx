import type { Invitation } from "@convive/domain";
import { ActionIcon, Group, Pagination, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { toast } from "../../../lib/toast.ts";
import { Card } from "../shared/Card.tsx";
import { fullName } from "../shared/format.ts";
import { InvitationStatus } from "../shared/InvitationStatus.tsx";
import { useRefreshAll } from "../shared/keys.ts";
import { cancelInvitation, PER_PAGE, resendInvitation, useInvitations } from "./api.ts";

/**
 * The people the school invited who have not accepted yet: what the school typed, the profile, pending or
 * expired, with resend (a new 7-day link) and cancel. Shown only while there is at least one.
 */
export function InvitationsCard({ can }: { can: { resend: boolean; cancel: boolean } }) {
  const { t } = useTranslation("masterUsers");
  const [page, setPage] = useState(1);
  const invitations = useInvitations(page);
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const [sending, setSending] = useState<number | null>(null);
  const rows = invitations.data?.invitations ?? [];
  const total = invitations.data?.total ?? 0;
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const name = (i: Invitation) => fullName(i) || i.email;

  const resend = async (i: Invitation) => {
    setSending(i.id);
    try {
      await resendInvitation(i.id);
      toast("success", t("invitations.resent", { email: i.email }));
      await refresh();
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setSending(null);
    }
  };
  const cancel = (i: Invitation) =>
    confirm.ask({
      title: t("invitations.cancelTitle", { email: i.email }),
      message: t("invitations.cancelMessage"),
      confirmLabel: t("invitations.cancel"),
      danger: true,
      action: async () => {
        await cancelInvitation(i.id);
        await refresh();
      },
    });

  const profile = (i: Invitation) => (
    <>
      <Text size="sm">{i.profile_name}</Text>
      {i.students.length > 0 && (
        <Text size="xs" c="gray.7">
          {t("invitations.familyOf", { students: i.students.map((s) => s.first_name).join(", ") })}
        </Text>
      )}
    </>
  );
  const actions = (i: Invitation) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {can.resend && (
        <Tooltip label={t("invitations.resend")} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            loading={sending === i.id}
            onClick={() => void resend(i)}
            aria-label={t("invitations.resendLabel", { email: i.email })}
          >
            <IconMailForward size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {can.cancel && (
        <Tooltip label={t("invitations.cancel")} withArrow>
          <ActionIcon
            variant="subtle"
            color="red.9"
            size="lg"
            onClick={() => cancel(i)}
            aria-label={t("invitations.cancelLabel", { email: i.email })}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
  const person = (i: Invitation) => (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {name(i)}
      </Text>
      <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
        {i.email}
      </Text>
    </div>
  );

  return (
    <Card title={t("invitations.title")} description={t("invitations.description")}>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="sm" withTableBorder style={{ opacity: invitations.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("list.name")}</Table.Th>
              <Table.Th>{t("fields.profile")}</Table.Th>
              <Table.Th>{t("list.status")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td maw={320}>{person(i)}</Table.Td>
                <Table.Td>{profile(i)}</Table.Td>
                <Table.Td>
                  <InvitationStatus invitation={i} />
                </Table.Td>
                <Table.Td>{actions(i)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" component="ul" p={0} m={0} hiddenFrom="sm" style={{ listStyle: "none" }}>
        {rows.map((i) => (
          <Paper key={i.id} component="li" withBorder radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" justify="space-between" gap="sm">
              <Stack gap={6} miw={0}>
                {person(i)}
                {profile(i)}
                <InvitationStatus invitation={i} />
              </Stack>
              {actions(i)}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {t("invitations.count", { count: total })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              "aria-label":
                control === "previous" ? t("list.previous") : control === "next" ? t("list.next") : undefined,
            })}
            getItemProps={(p) => ({ "aria-label": t("list.page", { page: p }) })}
          />
        )}
      </Group>
      {confirm.dialog}
    </Card>
  );
}
