import type { ReassignmentEntry, ReassignmentMember, WorkOfKind } from "@convive/domain";
import { Alert, Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconEye } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { QueryState } from "../../../components/QueryState.tsx";
import { childPath, useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import {
  type Selection,
  useApplyReassignment,
  usePreview,
  useReassignmentMembers,
  useUserWork,
  workInWords,
} from "./api.ts";
import { ItemText } from "./ItemText.tsx";
import { PreviewCard } from "./PreviewCard.tsx";
import { ReassignmentHistoryCard } from "./ReassignmentHistoryCard.tsx";

const AREA = "master-configuration-school-user-reassignment" as const;

/** Everything the member holds, chosen: the screen's starting choice. */
const allOf = (kinds: readonly WorkOfKind[]): Selection =>
  Object.fromEntries(kinds.filter((k) => k.items.length > 0).map((k) => [k.kind, k.items.map((i) => i.id)]));

const chosenCount = (selection: Selection) => Object.values(selection).reduce((n, ids) => n + (ids?.length ?? 0), 0);

/**
 * master-configuration/user-reassignment (issue 31 §2): hand one member's open work — groups they head, subjects,
 * formative actions, parent meetings, protocol steps, referrals, forms — to another; choose, preview, apply all or
 * nothing; the history below. `?from=<user id>` opens a member's work (the school-users warning links here).
 */
export default function UserReassignmentPage() {
  const { t } = useTranslation("userReassignment");
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const fromId = Number(params.get("from")) || null;
  const [toId, setToId] = useState<number | null>(null);
  const members = useReassignmentMembers();
  const work = useUserWork(fromId);
  const [selection, setSelection] = useState<Selection>({});
  const preview = usePreview();
  const [done, setDone] = useState<ReassignmentEntry | null>(null);
  const apply = useApplyReassignment({ success: t("done.toast") });

  // A member's work arrives: everything chosen to start with. Another member: start again.
  const workData = work.data;
  useEffect(() => {
    setSelection(workData ? allOf(workData.kinds) : {});
    preview.reset();
  }, [workData, preview.reset]);

  const choose = (next: Selection) => {
    setSelection(next);
    preview.reset();
  };
  const setFrom = (value: string | null) => {
    setDone(null);
    setParams(value ? { from: value } : {}, { replace: true });
    if (value && Number(value) === toId) setToId(null);
  };
  const setTo = (value: string | null) => {
    setToId(value ? Number(value) : null);
    preview.reset();
  };

  const body = fromId && toId ? { from_user_id: fromId, to_user_id: toId, items: selection } : null;
  const from = members.data?.find((m) => m.id === fromId);
  const to = members.data?.find((m) => m.id === toId);
  const runApply = () => {
    if (!body) return;
    void apply.submit(body, (entry) => {
      setDone(entry);
      preview.reset();
    });
  };

  return (
    <MasterConfigurationPage>
      <Text size="sm" c="gray.7">
        {t("intro")}
      </Text>
      <Card title={t("choose.title")}>
        <QueryState query={members} height={80} />
        {members.data && (
          <PeoplePicker members={members.data} fromId={fromId} toId={toId} onFrom={setFrom} onTo={setTo} />
        )}
        {from && !from.is_active && from.open_work > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Text size="sm" c="orange.9">
              {t("choose.orphaned", { name: from.name })}
            </Text>
          </Alert>
        )}
      </Card>

      {done && (
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
          <Stack gap={6}>
            <Text size="sm" fw={700} c="#056b4d">
              {t("done.title")}
            </Text>
            <Text size="sm">{t("done.message", { from: done.from.name, to: done.to.name })}</Text>
            <Text size="sm">{workInWords(t, done.counts)}</Text>
            {workData && workData.user.id === done.from.id && workData.user.open_work === 0 && (
              <Group gap="sm">
                <Text size="sm">{t("done.free", { name: done.from.name })}</Text>
                {access.canOpen("school-users") && (
                  <Anchor component={Link} to={childPath("school-users")} size="sm" fw={600}>
                    {t("done.toUsers")}
                  </Anchor>
                )}
              </Group>
            )}
          </Stack>
        </Alert>
      )}

      {fromId !== null && (
        <Card
          title={t("work.title", { name: work.data?.user.name ?? from?.name ?? "" })}
          description={t("work.description")}
        >
          <QueryState query={work} height={160} />
          {work.data && work.data.user.open_work === 0 && (
            <Text size="sm" c="gray.7">
              {t("work.nothing", { name: work.data.user.name })}
            </Text>
          )}
          {work.data && work.data.user.open_work > 0 && (
            <>
              <WorkPicker kinds={work.data.kinds} selection={selection} onChange={choose} />
              <Group justify="flex-end">
                <Button
                  leftSection={<IconEye size={16} aria-hidden />}
                  disabled={!body || chosenCount(selection) === 0}
                  loading={preview.isPending}
                  onClick={() => body && preview.mutate(body)}
                >
                  {t("preview.button")}
                </Button>
              </Group>
              {preview.isError && (
                <Alert color="red" variant="light" role="alert">
                  {preview.error.message}
                </Alert>
              )}
            </>
          )}
        </Card>
      )}

      {preview.data && to && (
        <PreviewCard
          preview={preview.data}
          canApply={access.can(AREA, "create")}
          busy={apply.busy}
          failure={apply.failure}
          onApply={runApply}
        />
      )}

      <ReassignmentHistoryCard />
    </MasterConfigurationPage>
  );
}

/** The two people: who hands over (any staff member, an inactive one too) and who receives (active staff). */
function PeoplePicker({
  members,
  fromId,
  toId,
  onFrom,
  onTo,
}: {
  members: ReassignmentMember[];
  fromId: number | null;
  toId: number | null;
  onFrom: (value: string | null) => void;
  onTo: (value: string | null) => void;
}) {
  const { t } = useTranslation("userReassignment");
  const label = (m: ReassignmentMember) =>
    [
      m.name,
      m.profile,
      m.is_active ? null : t("choose.inactive"),
      m.open_work > 0 ? t("choose.pending", { count: m.open_work }) : t("choose.none"),
    ]
      .filter(Boolean)
      .join(" · ");
  const fromOptions = members.map((m) => ({ value: String(m.id), label: label(m) }));
  const toOptions = members
    .filter((m) => m.is_active && m.id !== fromId)
    .map((m) => ({ value: String(m.id), label: [m.name, m.profile].filter(Boolean).join(" · ") }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label={t("choose.from")}
        placeholder={t("choose.fromPlaceholder")}
        data={fromOptions}
        value={fromId === null ? null : String(fromId)}
        onChange={onFrom}
        searchable
        clearable
        nothingFoundMessage="—"
      />
      <Select
        label={t("choose.to")}
        placeholder={t("choose.toPlaceholder")}
        data={toOptions}
        value={toId === null ? null : String(toId)}
        onChange={onTo}
        searchable
        clearable
        disabled={fromId === null}
        nothingFoundMessage="—"
      />
    </SimpleGrid>
  );
}

/** The member's open work, kind by kind, each item a checkbox (all chosen to start with). */
function WorkPicker({
  kinds,
  selection,
  onChange,
}: {
  kinds: WorkOfKind[];
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const { t } = useTranslation("userReassignment");
  const set = (kind: WorkOfKind["kind"], ids: string[]) => onChange({ ...selection, [kind]: ids });
  return (
    <Stack gap="lg">
      {kinds
        .filter((k) => k.items.length > 0)
        .map((k) => {
          const chosen = new Set(selection[k.kind] ?? []);
          const all = chosen.size === k.items.length;
          return (
            <Stack key={k.kind} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Text component="legend" fw={700} size="sm" mb={4}>
                {t(`kinds.${k.kind}`)}
              </Text>
              <Group gap="sm" wrap="wrap">
                <Checkbox
                  label={t("work.all", { kind: t(`kinds.${k.kind}`) })}
                  checked={all}
                  indeterminate={chosen.size > 0 && !all}
                  onChange={(e) => set(k.kind, e.currentTarget.checked ? k.items.map((i) => i.id) : [])}
                />
                <Text size="xs" c="gray.7">
                  {t("work.selected", { selected: chosen.size, total: k.items.length })}
                </Text>
              </Group>
              <Stack gap={8} pl={{ base: 0, sm: "md" }}>
                {k.items.map((item) => (
                  <Checkbox
                    key={item.id}
                    checked={chosen.has(item.id)}
                    onChange={(e) =>
                      set(
                        k.kind,
                        e.currentTarget.checked ? [...chosen, item.id] : [...chosen].filter((id) => id !== item.id),
                      )
                    }
                    label={<ItemText item={item} />}
                  />
                ))}
              </Stack>
            </Stack>
          );
        })}
    </Stack>
  );
}
