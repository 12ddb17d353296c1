import type { GroupPoints, PointAwardKind } from "@convive/domain";
import { Button, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconAward, IconGift } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { StudentFileLink } from "../../student-file/index.ts";
import { useGroupPoints } from "../api/points.ts";
import { AwardDialog, type AwardTarget } from "./AwardDialog.tsx";
import { BalanceSummaryLine } from "./BalanceSummaryLine.tsx";

export interface GroupPointsPanelProps {
  groupId: number;
  /** The period the ratings screen shows; null: the period under way. */
  periodId: number | null;
}

type Student = GroupPoints["students"][number];

/**
 * The group's recognition points for its teacher (issue 13 §3), in the ratings screen's "Puntos" tab: each
 * student's period, school-year and running balance, by name — never ranked by points. Select one, several or the
 * whole group, then award or redeem at once.
 */
export default function GroupPointsPanel({ groupId, periodId }: GroupPointsPanelProps) {
  const { t } = useTranslation("points");
  const phone = useIsPhone();
  const query = useGroupPoints(groupId, periodId);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<AwardTarget | null>(null);
  const data = query.data;
  const students = data?.students ?? [];
  // Students who left the group since they were ticked are not kept.
  const selected = useMemo(() => students.filter((s) => chosen.has(s.id)), [students, chosen]);
  const all = students.length > 0 && selected.length === students.length;

  if (!data) return <QueryState query={query} />;
  if (students.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t("group.empty")}
      </Text>
    );
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setChosen(on ? new Set(students.map((s) => s.id)) : new Set());
  const open = (kind: PointAwardKind) =>
    setTarget({
      students: selected.map((s) => ({ id: s.id, name: s.name })),
      group: { id: data.group.id, name: data.group.name, whole: all },
      kind,
    });

  const checkbox = (s: Student) => (
    <Checkbox
      checked={chosen.has(s.id)}
      onChange={(e) => toggle(s.id, e.currentTarget.checked)}
      aria-label={t("group.select", { name: s.name })}
      size={phone ? "md" : "sm"}
    />
  );

  return (
    <Stack gap="md" aria-label={t("group.label", { group: data.group.name })} component="section">
      <Text size="sm" c="gray.7">
        {t("group.intro")}
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Checkbox
          checked={all}
          indeterminate={selected.length > 0 && !all}
          onChange={(e) => toggleAll(e.currentTarget.checked)}
          label={t("group.selectAll")}
          size={phone ? "md" : "sm"}
        />
        {data.can_award && (
          <Group gap="sm" wrap="wrap">
            <Text size="sm" c="gray.7" aria-live="polite">
              {t("group.selected", { count: selected.length })}
            </Text>
            <Button
              leftSection={<IconAward size={18} />}
              disabled={selected.length === 0}
              onClick={() => open("award")}
            >
              {t("actions.award")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconGift size={18} />}
              disabled={selected.length === 0}
              onClick={() => open("redemption")}
            >
              {t("actions.redeem")}
            </Button>
          </Group>
        )}
      </Group>

      {phone ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
          {students.map((s) => (
            <Card key={s.id} component="li" withBorder radius="md" padding="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {data.can_award && checkbox(s)}
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <StudentFileLink studentId={s.id} name={s.name} fw={700} size="sm" />
                  <BalanceSummaryLine balances={s} />
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={t("group.label", { group: data.group.name })}>
          <Table.Thead>
            <Table.Tr>
              {data.can_award && (
                <Table.Th w={48}>
                  <VisuallyHidden>{t("group.selectAll")}</VisuallyHidden>
                </Table.Th>
              )}
              <Table.Th>{t("group.student")}</Table.Th>
              <Table.Th ta="right">{t("balances.period")}</Table.Th>
              <Table.Th ta="right">{t("balances.year")}</Table.Th>
              <Table.Th ta="right">{t("balances.balance")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.map((s) => (
              <Table.Tr key={s.id}>
                {data.can_award && <Table.Td>{checkbox(s)}</Table.Td>}
                <Table.Td>
                  <StudentFileLink studentId={s.id} name={s.name} size="sm" />
                </Table.Td>
                <BalanceSummaryLine balances={s} cells />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {target && (
        <AwardDialog
          target={target}
          today={data.window.today}
          yearStartsOn={data.window.year?.starts_on ?? null}
          onClose={() => {
            setTarget(null);
          }}
        />
      )}
    </Stack>
  );
}
