import { afterEach, describe, expect, it } from "vitest";
import { loadLiveChat } from "./load-widget.ts";

const CHAT = { script_url: "https://chat.example.com/widget/site-42.js", site_id: "site-42" };

afterEach(() => {
  for (const s of document.querySelectorAll("script")) s.remove();
});

describe("live-chat widget", () => {
  it("adds the provider's script once, async, with the page's nonce and the site id", () => {
    const script = loadLiveChat(CHAT, "n0nce");
    expect(script.src).toBe(CHAT.script_url);
    expect(script.async).toBe(true);
    expect(script.nonce).toBe("n0nce");
    expect(script.dataset.siteId).toBe("site-42");
    expect((window as Window & { CONVIVE_LIVE_CHAT_SITE_ID?: string }).CONVIVE_LIVE_CHAT_SITE_ID).toBe("site-42");

    // The header mounting again (a new screen, a school switch) does not load a second copy.
    expect(loadLiveChat(CHAT, "other")).toBe(script);
    expect(document.head.querySelectorAll("script")).toHaveLength(1);
  });
});
