import type { PointAwardKind, PointEntry } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAward, IconGift } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { useDeleteAward, useStudentPoints } from "../api/points.ts";
import { AwardDialog } from "../components/AwardDialog.tsx";
import { BalanceSummary } from "../components/BalanceSummary.tsx";
import { signed } from "../components/format.ts";
import { LedgerList } from "../components/LedgerList.tsx";

/**
 * The Points tab of a student's file (issue 13 §3): the balances (period, school year, running) and the school
 * year's ledger. Staff who may give points award or redeem from here; a family sees what families are shown, and
 * the staff-only entries its balances count as a count (issue 26 §2).
 */
export function PointsTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("points");
  const dates = useDates();
  const query = useStudentPoints(studentId);
  const remove = useDeleteAward();
  const confirm = useConfirm();
  const [kind, setKind] = useState<PointAwardKind | null>(null);
  const data = query.data;

  const askRemove = (entry: PointEntry) =>
    confirm.ask({
      title: t("ledger.removeTitle"),
      message: t("ledger.removeMessage", {
        reason: localizedName(entry.reason, dates.lang),
        points: signed(entry.points),
        name: data?.student.name ?? "",
      }),
      confirmLabel: t("ledger.remove"),
      danger: true,
      successMessage: t("ledger.removed"),
      action: () => remove.run(entry.id),
    });

  if (!data) return <QueryState query={query} />;
  return (
    <Stack gap="md">
      <BalanceSummary balances={data.balances} window={data.window} />
      {data.can_award && (
        <Group gap="sm">
          <Button leftSection={<IconAward size={18} />} onClick={() => setKind("award")}>
            {t("actions.award")}
          </Button>
          <Button variant="default" leftSection={<IconGift size={18} />} onClick={() => setKind("redemption")}>
            {t("actions.redeem")}
          </Button>
        </Group>
      )}
      <Title order={3} size="h5">
        {data.window.year ? t("ledger.title", { year: data.window.year.name }) : t("ledger.label")}
      </Title>
      {data.entries.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("ledger.empty")}
        </Text>
      ) : (
        <LedgerList entries={data.entries} family={family} onRemove={askRemove} />
      )}
      {/* Staff-only entries: a family is told they exist and what they add, since its balances count them. */}
      {data.internal.count > 0 && (
        <Text size="sm" c="gray.7" data-testid="points-internal">
          {t("ledger.internal", {
            count: data.internal.count,
            points: t("signed", { value: signed(data.internal.points) }),
          })}
        </Text>
      )}
      {kind && (
        <AwardDialog
          target={{ students: [data.student], group: null, kind }}
          today={data.window.today}
          yearStartsOn={data.window.year?.starts_on ?? null}
          onClose={() => setKind(null)}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}
