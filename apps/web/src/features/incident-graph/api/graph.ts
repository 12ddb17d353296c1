import type { GraphOptions, GraphPairs, GraphSeries } from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";

/**
 * The incident graph's calls (GET /api/incident-graph/options, /series, /pairs). Labels come in the reader's
 * language, so the language is part of every key; figures are at most a minute old (issue 14 §5).
 */
const graphKey = (schoolId: string | null, language: string) => ["incident-graph", schoolId, language] as const;

function useGraphQuery<T>(path: string, query: string, enabled = true) {
  const { schoolId } = useSession();
  const language = useTranslation().i18n.resolvedLanguage ?? "es";
  return useQuery<T, Error, T>({
    queryKey: [...graphKey(schoolId, language), path, query],
    queryFn: ({ signal }) =>
      api<{ data: T }>(`/api/incident-graph/${path}${query ? `?${query}` : ""}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** Today, the current year with its periods and the default range. */
export const useGraphOptions = () => useGraphQuery<GraphOptions>("options", "");
/** Incidents per day, week or month, stacked. */
export const useGraphSeries = (query: string, enabled = true) => useGraphQuery<GraphSeries>("series", query, enabled);
/** The co-occurrence map: students, pairs and communities. */
export const useGraphPairs = (query: string, enabled = true) => useGraphQuery<GraphPairs>("pairs", query, enabled);
