import { todayIn } from "@convive/domain/core";
import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconAdjustmentsHorizontal,
  IconArchive,
  IconFileSpreadsheet,
  IconFilterOff,
  IconSearch,
} from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { useCurrentUser } from "../../auth/api/current-user.ts";
import { exportArchive, useArchive, useArchiveFilters, usePrefetchArchive } from "../api/archive.ts";
import { FiltersPanel } from "./FiltersPanel.tsx";
import { pageCount, pageRange, studentNameIn, totalLabel } from "./format.ts";
import { ResultsList, ResultsSkeleton } from "./ResultsList.tsx";
import {
  type ArchiveSort,
  activeFilterCount,
  apiQuery,
  archiveSearch,
  clearedFilters,
  type FilterPatch,
  parseArchiveSearch,
  withFilters,
} from "./url.ts";
import { useSearchUpdate } from "./use-search-update.ts";

const SEARCH_DELAY_MS = 350;

/**
 * The archive list (spec §2 archive, design §4): filters and text search kept in the URL, the results as a table
 * (cards on a phone), fast pagination and the XLSX export of what is filtered.
 */
export function ArchiveView({ phone, wide, collapsed }: { phone: boolean; wide: boolean; collapsed: boolean }) {
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const [params] = useSearchParams();
  const update = useSearchUpdate();
  const state = useMemo(() => parseArchiveSearch(params), [params]);
  const user = useCurrentUser().data;
  const grants = useMemo(() => new Set(user?.permissions ?? []), [user]);
  const canPickStudents = grants.has("incidents.create") || grants.has("accompaniment-observations.create");
  const timeZone = useSchoolTimeZone();
  const today = todayIn(timeZone);

  const catalogue = useArchiveFilters();
  const archive = useArchive(apiQuery(state));
  const data = archive.data;

  // The next page is fetched while this one is read.
  const prefetch = usePrefetchArchive();
  const nextQuery =
    data && !archive.isPlaceholderData && state.page < pageCount(data)
      ? apiQuery({ ...state, page: state.page + 1 })
      : null;
  useEffect(() => {
    if (nextQuery) void prefetch(nextQuery);
  }, [nextQuery, prefetch]);

  // Every change reads the URL as it is now (functional update), so quick successive changes never undo each other.
  const apply = useCallback(
    (patch: FilterPatch) =>
      update((current) => archiveSearch(withFilters(parseArchiveSearch(current), patch, catalogue.data), current)),
    [update, catalogue.data],
  );
  const clear = () => update((current) => archiveSearch(clearedFilters(parseArchiveSearch(current)), current));
  const resultsTop = useRef<HTMLDivElement>(null);
  const setPage = (page: number) => {
    update((current) => archiveSearch({ ...parseArchiveSearch(current), page }, current));
    resultsTop.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

  // The search box: typed text goes to the URL after a pause; a change of the URL (back button) comes back to it.
  const [text, setText] = useState(state.q ?? "");
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const lastQ = useRef(state.q ?? "");
  useEffect(() => {
    const q = state.q ?? "";
    if (q !== lastQ.current) {
      lastQ.current = q;
      setText(q);
    }
  }, [state.q]);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const q = debounced.trim();
    if (q === lastQ.current) return;
    lastQ.current = q;
    applyRef.current({ q });
  }, [debounced]);
  const searchNow = () => {
    const q = text.trim();
    if (q === lastQ.current) return;
    lastQ.current = q;
    apply({ q });
  };

  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      await exportArchive(apiQuery(state, false), `${t("export.fileName")}.xlsx`);
    } catch (error) {
      toast("error", error instanceof Error && error.message ? error.message : t("export.failed"));
    } finally {
      setExporting(false);
    }
  };

  const [drawerOpen, setDrawerOpen] = useState(false);
  const active = activeFilterCount(state);
  const onSort = (sort: ArchiveSort) => apply({ sort });

  const filters = (
    <FiltersPanel
      state={state}
      catalogue={catalogue.data}
      onChange={apply}
      canPickStudents={canPickStudents}
      studentName={studentNameIn(data?.incidents, state.student_id)}
      today={today}
      phone={phone || collapsed}
    />
  );
  const clearButton = (
    <Button
      variant="subtle"
      color="gray.8"
      c={active > 0 ? "gray.8" : undefined}
      leftSection={<IconFilterOff size={16} aria-hidden />}
      onClick={clear}
      disabled={active === 0}
    >
      {t("filters.clearAll")}
    </Button>
  );
  const exportButton = (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      loading={exporting}
      onClick={() => void onExport()}
      disabled={!data || data.total === 0}
    >
      {t("export.button")}
    </Button>
  );

  // Below 1100 px the filters open in a drawer from this button, which counts the active ones.
  const filtersButton = (
    <Button
      variant="default"
      leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
      rightSection={
        active > 0 ? (
          <Badge size="sm" circle variant="filled" aria-hidden>
            {active}
          </Badge>
        ) : undefined
      }
      onClick={() => setDrawerOpen(true)}
      aria-label={active > 0 ? t("filters.openWithCount", { count: active }) : t("filters.open")}
      style={phone ? { flex: 1 } : { flexShrink: 0 }}
    >
      {t("filters.title")}
    </Button>
  );

  const searchBox = (
    <TextInput
      label={phone ? undefined : t("search.label")}
      aria-label={phone ? t("search.label") : undefined}
      placeholder={t("search.placeholder")}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") searchNow();
      }}
      type="search"
      maxLength={100}
      style={{ flex: 1, minWidth: 0 }}
    />
  );

  const layout = wide ? "table" : "cards";
  const pages = data ? pageCount(data) : 1;
  const range = data ? pageRange(data) : null;

  let results: React.ReactNode;
  if (archive.isPending) {
    results = <ResultsSkeleton layout={layout} />;
  } else if (archive.isError && !data) {
    results = (
      <Alert color="red" variant="light" role="alert" title={t("results.loadError")}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{archive.error.message}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void archive.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data && data.incidents.length === 0 && (data.total ?? 0) > 0) {
    results = (
      <EmptyState
        icon={<IconArchive size={28} />}
        title={t("results.pastTheEnd")}
        action={<Button onClick={() => setPage(1)}>{t("results.firstPage")}</Button>}
      />
    );
  } else if (data && data.incidents.length === 0) {
    results =
      active > 0 ? (
        <EmptyState
          icon={<IconFilterOff size={28} />}
          title={t("results.noMatches")}
          description={t("results.noMatchesHint")}
          action={<Button onClick={clear}>{t("filters.clearAll")}</Button>}
        />
      ) : (
        <EmptyState icon={<IconArchive size={28} />} title={t("results.empty")} description={t("results.emptyHint")} />
      );
  } else if (data) {
    results = (
      <Box
        style={{ opacity: archive.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }}
        aria-busy={archive.isFetching}
      >
        <ResultsList incidents={data.incidents} timeZone={timeZone} sort={state.sort} onSort={onSort} layout={layout} />
      </Box>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap={phone ? "wrap" : "nowrap"}>
        {searchBox}
        {phone ? (
          <Group gap="xs" w="100%" wrap="nowrap">
            {filtersButton}
            <Box style={{ flex: 1 }}>{exportButton}</Box>
          </Group>
        ) : collapsed ? (
          <>
            {filtersButton}
            {exportButton}
          </>
        ) : (
          exportButton
        )}
      </Group>

      {phone || collapsed ? (
        <Drawer
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          position={phone ? "bottom" : "right"}
          size={phone ? "92%" : "md"}
          title={t("filters.title")}
          styles={{ body: { paddingBottom: 0 } }}
        >
          {filters}
          <Group
            justify="space-between"
            gap="xs"
            py="sm"
            mt="md"
            bg="var(--mantine-color-body)"
            style={{ position: "sticky", bottom: 0, borderTop: "1px solid var(--mantine-color-gray-3)" }}
          >
            {clearButton}
            <Button onClick={() => setDrawerOpen(false)} loading={archive.isFetching && !data}>
              {!data
                ? t("filters.done")
                : data.total === null
                  ? t("filters.showResultsCounting")
                  : t("filters.showResults", { count: data.total, total: totalLabel(data, lang) })}
            </Button>
          </Group>
        </Drawer>
      ) : (
        <Paper withBorder radius="md" p="md" component="section" aria-label={t("filters.title")}>
          {filters}
        </Paper>
      )}

      <div ref={resultsTop} style={{ scrollMarginTop: 80 }}>
        <Group justify="space-between" gap="xs" mb="xs" mih={28}>
          <Text size="sm" c="gray.8" aria-live="polite" aria-atomic="true">
            {data && range
              ? data.total === null
                ? t("results.summaryCounting", range)
                : t("results.summary", {
                    first: range.first,
                    last: range.last,
                    total: totalLabel(data, lang),
                    count: data.total,
                  })
              : ""}
          </Text>
          <Group gap="xs">
            {archive.isFetching && data && <Loader size="xs" aria-label={t("common:loading")} />}
            {active > 0 && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray.8"
                c="gray.8"
                leftSection={<IconFilterOff size={14} aria-hidden />}
                onClick={clear}
              >
                {t("filters.clearAll")}
              </Button>
            )}
          </Group>
        </Group>
        {results}
      </div>

      {data && pages > 1 && (
        <Group justify="center" component="nav" aria-label={t("pager.label")}>
          <Pagination
            total={pages}
            value={state.page}
            onChange={setPage}
            siblings={phone ? 0 : 1}
            boundaries={1}
            getItemProps={(page) => ({
              "aria-label": t("pager.page", { page }),
              "aria-current": page === state.page ? "page" : undefined,
            })}
            getControlProps={(control) => ({ "aria-label": t(`pager.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
