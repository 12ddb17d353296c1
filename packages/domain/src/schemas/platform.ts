import { z } from "zod";

/**
 * GET /api/live-chat: the third-party support chat the signed-in header loads (spec §1), or null when the
 * platform has none (the default). `script_url` already holds the site id where the provider wants it.
 */
export const LiveChatSchema = z.object({ script_url: z.string(), site_id: z.string() }).nullable();
export type LiveChat = z.infer<typeof LiveChatSchema>;
