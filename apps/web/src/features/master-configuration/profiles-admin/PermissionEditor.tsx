import { ACTIONS, type Action, type PermissionMatrix } from "@convive/domain";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePutPermissions } from "./api.ts";

const MC = "master-configuration-";
const areaPerm = (area: string, action: string) => `${area}.${action}`;

/** What the profile holds, from the matrix flags (area permissions, module keys, special permissions). */
function heldOf(matrix: PermissionMatrix): Set<string> {
  const held = new Set<string>();
  for (const row of matrix.areas) {
    for (const [action, on] of Object.entries(row.actions)) if (on) held.add(areaPerm(row.area, action));
  }
  for (const m of matrix.modules) if (m.granted) held.add(m.key);
  for (const s of matrix.special) if (s.granted) held.add(s.key);
  return held;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * The permission matrix of one profile: areas × Create/Read/Update/Delete/Search with row and column
 * helpers, then the module keys and the special permissions as switches. One card per area on a phone.
 */
export function PermissionEditor({ matrix, editable }: { matrix: PermissionMatrix; editable: boolean }) {
  const { t } = useTranslation("masterUsers");
  const put = usePutPermissions({ success: t("matrix.saved"), failure: t("matrix.saveFailed") });
  const original = useMemo(() => heldOf(matrix), [matrix]);
  const [held, setHeld] = useState<Set<string>>(original);
  const dirty = !sameSet(held, original);
  const actions = (matrix.actions.length > 0 ? matrix.actions : [...ACTIONS]) as Action[];
  const areas = matrix.areas.map((a) => a.area);
  const groups = [
    { key: "masterConfiguration", areas: areas.filter((a) => a.startsWith(MC)) },
    { key: "modules", areas: areas.filter((a) => !a.startsWith(MC)) },
  ].filter((g) => g.areas.length > 0);

  const set = (names: string[], on: boolean) =>
    setHeld((h) => {
      const next = new Set(h);
      for (const n of names) {
        if (on) next.add(n);
        else next.delete(n);
      }
      return next;
    });
  const state = (names: string[]) => {
    const count = names.filter((n) => held.has(n)).length;
    return { checked: count === names.length && count > 0, indeterminate: count > 0 && count < names.length };
  };
  const rowNames = (area: string) => actions.map((a) => areaPerm(area, a));
  const columnNames = (action: string) => areas.map((area) => areaPerm(area, action));
  const areaLabel = (area: string) => t(`areas.${area}`, { defaultValue: area });

  const save = () => put.submit({ id: matrix.profile.id, permissions: [...held] });
  const { busy, failure } = put;

  const actionLabel = (a: string) => t(`actions.${a}`, { defaultValue: a });

  return (
    <Stack gap="lg">
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t("matrix.saveFailed")}
          icon={<IconAlertTriangle size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel={t("common:actions.close")}
          onClose={put.clearFailure}
        >
          {failure}
        </Alert>
      )}
      {groups.map((group) => (
        <Stack gap="xs" key={group.key}>
          <Title order={3} size="h5">
            {t(`matrix.groups.${group.key}`)}
          </Title>
          {/* Desktop: a table with column helpers in the header. */}
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table withTableBorder withColumnBorders={false} verticalSpacing={6} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("matrix.area")}</Table.Th>
                  {actions.map((a) => {
                    const s = state(group.areas.map((area) => areaPerm(area, a)));
                    return (
                      <Table.Th key={a} ta="center" w={76}>
                        <Stack gap={4} align="center">
                          <Text size="xs" fw={700}>
                            {actionLabel(a)}
                          </Text>
                          <Checkbox
                            size="xs"
                            aria-label={t("matrix.selectColumn", { action: actionLabel(a) })}
                            checked={s.checked}
                            indeterminate={s.indeterminate}
                            disabled={!editable}
                            onChange={(e) =>
                              set(
                                group.areas.map((area) => areaPerm(area, a)),
                                e.currentTarget.checked,
                              )
                            }
                          />
                        </Stack>
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.areas.map((area) => {
                  const row = state(rowNames(area));
                  return (
                    <Table.Tr key={area}>
                      <Table.Td>
                        <Checkbox
                          size="sm"
                          label={areaLabel(area)}
                          aria-label={t("matrix.selectRow", { area: areaLabel(area) })}
                          checked={row.checked}
                          indeterminate={row.indeterminate}
                          disabled={!editable}
                          onChange={(e) => set(rowNames(area), e.currentTarget.checked)}
                          styles={{ label: { fontWeight: 500 } }}
                        />
                      </Table.Td>
                      {actions.map((a) => (
                        <Table.Td key={a} ta="center">
                          <Checkbox
                            aria-label={`${areaLabel(area)}: ${actionLabel(a)}`}
                            checked={held.has(areaPerm(area, a))}
                            disabled={!editable}
                            onChange={(e) => set([areaPerm(area, a)], e.currentTarget.checked)}
                            styles={{ body: { justifyContent: "center" } }}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {/* Phone: one card per area with its five checkboxes. */}
          <Stack gap="xs" hiddenFrom="sm">
            <Group gap={6}>
              {actions.map((a) => {
                const s = state(columnNames(a).filter((n) => group.areas.some((area) => n.startsWith(`${area}.`))));
                return (
                  <Button
                    key={a}
                    size="compact-xs"
                    variant={s.checked ? "filled" : "default"}
                    disabled={!editable}
                    aria-pressed={s.checked}
                    onClick={() =>
                      set(
                        group.areas.map((area) => areaPerm(area, a)),
                        !s.checked,
                      )
                    }
                  >
                    {t("matrix.allOf", { action: actionLabel(a) })}
                  </Button>
                );
              })}
            </Group>
            {group.areas.map((area) => {
              const row = state(rowNames(area));
              return (
                <Paper key={area} withBorder radius="md" p="sm" component="fieldset" m={0}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" mb={8}>
                    <Text component="legend" size="sm" fw={600} p={0} style={{ float: "left" }}>
                      {areaLabel(area)}
                    </Text>
                    <Checkbox
                      size="xs"
                      label={t("matrix.all")}
                      aria-label={t("matrix.selectRow", { area: areaLabel(area) })}
                      checked={row.checked}
                      indeterminate={row.indeterminate}
                      disabled={!editable}
                      onChange={(e) => set(rowNames(area), e.currentTarget.checked)}
                    />
                  </Group>
                  <SimpleGrid cols={3} spacing={8} verticalSpacing={8} style={{ clear: "both" }}>
                    {actions.map((a) => (
                      <Checkbox
                        key={a}
                        size="sm"
                        label={actionLabel(a)}
                        aria-label={`${areaLabel(area)}: ${actionLabel(a)}`}
                        checked={held.has(areaPerm(area, a))}
                        disabled={!editable}
                        onChange={(e) => set([areaPerm(area, a)], e.currentTarget.checked)}
                      />
                    ))}
                  </SimpleGrid>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
      ))}

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t("matrix.groups.moduleKeys")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("matrix.moduleKeysHint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {matrix.modules.map((m) => (
            <Switch
              key={m.key}
              label={t(`modules.${m.key}`, { defaultValue: m.key })}
              description={m.key}
              checked={held.has(m.key)}
              disabled={!editable}
              onChange={(e) => set([m.key], e.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t("matrix.groups.special")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {matrix.special.map((s) => (
            <Switch
              key={s.key}
              label={t(`special.${s.key}.label`, { defaultValue: s.key })}
              description={t(`special.${s.key}.description`, { defaultValue: "" })}
              checked={held.has(s.key)}
              disabled={!editable}
              onChange={(e) => set([s.key], e.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
      </Stack>

      {editable && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow={dirty ? "md" : undefined}
          style={dirty ? { position: "sticky", bottom: 8, zIndex: 2 } : undefined}
        >
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              {dirty ? (
                <Badge color="orange" c="orange.9" variant="light">
                  {t("matrix.unsaved")}
                </Badge>
              ) : (
                <Text size="sm" c="gray.7">
                  {t("matrix.upToDate")}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={() => setHeld(new Set(original))} disabled={!dirty || busy}>
                {t("matrix.discard")}
              </Button>
              <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
                {t("matrix.save")}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
