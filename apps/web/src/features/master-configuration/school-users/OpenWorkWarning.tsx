import { Alert, Anchor, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { childPath, useAccess } from "../shared/access.ts";
import { workInWords } from "../user-reassignment/api.ts";
import { useSchoolUser } from "./api.ts";

/**
 * The deactivation dialog's message (issue 31 §2): what deactivating does, and — while the member still holds open
 * work (groups, subjects, follow-ups, meetings, steps, referrals, forms) — a warning that names it and links to user
 * reassignment with them chosen.
 */
export function DeactivateMessage({ userId }: { userId: number }) {
  const { t } = useTranslation(["masterUsers", "userReassignment"]);
  const access = useAccess();
  const detail = useSchoolUser(userId);
  const work = detail.data?.open_work ?? [];
  const total = work.reduce((n, w) => n + w.count, 0);
  const heads = work.some((w) => w.kind === "head-teacher-groups" && w.count > 0);
  return (
    <Stack gap="sm">
      <Text size="sm">{t("deactivate.message")}</Text>
      {detail.isPending && <Skeleton h={48} radius="md" />}
      {total > 0 && (
        <Alert
          color="orange"
          variant="light"
          // A note read with the dialog, not an alert: the dialog's alert is the server's refusal.
          role="note"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t("deactivate.openWork.title")}
          data-testid="open-work-warning"
        >
          <Stack gap={6}>
            <Text size="sm">{t("deactivate.openWork.message", { work: workInWords(t, work) })}</Text>
            {heads && <Text size="sm">{t("deactivate.openWork.headTeacher")}</Text>}
            {access.canOpen("user-reassignment") && (
              <Anchor component={Link} to={`${childPath("user-reassignment")}?from=${userId}`} size="sm" fw={600}>
                {t("deactivate.openWork.reassign")}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
