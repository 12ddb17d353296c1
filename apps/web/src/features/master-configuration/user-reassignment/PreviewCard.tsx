import type { ReassignmentPreview } from "@convive/domain";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowsExchange } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "../shared/Card.tsx";
import { ItemText } from "./ItemText.tsx";

/**
 * What applying would do, kind by kind: each item moved or merged into what the receiver already holds, and the
 * rule that stops a kind. Apply is one button, all or nothing.
 */
export function PreviewCard({
  preview,
  canApply,
  busy,
  failure,
  onApply,
}: {
  preview: ReassignmentPreview;
  canApply: boolean;
  busy: boolean;
  failure: string | null;
  onApply: () => void;
}) {
  const { t } = useTranslation("userReassignment");
  const blocked = preview.kinds.filter((k) => k.problem);
  return (
    <Card
      title={t("preview.title")}
      description={`${t("preview.description")} ${t("preview.summary", { from: preview.from.name, to: preview.to.name })}`}
    >
      {blocked.length > 0 && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t("preview.blocked")}
            </Text>
            {blocked.map((k) => (
              <Text key={k.kind} size="sm">
                {t(`kinds.${k.kind}`)}: {k.problem!.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack gap="md" data-testid="reassignment-preview">
        {preview.kinds.map((k) => (
          <Paper key={k.kind} withBorder radius="md" p="sm" component="section" aria-label={t(`kinds.${k.kind}`)}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Title order={3} size="h5">
                  {t(`kinds.${k.kind}`)}
                </Title>
                <Badge variant="light" color={k.problem ? "red" : "gray"} c={k.problem ? "red.9" : "gray.9"} tt="none">
                  {t(`counts.${k.kind}`, { count: k.items.length })}
                </Badge>
              </Group>
              <Text size="xs" c="gray.7">
                {t("preview.moved", { name: preview.to.name })}
              </Text>
              {k.items.map((item) => (
                <ItemText
                  key={item.id}
                  item={item}
                  extra={
                    <>
                      {item.outcome === "merged" && (
                        <Badge size="sm" variant="outline" color="gray.7" c="gray.9" tt="none">
                          {t("preview.merged", { name: preview.to.name })}
                        </Badge>
                      )}
                      {item.href && item.folio !== null && (
                        <Anchor component={Link} to={item.href} size="xs">
                          {t("work.open", { folio: item.folio })}
                        </Anchor>
                      )}
                    </>
                  }
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {busy && (
        <Text size="sm" role="status">
          {t("common:messages.processing")}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {!canApply && (
          <Text size="sm" c="gray.7">
            {t("preview.noPermission")}
          </Text>
        )}
        <Button
          color="institutional"
          leftSection={<IconArrowsExchange size={16} aria-hidden />}
          disabled={!canApply || !preview.ready}
          loading={busy}
          onClick={onApply}
        >
          {t("preview.apply")}
        </Button>
      </Group>
    </Card>
  );
}
