import type { LiveChat as LiveChatSettings } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api.ts";
import { cspNonce } from "../../lib/csp-nonce.ts";
import { loadLiveChat } from "./load-widget.ts";

/**
 * The platform's support chat (spec §1), loaded when the header mounts — only when the platform set one
 * (GET /api/live-chat answers null by default). Renders nothing itself: the provider's script draws its widget.
 */
export function LiveChat() {
  const { data } = useQuery({
    queryKey: ["live-chat"],
    queryFn: () => api<{ data: LiveChatSettings }>("/api/live-chat").then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data) loadLiveChat(data, cspNonce);
  }, [data]);
  return null;
}
