import type { Invitation } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { PagedList } from "../../../components/PagedList.tsx";
import { Card } from "../shared/Card.tsx";
import { fullName } from "../shared/format.ts";
import { InvitationActions } from "../shared/InvitationActions.tsx";
import { InvitationStatus } from "../shared/InvitationStatus.tsx";
import { PER_PAGE, useCancelInvitation, useInvitations, useResendInvitation } from "./api.ts";

/**
 * The people the school invited who have not accepted yet: what the school typed, the profile, pending or
 * expired, with resend (a new 7-day link) and cancel. Shown only while there is at least one.
 */
export function InvitationsCard({ can }: { can: { resend: boolean; cancel: boolean } }) {
  const { t, i18n } = useTranslation("masterUsers");
  // Its own page number (not in the URL, which pages the members' list above).
  const [page, setPage] = useState(1);
  const invitations = useInvitations(page);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const confirm = useConfirm();
  const total = invitations.data?.total ?? 0;
  if (total === 0) return null;

  const ask = (i: Invitation) =>
    confirm.ask({
      title: t("invitations.cancelTitle", { email: i.email }),
      message: t("invitations.cancelMessage"),
      confirmLabel: t("invitations.cancel"),
      danger: true,
      action: () => cancel.run(i.id),
    });
  const profile = (i: Invitation) => (
    <>
      <Text size="sm">
        {localName({ name: i.profile_name, name_en: i.profile_name_en }, i18n.resolvedLanguage ?? "es")}
      </Text>
      {i.students.length > 0 && (
        <Text size="xs" c="gray.7">
          {t("invitations.familyOf", { students: i.students.map((s) => s.first_name).join(", ") })}
        </Text>
      )}
    </>
  );
  const actions = (i: Invitation) => (
    <InvitationActions
      justify="flex-end"
      resend={
        can.resend
          ? {
              label: t("invitations.resend"),
              ariaLabel: t("invitations.resendLabel", { email: i.email }),
              run: () => resend.run(i.id),
              resent: t("invitations.resent", { email: i.email }),
            }
          : undefined
      }
      cancel={
        can.cancel
          ? {
              label: t("invitations.cancel"),
              ariaLabel: t("invitations.cancelLabel", { email: i.email }),
              onClick: () => ask(i),
            }
          : undefined
      }
    />
  );
  const person = (i: Invitation) => (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {fullName(i) || i.email}
      </Text>
      <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
        {i.email}
      </Text>
    </div>
  );

  return (
    <Card title={t("invitations.title")} description={t("invitations.description")}>
      <PagedList
        rows={invitations.data?.invitations ?? []}
        total={total}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        dimmed={invitations.isPlaceholderData}
        minWidth={640}
        count={t("invitations.count", { count: total })}
        columns={[
          { key: "name", header: t("list.name"), render: person, maw: 320 },
          { key: "profile", header: t("fields.profile"), render: profile },
          { key: "status", header: t("list.status"), render: (i) => <InvitationStatus invitation={i} /> },
          { key: "actions", header: null, render: actions },
        ]}
        card={(i) => (
          <Group wrap="nowrap" align="flex-start" justify="space-between" gap="sm">
            <Stack gap={6} miw={0}>
              {person(i)}
              {profile(i)}
              <InvitationStatus invitation={i} />
            </Stack>
            {actions(i)}
          </Group>
        )}
      />
      {confirm.dialog}
    </Card>
  );
}
