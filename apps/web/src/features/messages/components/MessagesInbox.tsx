import { ROLE_FAMILIAR } from "@convive/domain/core";
import { Button, Center, Group, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { IconMessageSearch, IconMessages } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { ListSearch } from "../../../components/ListSearch.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useArchiveFilters } from "../../incidents/index.ts";
import { type InboxFilters, useInbox } from "../api/inbox.ts";
import { threadInSearch, withThread } from "../link.ts";
import { useMessagesLive } from "../realtime.ts";
import { ConversationModal } from "./ConversationModal.tsx";
import classes from "./Inbox.module.css";
import { InboxRow } from "./InboxRow.tsx";

const FILTERS = ["all", "unread", "urgent"] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The Messages tab's conversations (issue 27 §3): staff see the threads of their scope, filtered by unread,
 * urgent, group and a search over names and text; a family sees one row per child, even before the first
 * message. The filters live in the address (a reload or Back shows the same list); `thread=<student>` opens that
 * conversation over the list.
 */
export function MessagesInbox() {
  const { t } = useTranslation("messages");
  const user = useCurrentUser().data;
  const family = user?.roles?.[0]?.name === ROLE_FAMILIAR;
  const canFilterGroups =
    !family && (user?.permissions ?? []).some((p) => p === "incidents.read" || p === "incidents.search");
  const list = useListParams({ filter: "all", group: "", q: "" });
  const { search } = useLocation();
  const navigate = useNavigate();
  useMessagesLive();

  const filter: Filter = (FILTERS as readonly string[]).includes(list.filters.filter)
    ? (list.filters.filter as Filter)
    : "all";
  const groupId = /^[1-9]\d{0,9}$/.test(list.filters.group) ? Number(list.filters.group) : null;
  const filters: InboxFilters = family
    ? { filter: "all", group_id: null, q: "" }
    : { filter, group_id: groupId, q: list.filters.q };
  const inbox = useInbox(filters);
  const items = inbox.data?.pages.flatMap((page) => page.conversations) ?? [];
  const open = threadInSearch(search);

  return (
    <Stack gap="md" maw={860}>
      {!family && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch
            listParams={list}
            label={t("inbox.search.label")}
            placeholder={t("inbox.search.placeholder")}
            w={{ base: "100%", sm: 280 }}
          />
          {canFilterGroups && <GroupFilter value={list.filters.group} onChange={(v) => list.setFilter("group", v)} />}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="messages-filter-label">
              {t("inbox.filter.label")}
            </Text>
            <SegmentedControl
              aria-labelledby="messages-filter-label"
              value={filter}
              onChange={(value) => list.setFilter("filter", value)}
              data={FILTERS.map((value) => ({ value, label: t(`inbox.filter.${value}`) }))}
            />
          </Stack>
        </Group>
      )}
      {inbox.isPending || inbox.isError ? (
        <QueryState query={inbox} height={280} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={list.filtered ? <IconMessageSearch size={28} /> : <IconMessages size={28} />}
          title={list.filtered ? t("inbox.emptyFiltered.title") : t("inbox.empty.title")}
          description={
            list.filtered ? t("inbox.emptyFiltered.body") : t(family ? "inbox.empty.family" : "inbox.empty.staff")
          }
        />
      ) : (
        <Stack gap="sm">
          <ul className={classes.list} aria-label={t("inbox.label")} aria-busy={inbox.isPlaceholderData || undefined}>
            {items.map((item) => (
              <InboxRow key={item.student.id} item={item} to={withThread(search, item.student.id)} />
            ))}
          </ul>
          {inbox.hasNextPage && (
            <Center>
              <Button variant="default" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
                {t("inbox.loadMore")}
              </Button>
            </Center>
          )}
        </Stack>
      )}
      {open !== null && (
        <ConversationModal studentId={open} onClose={() => void navigate({ search: withThread(search, null) })} />
      )}
    </Stack>
  );
}

/** The groups of the reader's scope (the archive's filter values: the current year's groups they may see). */
function GroupFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const { t } = useTranslation("messages");
  const groups = useArchiveFilters().data?.groups ?? [];
  return (
    <Select
      label={t("inbox.group.label")}
      placeholder={t("inbox.group.all")}
      data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
      value={value || null}
      onChange={(next) => onChange(next)}
      clearable
      clearButtonProps={{ "aria-label": t("inbox.group.clear") }}
      searchable
      comboboxProps={{ withinPortal: true }}
      w={{ base: "100%", sm: 220 }}
    />
  );
}
