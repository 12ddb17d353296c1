import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface HelpVideo {
  id: number;
  title: string;
  video_url: string;
  screen_url: string;
  language: string;
}

export const fetchHelpVideos = (url: string, language: string) =>
  api<{ data: { helpVideos: HelpVideo[] } }>("/api/jitscore-modules/videos-by-url", {
    method: "POST",
    body: { url, language },
  }).then((r) => r.data.helpVideos);

/** The help videos attached to a screen (spec §7 videos-by-url), in the reader's language. */
export function useHelpVideos(url: string, language: string, enabled: boolean) {
  return useQuery({
    queryKey: ["help-videos", url.toLowerCase(), language],
    queryFn: () => fetchHelpVideos(url, language),
    enabled,
    staleTime: 5 * 60_000,
  });
}
