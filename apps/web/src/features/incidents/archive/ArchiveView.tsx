import { todayIn } from "@convive/domain/core";
import { Badge, Box, Button, Drawer, Group, Paper, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconFileSpreadsheet, IconFilterOff, IconSearch } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { exportArchive, useArchive, useArchiveFilters, usePrefetchArchive } from "../api/archive.ts";
import { ArchiveResults } from "./ArchiveResults.tsx";
import { ColumnsMenu } from "./ColumnsMenu.tsx";
import { useArchiveColumns } from "./columns.ts";
import { FiltersPanel, QUICK_FILTERS } from "./FiltersPanel.tsx";
import { pageCount, studentNameIn, totalLabel } from "./format.ts";
import { LinkFilters } from "./LinkFilters.tsx";
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
 * (cards on a phone) with the columns the reader chooses, fast pagination and the XLSX export of what is filtered.
 * Every filter is in a drawer behind "Filtros"; from 1100 px the most used ones also stay in view in one row, and
 * the rows keep to one line per text, so a laptop shows eight and more above the fold (issue 12 §8).
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
  const setPage = (page: number) =>
    update((current) => archiveSearch({ ...parseArchiveSearch(current), page }, current));
  const columns = useArchiveColumns(user?.id ?? null, collapsed);

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

  const filters = (quick: boolean) => (
    <FiltersPanel
      state={state}
      catalogue={catalogue.data}
      onChange={apply}
      canPickStudents={canPickStudents}
      studentName={studentNameIn(data?.incidents, state.student_id)}
      today={today}
      phone={!quick}
      only={quick ? QUICK_FILTERS : undefined}
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

  // Every filter opens in a drawer from this button, which counts the active ones.
  const filtersButton = (
    <Button
      variant="default"
      leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
      onClick={() => setDrawerOpen(true)}
      aria-label={active > 0 ? t("filters.openWithCount", { count: active }) : t("filters.open")}
      style={phone ? { flex: 1 } : { flexShrink: 0 }}
    >
      {/* "Filtros 2": the visible words in the name, in order ("Abrir filtros: 2 activos"; WCAG 2.5.3). */}
      {t("filters.title")}
      {active > 0 && (
        <>
          {" "}
          <Badge size="sm" circle variant="filled" ml={8} aria-hidden>
            {active}
          </Badge>
        </>
      )}
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
  const columnsMenu = wide && (
    <ColumnsMenu visible={columns.visible} chosen={columns.chosen} onChoose={columns.choose} onReset={columns.reset} />
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap={phone ? "wrap" : "nowrap"}>
        {searchBox}
        {phone ? (
          <Group gap="xs" w="100%" wrap="nowrap">
            {filtersButton}
            <Box style={{ flex: 1 }}>{exportButton}</Box>
          </Group>
        ) : (
          <>
            {filtersButton}
            {columnsMenu}
            {exportButton}
          </>
        )}
      </Group>

      <Drawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        position={phone ? "bottom" : "right"}
        size={phone ? "92%" : "md"}
        title={t("filters.title")}
        styles={{ body: { paddingBottom: 0 } }}
      >
        {filters(false)}
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
      {!phone && !collapsed && (
        <Paper withBorder radius="md" px="md" py="sm" component="section" aria-label={t("filters.title")}>
          {filters(true)}
        </Paper>
      )}

      <LinkFilters state={state} onChange={apply} />
      <ArchiveResults
        archive={archive}
        state={state}
        active={active}
        onClear={clear}
        onPage={setPage}
        onSort={onSort}
        layout={layout}
        columns={columns.visible}
        dense={!collapsed}
        phone={phone}
        timeZone={timeZone}
      />
    </Stack>
  );
}
