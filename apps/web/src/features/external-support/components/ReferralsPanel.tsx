import type { ReferralListItem } from "@convive/domain";
import { Anchor, Button, Group, SegmentedControl, Select, Stack, Switch, Text, UnstyledButton } from "@mantine/core";
import { IconCategory, IconHeartHandshake } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { ListSearch } from "../../../components/ListSearch.tsx";
import { type Column, PagedList } from "../../../components/PagedList.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useListParams } from "../../../lib/list-params.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useSupportGroups } from "../api/options.ts";
import { useReferralList } from "../api/referrals.ts";
import { STUDENT_FILE_PARAM, useReferralParam } from "../link.ts";
import { REFERRAL_LIST_STATUSES, REFERRALS_PER_PAGE, type ReferralFilters, statusFilter } from "../list-query.ts";
import { ReferralBadges } from "./ReferralBadges.tsx";
import { ReferralDetailsModal } from "./ReferralDetailsModal.tsx";
import { TrainerTypesModal } from "./TrainerTypesModal.tsx";

/**
 * The school's referrals where counsellors work (the support screen's first tab): open ones by default, due
 * reviews first; filters for status, due reviews, group and a student's name, all in the address. A row opens the
 * referral over the list (`?referral=<id>`, the review reminder's link too).
 */
export function ReferralsPanel() {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  const permissions = useCurrentUser().data?.permissions ?? [];
  const list = useListParams({ q: "", status: "open", due: "", group: "" }, { size: REFERRALS_PER_PAGE });
  const { q, status, due, group } = list.filters;
  const filters: ReferralFilters = {
    q,
    status: statusFilter(status),
    due: due === "true" ? "true" : "",
    group_id: group,
  };
  const referrals = useReferralList(filters, list.page);
  const groups = useSupportGroups();
  const referral = useReferralParam();
  const [types, setTypes] = useState(false);
  // The student's file over this screen shows its own copy of the referral: one dialog at a time.
  const openId = referral.params.has(STUDENT_FILE_PARAM) ? null : referral.id;
  const groupOptions = useMemo(
    () =>
      (groups.data ?? [])
        .map((g) => ({ value: String(g.id), label: g.label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [groups.data],
  );

  const open = (row: ReferralListItem) => referral.open(row.id);
  const columns: Column<ReferralListItem>[] = [
    {
      key: "student",
      header: t("list.student"),
      render: (row) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => open(row)}>
            {row.student.name}
          </Anchor>
          {row.student.group && (
            <Text size="xs" c="gray.7">
              {row.student.group}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: "type",
      header: t("fields.type"),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.trainer_type.label}</Text>
          <Text size="xs" c="gray.7">
            {row.specialist}
          </Text>
        </Stack>
      ),
    },
    { key: "status", header: t("list.status"), render: (row) => <ReferralBadges {...row} /> },
    {
      key: "review",
      header: t("fields.nextReview"),
      render: (row) => (row.next_review_date ? dates.day(row.next_review_date) : t("details.none")),
    },
    {
      key: "responsible",
      header: t("fields.responsible"),
      render: (row) => row.responsible?.name ?? t("details.none"),
    },
  ];
  const card = (row: ReferralListItem) => (
    <UnstyledButton onClick={() => open(row)} w="100%">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" c="institutional.9">
              {row.student.name}
            </Text>
            {row.student.group && (
              <Text size="xs" c="gray.7">
                {row.student.group}
              </Text>
            )}
          </Stack>
          <ReferralBadges {...row} />
        </Group>
        <Text size="sm">
          {row.trainer_type.label} · {row.specialist}
        </Text>
        <Text size="xs" c="gray.7">
          {row.next_review_date ? t("list.reviewOn", { date: dates.day(row.next_review_date) }) : t("list.noReview")}
          {row.responsible ? ` · ${row.responsible.name}` : ""}
        </Text>
      </Stack>
    </UnstyledButton>
  );

  const data = referrals.data;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearch
          listParams={list}
          label={t("list.search")}
          placeholder={t("list.searchPlaceholder")}
          w={{ base: "100%", sm: 260 }}
        />
        {groupOptions.length > 0 && (
          <Select
            label={t("list.group")}
            placeholder={t("list.allGroups")}
            data={groupOptions}
            value={group || null}
            onChange={(value) => list.setFilter("group", value)}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
            w={{ base: "100%", sm: 200 }}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw="var(--mantine-font-weight-medium)" id="referral-status-filter">
            {t("list.status")}
          </Text>
          <SegmentedControl
            aria-labelledby="referral-status-filter"
            value={filters.status}
            onChange={(value) => list.setFilter("status", value)}
            data={REFERRAL_LIST_STATUSES.map((s) => ({ value: s, label: t(`list.${s}`) }))}
          />
        </Stack>
        <Switch
          label={t("list.dueOnly")}
          checked={filters.due === "true"}
          onChange={(e) => list.setFilter("due", e.currentTarget.checked ? "true" : "")}
          mb={8}
        />
        {permissions.includes("external-support.update") && (
          <Button
            variant="default"
            leftSection={<IconCategory size={18} aria-hidden />}
            onClick={() => setTypes(true)}
            ml={{ base: 0, sm: "auto" }}
          >
            {t("types.open")}
          </Button>
        )}
      </Group>
      {!data ? (
        <QueryState query={referrals} />
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={<IconHeartHandshake size={28} />}
          title={list.filtered ? t("list.noMatches") : t("list.emptyTitle")}
          description={list.filtered ? t("list.noMatchesHint") : t("list.emptyHint")}
        />
      ) : (
        <PagedList
          rows={data.items}
          total={data.total}
          page={list.page}
          perPage={REFERRALS_PER_PAGE}
          onPage={list.setPage}
          columns={columns}
          card={card}
          count={t("list.count", { count: data.total })}
          dimmed={referrals.isPlaceholderData}
          minWidth={820}
        />
      )}
      <ReferralDetailsModal id={openId} onClose={referral.close} linkStudent />
      {types && <TrainerTypesModal onClose={() => setTypes(false)} />}
    </Stack>
  );
}
