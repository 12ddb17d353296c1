import { Alert, Box, Button, Group, Loader, Pagination, Stack, Text } from "@mantine/core";
import { IconArchive, IconFilterOff } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import type { useArchive } from "../api/archive.ts";
import type { ArchiveColumn } from "./columns.ts";
import { pageCount, pageRange, totalLabel } from "./format.ts";
import { ResultsList, ResultsSkeleton } from "./ResultsList.tsx";
import type { ArchiveSort, ArchiveState } from "./url.ts";

interface Props {
  archive: ReturnType<typeof useArchive>;
  state: ArchiveState;
  /** How many filters are on (the empty state offers to clear them). */
  active: number;
  onClear: () => void;
  onPage: (page: number) => void;
  onSort: (sort: ArchiveSort) => void;
  layout: "table" | "cards";
  columns: readonly ArchiveColumn[];
  dense: boolean;
  phone: boolean;
  timeZone: string;
}

/** The archive's results: "1–25 de 160 incidencias", the rows (or why there are none) and the pages. */
export function ArchiveResults(props: Props) {
  const { archive, state, active, onClear, layout, phone } = props;
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const data = archive.data;
  const pages = data ? pageCount(data) : 1;
  const range = data ? pageRange(data) : null;
  const top = useRef<HTMLDivElement>(null);
  const setPage = (page: number) => {
    props.onPage(page);
    top.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

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
          action={<Button onClick={onClear}>{t("filters.clearAll")}</Button>}
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
        <ResultsList
          incidents={data.incidents}
          timeZone={props.timeZone}
          sort={state.sort}
          onSort={props.onSort}
          layout={layout}
          columns={props.columns}
          dense={props.dense}
        />
      </Box>
    );
  }

  return (
    <>
      <div ref={top} style={{ scrollMarginTop: 80 }}>
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
                onClick={onClear}
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
    </>
  );
}
