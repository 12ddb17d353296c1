import type { Protocol } from "@convive/domain";
import { Badge, Button, Paper, Group as Row, Stack, Text, Title } from "@mantine/core";
import { IconListCheck, IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useLocalName } from "../shared/catalogue.tsx";
import { useProtocols } from "./api.ts";
import { deadlineText } from "./deadline.ts";
import { ProtocolForm } from "./ProtocolForm.tsx";

/**
 * The school's protocols (issue 30 §2), under the incident catalogue: ordered steps with deadlines. A type follows
 * one from its own form; registering an incident of that type starts the protocol.
 */
export function ProtocolsSection({ canWrite, typeNames }: { canWrite: boolean; typeNames: Map<number, string> }) {
  const { t } = useTranslation("incidentsConfig");
  const localName = useLocalName();
  const protocols = useProtocols();
  const [editing, setEditing] = useState<{ protocol: Protocol | null } | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="protocols-title" mt="lg">
      <Row justify="space-between" gap="sm">
        <Row gap={8} wrap="nowrap">
          <IconListCheck size={22} aria-hidden />
          <Title order={2} size="h4" id="protocols-title">
            {t("protocols.title")}
          </Title>
        </Row>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ protocol: null })}>
            {t("protocols.add")}
          </Button>
        )}
      </Row>
      <Text size="sm" c="dimmed">
        {t("protocols.intro")}
      </Text>
      <QueryState query={protocols} height={120} empty={<Text size="sm">{t("protocols.empty")}</Text>} />
      {(protocols.data ?? []).map((p) => (
        <Paper key={p.id} withBorder radius="lg" p="md" component="article" aria-label={localName(p)}>
          <Stack gap="xs">
            <Row justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                  {localName(p)}
                </Text>
                {!p.is_active && (
                  <Badge color="gray" c="gray.8" variant="light" radius="sm">
                    {t("protocols.inactive")}
                  </Badge>
                )}
              </Stack>
              {canWrite && (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => setEditing({ protocol: p })}
                  aria-label={t("actions.editLabel", { name: localName(p) })}
                >
                  {t("protocols.edit")}
                </Button>
              )}
            </Row>
            <Stack component="ol" gap={4} m={0} pl="lg">
              {p.steps.map((s) => (
                <Text component="li" size="sm" key={s.id}>
                  {localName(s)} —{" "}
                  <Text span c="dimmed" size="sm">
                    {deadlineText(s, t)}
                  </Text>
                </Text>
              ))}
            </Stack>
            <Text size="xs" c="dimmed">
              {p.type_ids.length === 0
                ? t("protocols.noTypes")
                : t("protocols.types", { names: p.type_ids.map((id) => typeNames.get(id) ?? "—").join(", ") })}
            </Text>
          </Stack>
        </Paper>
      ))}
      {editing && <ProtocolForm protocol={editing.protocol} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
