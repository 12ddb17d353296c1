import type { Archive, ArchiveCount, ArchiveFilters, FormativeAction } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { sortActions } from "../archive/format.ts";
import { type ActionsFilter, type ActionsScope, actionStatesToFetch, countQuery } from "../archive/url.ts";

/**
 * The archive's calls (GET /api/incidents, /filters, /export) and the formative actions' follow-up list. The
 * details view has its own api.ts in ./details; both sit under the ["incidents", school] prefix so a change
 * there can refresh the archive with one invalidation.
 */
export const incidentsKey = (schoolId: string | null) => ["incidents", schoolId] as const;

/** A page asked with count=later: the server answers the page first and leaves a costly count to /count. */
export const fetchArchive = (query: string, signal?: AbortSignal) =>
  api<{ data: Archive }>(`/api/incidents?${query ? `${query}&` : ""}count=later`, { signal }).then((r) => r.data);

/**
 * One page of the archive; the previous page stays on screen while the next one loads. When the page came
 * without its total (a large set, found without counting), the count follows on its own call and fills it in;
 * it is kept per filters, so paging through them counts once.
 */
export function useArchive(query: string, enabled = true) {
  const { schoolId } = useSession();
  const page = useQuery({
    queryKey: [...incidentsKey(schoolId), "archive", query],
    queryFn: ({ signal }) => fetchArchive(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
  const filters = countQuery(query);
  const counted = useQuery({
    queryKey: [...incidentsKey(schoolId), "archive-count", filters],
    queryFn: ({ signal }) =>
      api<{ data: ArchiveCount }>(`/api/incidents/count${filters ? `?${filters}` : ""}`, { signal }).then(
        (r) => r.data,
      ),
    staleTime: 15_000,
    enabled: enabled && page.data?.total === null && !page.isPlaceholderData,
  });
  const data = useMemo(
    () => (page.data && page.data.total === null && counted.data ? { ...page.data, ...counted.data } : page.data),
    [page.data, counted.data],
  );
  return { ...page, data };
}

/** Loads a page before it is asked for (the next one while the user reads the current), so paging is instant. */
export function usePrefetchArchive() {
  const { schoolId } = useSession();
  const client = useQueryClient();
  return useCallback(
    (query: string) =>
      client.prefetchQuery({
        queryKey: [...incidentsKey(schoolId), "archive", query],
        queryFn: ({ signal }) => fetchArchive(query, signal),
        staleTime: 15_000,
      }),
    [client, schoolId],
  );
}

/**
 * The values of the filters (categories and types, structure, subjects, recorders) within the caller's scope;
 * group labels come in the reader's language, so a language switch asks again.
 */
export function useArchiveFilters() {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  return useQuery({
    queryKey: [...incidentsKey(schoolId), "archive-filters", language],
    queryFn: () => api<{ data: ArchiveFilters }>("/api/incidents/filters").then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** Downloads the filtered list as XLSX (same filters and scope as the list; columns in the user's language). */
export async function exportArchive(query: string, fallbackName: string) {
  const file = await download(`/api/incidents/export${query ? `?${query}` : ""}`, {
    // A large export takes a while to build: the long (phone) time-out everywhere.
    timeoutMs: REQUEST_TIMEOUT_MS.mobile,
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fetchActions = (scope: ActionsScope, state: string | undefined, signal?: AbortSignal) =>
  api<{ data: { formative_actions: FormativeAction[] } }>(
    `/api/formative-actions?scope=${scope}${state ? `&state=${state}` : ""}`,
    { signal },
  ).then((r) => r.data.formative_actions);

/**
 * Formative actions to follow up: the caller's own (scope mine) or all they may see; the default view ("open")
 * joins the overdue and the pending ones. Overdue first, then by the next date due.
 */
export function useFormativeActions(scope: ActionsScope, filter: ActionsFilter, enabled = true) {
  const { schoolId } = useSession();
  return useQuery({
    queryKey: [...incidentsKey(schoolId), "formative-actions", scope, filter],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(actionStatesToFetch(filter).map((s) => fetchActions(scope, s, signal)));
      const seen = new Set<number>();
      return sortActions(lists.flat().filter((a) => !seen.has(a.id) && seen.add(a.id)));
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}
