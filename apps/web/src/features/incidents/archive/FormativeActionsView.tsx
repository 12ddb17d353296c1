import type { FormativeAction } from "@convive/domain";
import { formatDay } from "@convive/domain/core";
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IconChecklist } from "@tabler/icons-react";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { useFormativeActions } from "../api/archive.ts";
import { ActionStateBadge } from "./badges.tsx";
import { nextOpenOn, progressOf } from "./format.ts";
import { detailsPath, ResultsSkeleton } from "./ResultsList.tsx";
import { ACTIONS_FILTERS, type ActionsFilter, type ActionsScope, parseActionsSearch } from "./url.ts";
import { useSearchUpdate } from "./use-search-update.ts";

interface Props {
  phone: boolean;
  wide: boolean;
  /** Holders of incidents.update follow the whole school's actions (scope all). */
  mayViewAll: boolean;
}

/**
 * Follow-up of formative actions (issue item 6): the caller's own, or all they may see, overdue first. Each
 * one links to its incident, where it is completed.
 */
export function FormativeActionsView({ phone, wide, mayViewAll }: Props) {
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const [params] = useSearchParams();
  const update = useSearchUpdate();
  const view = parseActionsSearch(params, mayViewAll, mayViewAll ? "all" : "mine");
  const list = useFormativeActions(view.scope, view.state);
  const scopeLabel = useId();

  const set = (key: "scope" | "state", value: string) =>
    update((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    });

  const actions = list.data ?? [];
  const overdue = useMemo(() => actions.filter((a) => a.state === "overdue").length, [actions]);

  const studentOf = (a: FormativeAction) => a.student.name ?? t("incidents:otherStudent");
  const datesOf = (a: FormativeAction) => {
    const start = formatDay(a.starts_on, { lang });
    const span = a.ends_on && a.ends_on !== a.starts_on ? `${start} – ${formatDay(a.ends_on, { lang })}` : start;
    return a.repeat === "none" ? span : `${span} · ${t(`incidents:repeat.${a.repeat}`)}`;
  };
  const next = (a: FormativeAction) => {
    const on = nextOpenOn(a);
    if (!on) return <Text size="sm">—</Text>;
    return (
      <Text size="sm" fw={a.state === "overdue" ? 700 : undefined} c={a.state === "overdue" ? "#a11a1a" : undefined}>
        {formatDay(on, { lang })}
      </Text>
    );
  };
  const progress = (a: FormativeAction) => {
    const p = progressOf(a);
    return t("actions.progress", { done: p.done, total: p.total });
  };
  const incidentLink = (a: FormativeAction) => (
    <Anchor component={Link} to={detailsPath(a.incident_id)} size="sm" fw={600}>
      {t("incidents:folio", { folio: a.incident_folio })}
    </Anchor>
  );

  let body: React.ReactNode;
  if (list.isPending) {
    body = <ResultsSkeleton layout={wide ? "table" : "cards"} />;
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t("actions.loadError")}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{list.error.message}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (actions.length === 0) {
    body = (
      <EmptyState
        icon={<IconChecklist size={28} />}
        title={t(view.state === "open" ? "actions.emptyOpen" : "actions.empty")}
        description={view.scope === "mine" ? t("actions.emptyMineHint") : undefined}
      />
    );
  } else if (!wide) {
    body = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("actions.label")}>
        {actions.map((a) => (
          <Card key={a.id} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <ActionStateBadge value={a.state} />
              {incidentLink(a)}
            </Group>
            <Text fw={600} mt={6} lh={1.35} style={{ overflowWrap: "anywhere" }}>
              {a.guideline}
            </Text>
            <Text size="sm" mt={4}>
              {studentOf(a)}
            </Text>
            <Stack gap={2} mt={6}>
              <Text size="xs" c="gray.7">
                {t("actions.responsibleIs", { name: a.responsible.name })}
              </Text>
              <Text size="xs" c="gray.7">
                {datesOf(a)}
              </Text>
              <Group gap={4}>
                <Text size="xs" c="gray.7">
                  {t("actions.next")}:
                </Text>
                {next(a)}
                <Text size="xs" c="gray.7">
                  · {progress(a)}
                </Text>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" withTableBorder bg="var(--mantine-color-body)" aria-label={t("actions.label")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("actions.state")}</Table.Th>
              <Table.Th w="28%">{t("actions.guideline")}</Table.Th>
              <Table.Th>{t("actions.student")}</Table.Th>
              <Table.Th>{t("actions.responsible")}</Table.Th>
              <Table.Th>{t("actions.dates")}</Table.Th>
              <Table.Th>{t("actions.next")}</Table.Th>
              <Table.Th>{t("actions.progressTitle")}</Table.Th>
              <Table.Th>{t("actions.incident")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {actions.map((a) => (
              <Table.Tr key={a.id} style={{ verticalAlign: "top" }}>
                <Table.Td>
                  <ActionStateBadge value={a.state} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={4} style={{ overflowWrap: "anywhere" }}>
                    {a.guideline}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{studentOf(a)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{a.responsible.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{datesOf(a)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{next(a)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Text size="sm">{progress(a)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{incidentLink(a)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        {mayViewAll && (
          <Stack gap={4} w={phone ? "100%" : undefined}>
            <Input.Label id={scopeLabel}>{t("actions.scope")}</Input.Label>
            <SegmentedControl
              aria-labelledby={scopeLabel}
              value={view.scope}
              onChange={(value) => set("scope", value as ActionsScope)}
              data={[
                { value: "all", label: t("actions.scopeAll") },
                { value: "mine", label: t("actions.scopeMine") },
              ]}
              fullWidth={phone}
            />
          </Stack>
        )}
        <Select
          label={t("actions.state")}
          data={ACTIONS_FILTERS.map((f) => ({ value: f, label: t(`actions.filter.${f}`) }))}
          value={view.state}
          onChange={(value) => value && set("state", value as ActionsFilter)}
          allowDeselect={false}
          w={phone ? "100%" : 340}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Group justify="space-between" gap="xs" mih={28}>
        <Text size="sm" c="gray.8" aria-live="polite" aria-atomic="true">
          {list.data
            ? [
                t("actions.count", { count: actions.length }),
                overdue > 0 ? t("actions.overdueCount", { count: overdue }) : null,
              ]
                .filter(Boolean)
                .join(" · ")
            : ""}
        </Text>
        {list.isFetching && list.data && <Loader size="xs" aria-label={t("common:loading")} />}
      </Group>
      <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }}>{body}</Box>
    </Stack>
  );
}
