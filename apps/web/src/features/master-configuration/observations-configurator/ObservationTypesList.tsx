import type { ObservationType } from "@convive/domain";
import { ActionIcon, Badge, Card, Group as Row, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconNotes, IconPencil, IconStar, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ActiveSwitch, BilingualName, useLocalName } from "../shared/catalogue.tsx";

interface Props {
  types: ObservationType[];
  onEdit?: (type: ObservationType) => void;
  onDelete?: (type: ObservationType) => void;
  onToggle?: (type: ObservationType, active: boolean) => Promise<unknown>;
}

function KindBadge({ kind }: { kind: ObservationType["kind"] }) {
  const { t } = useTranslation("incidents");
  const positive = kind === "positive";
  const Icon = positive ? IconStar : IconNotes;
  return (
    <Badge
      variant="light"
      color={positive ? "teal" : "gray"}
      c="dark.8"
      radius="sm"
      tt="none"
      leftSection={<Icon size={12} aria-hidden />}
    >
      {t(`observationKind.${kind}`)}
    </Badge>
  );
}

/** A table from 768 px up; cards on a phone. */
export function ObservationTypesList({ types, onEdit, onDelete, onToggle }: Props) {
  const { t } = useTranslation("incidentsConfig");
  const localName = useLocalName();
  const points = (o: ObservationType) =>
    o.points > 0 ? t("observations.pointsShort", { count: o.points }) : t("observations.noPoints");
  const used = (o: ObservationType) => t("observations.usedCount", { count: o.observations_count });
  const mayDelete = (o: ObservationType) => onDelete && !(o.observations_count > 0 && !o.is_active);
  const actions = (o: ObservationType) => (
    <Row gap={0} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          onClick={() => onEdit(o)}
          aria-label={t("actions.editLabel", { name: localName(o) })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      )}
      {mayDelete(o) && (
        <ActionIcon
          variant="subtle"
          color="red.9"
          size="lg"
          onClick={() => onDelete?.(o)}
          aria-label={t("actions.deleteLabel", { name: localName(o) })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Row>
  );
  const toggle = (o: ObservationType) => (
    <ActiveSwitch active={o.is_active} name={localName(o)} onChange={onToggle && ((active) => onToggle(o, active))} />
  );

  return (
    <>
      <Table.ScrollContainer minWidth={680} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover withTableBorder bg="var(--mantine-color-body)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("observations.name")}</Table.Th>
              <Table.Th>{t("observations.kind")}</Table.Th>
              <Table.Th>{t("observations.points")}</Table.Th>
              <Table.Th>{t("observations.used")}</Table.Th>
              <Table.Th>{t("status.active")}</Table.Th>
              {(onEdit || onDelete) && (
                <Table.Th>
                  <VisuallyHidden>{t("actions.column")}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((o) => (
              <Table.Tr key={o.id} bg={o.is_active ? undefined : "var(--mantine-color-gray-0)"}>
                <Table.Td>
                  <BilingualName row={o} dimmed={!o.is_active} />
                </Table.Td>
                <Table.Td>
                  <KindBadge kind={o.kind} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{points(o)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{used(o)}</Text>
                </Table.Td>
                <Table.Td>{toggle(o)}</Table.Td>
                {(onEdit || onDelete) && <Table.Td>{actions(o)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {types.map((o) => (
          <Card
            key={o.id}
            component="li"
            withBorder
            radius="md"
            padding="md"
            bg={o.is_active ? undefined : "var(--mantine-color-gray-0)"}
          >
            <Row justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <BilingualName row={o} dimmed={!o.is_active} />
              {actions(o)}
            </Row>
            <Row gap={6} mt="xs">
              <KindBadge kind={o.kind} />
              <Badge variant="outline" color="gray.5" c="gray.8" radius="sm" tt="none">
                {points(o)}
              </Badge>
            </Row>
            <Row justify="space-between" gap="xs" mt="sm">
              {toggle(o)}
              <Text size="xs" c="gray.7">
                {used(o)}
              </Text>
            </Row>
          </Card>
        ))}
      </Stack>
    </>
  );
}
