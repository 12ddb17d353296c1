import { ADJUSTMENT_KINDS, type StudentAdjustments } from "@convive/domain";
import { Badge, Modal, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useAdjustments } from "../api/inclusion.ts";

type Item = StudentAdjustments["adjustments"][number];

/** The student's reasonable adjustments, grouped by kind (curricular, methodological, assessment, access). */
export function AdjustmentsModal({
  studentId,
  name,
  onClose,
}: {
  studentId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("inclusion");
  const phone = useIsPhone();
  const query = useAdjustments(studentId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("marker.title", { name })}
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("close") }}
      styles={{ title: { fontWeight: 700 } }}
      // Opened from inside a row that reacts to clicks: the dialog's own clicks stay in it.
      onClick={(event) => event.stopPropagation()}
    >
      {!query.data ? (
        <QueryState query={query} height={160} />
      ) : (
        <Stack gap="sm" data-testid="adjustments-list">
          <Text size="sm" c="gray.7">
            {t("marker.intro")}
          </Text>
          {query.data.adjustments.length === 0 && <Text size="sm">{t("marker.none")}</Text>}
          {ADJUSTMENT_KINDS.map((kind) => {
            const items = query.data.adjustments.filter((a) => a.kind === kind);
            return items.length > 0 ? <KindGroup key={kind} kind={kind} items={items} /> : null;
          })}
        </Stack>
      )}
    </Modal>
  );
}

function KindGroup({ kind, items }: { kind: Item["kind"]; items: Item[] }) {
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  return (
    <Stack gap={6}>
      <Badge variant="light" color="indigo" c="indigo.9" w="fit-content">
        {t(`kind.${kind}`)}
      </Badge>
      {items.map((a) => (
        <Paper key={`${a.description}-${a.since}`} withBorder radius="md" p="sm" data-testid="adjustment">
          <Text size="sm">{a.description}</Text>
          <Text size="xs" c="gray.7" mt={4}>
            {t("marker.who", { who: a.applied_by, since: dates.day(a.since) })}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
