import type { ScorecardStudentItem } from "@convive/domain";
import { Alert, SegmentedControl, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";

/** A family's children as a segmented control (one child: just their name). */
export function ChildTabs({
  list: children,
  selected,
  onChoose,
}: {
  list: UseQueryResult<ScorecardStudentItem[]>;
  selected: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation("scorecard");
  if (!children.data) return <QueryState query={children} height={48} />;
  if (children.data.length === 0) return <Alert color="gray" variant="light" title={t("noChildren")} />;
  if (children.data.length === 1) return null;
  return (
    <Stack gap={4}>
      <Text id="scorecard-children" size="sm" fw={600}>
        {t("children")}
      </Text>
      <SegmentedControl
        aria-labelledby="scorecard-children"
        fullWidth
        radius="md"
        value={selected === null ? "" : String(selected)}
        onChange={(value) => onChoose(Number(value))}
        data={children.data.map((child) => ({ value: String(child.id), label: child.first_name }))}
      />
    </Stack>
  );
}
