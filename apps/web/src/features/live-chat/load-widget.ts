import type { LiveChat } from "@convive/domain";

/** Marks the one script element the widget gets, so remounting the header never loads it twice. */
const MARK = "data-convive-live-chat";

/**
 * Adds the chat provider's script to the page once: async, with this page's CSP nonce (providers that add
 * scripts or styles of their own can reuse it), and the site id where providers look for it — a `data-site-id`
 * attribute and `window.CONVIVE_LIVE_CHAT_SITE_ID`. Returns the element (new or already there).
 */
export function loadLiveChat(chat: NonNullable<LiveChat>, nonce: string | undefined, doc: Document = document) {
  const present = doc.querySelector<HTMLScriptElement>(`script[${MARK}]`);
  if (present) return present;
  (doc.defaultView as (Window & { CONVIVE_LIVE_CHAT_SITE_ID?: string }) | null)!.CONVIVE_LIVE_CHAT_SITE_ID =
    chat.site_id;
  const script = doc.createElement("script");
  script.async = true;
  script.src = chat.script_url;
  script.setAttribute(MARK, "");
  script.dataset.siteId = chat.site_id;
  if (nonce) script.nonce = nonce;
  doc.head.append(script);
  return script;
}
