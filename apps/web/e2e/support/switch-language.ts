import { expect, type Page, type Request } from "@playwright/test";
import type { Lang } from "./i18n.ts";

/** Every request of the page but the realtime channel's long polls, which stay open by design. */
const isAppCall = (request: Request) => !new URL(request.url()).pathname.startsWith("/socket.io/");

/**
 * Switches the interface language where the person would: the ES/EN menu the header (and the sign-in card) shows
 * on every screen, which re-renders at once, saves the choice on the account and reads the server's texts again
 * (src/lib/change-language.ts). Resolves once the page is in `lang` and the calls that followed have answered.
 * False when the screen has no language menu (the caller then opens it again in `lang`).
 */
export async function switchLanguageInPlace(page: Page, lang: Lang): Promise<boolean> {
  const pending = new Set<Request>();
  const started = (request: Request) => {
    if (isAppCall(request)) pending.add(request);
  };
  const ended = (request: Request) => pending.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    // Through the DOM rather than a click: on a phone the menu sits in the header behind the open drawer or dialog
    // (inert there for the person, who would close it first); React reads the change event all the same.
    const switched = await page.evaluate((target) => {
      const menu = [...document.querySelectorAll("select")].find((select) => {
        const values = [...select.options].map((o) => o.value).sort();
        return values.join() === "en,es";
      });
      if (!menu) return false;
      const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set;
      setValue?.call(menu, target);
      menu.dispatchEvent(new Event("change", { bubbles: true }));
      return true;
    }, lang);
    if (!switched) return false;
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    // The language's texts loaded, the account's language saved, then every query read again: nothing in flight
    // for three looks in a row, 100 ms apart.
    let quiet = 0;
    await expect
      .poll(
        () => {
          quiet = pending.size === 0 ? quiet + 1 : 0;
          return quiet >= 3;
        },
        { intervals: [100], timeout: 20_000 },
      )
      .toBe(true);
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    return true;
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}
