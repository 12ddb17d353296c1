/// <reference types="node" />
import type { Page, TestInfo } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, type Lang, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 27 §2 and §3: a teacher announces to the families of 3° A, asking them to confirm; a mother of a 3° A
 * student reads it in the Messages tab and taps "Enterado"; the teacher sees "confirmado 1/…" for 3° A and reminds
 * the rest. The Director sets who may start conversations with families. Both languages, phone and desktop.
 */

/** docente@'s group, 3° A Primaria (named with its section in the reader's language, or without it). */
const GROUP = "3° A(?: Primaria| Primary)?";
const MESSAGES = "/notifications?tab=messages";
const SIZE = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } } as const;

async function check(page: Page, testInfo: TestInfo, name: string, width: number) {
  await screenshot(page, `${name}-${width}`, false);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

const panel = (page: Page) => page.getByTestId("announcements-panel");

/** Signs in on the Messages tab and waits for the announcements (a cold first load on busy cores takes a while). */
async function openMessages(page: Page, email: string, lang: Lang) {
  await signInWithStorage(page, email, { language: lang, to: MESSAGES });
  await expect(panel(page).getByRole("heading", { level: 2 })).toBeVisible({ timeout: 30_000 });
}

/**
 * The accounts accept the privacy notice first, through the API: its dialog would otherwise come up over the
 * screen at a busy moment and take the first click.
 */
async function acceptNotice(...emails: string[]) {
  for (const email of emails) {
    const who = await apiLogin(email);
    for (const school of who.user.schools.filter((s) => s.is_active)) {
      await call(`/api/users/${who.userId}`, {
        method: "POST",
        token: who.token,
        schoolId: school.id,
        body: { privacy_notice_viewed: 1 },
      });
    }
  }
}

test("a teacher announces to 3° A asking for confirmation; a mother confirms; the teacher sees it and reminds", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(240_000);
  await acceptNotice(school.docente, school.familia);
  for (const lang of LANGS) {
    // Each language at both widths: the teacher on one, the family on the other.
    const [staffWidth, familyWidth] = lang === "es" ? ([1280, 390] as const) : ([390, 1280] as const);
    const title = lang === "es" ? "Excursión al museo del viernes" : "Friday's museum trip";
    const tr = (key: string, params?: Record<string, string | number>) => t(lang, `announcements:${key}`, params);

    // The teacher (head of 3° A) writes it.
    await resizeTo(page, SIZE[staffWidth]);
    await openMessages(page, school.docente, lang);
    await panel(page)
      .getByRole("button", { name: tr("new") })
      .click();
    const compose = page.getByRole("dialog", { name: tr("compose.title") });
    await compose.getByRole("combobox", { name: tr("compose.audience") }).click();
    await page
      .getByRole("option", { name: new RegExp(`^${GROUP} · `) })
      .first()
      .click();
    await compose.getByRole("textbox", { name: tr("compose.subject") }).fill(title);
    await compose
      .getByRole("textbox", { name: tr("compose.body") })
      .fill(
        lang === "es" ? "Salimos a las 8:00. Traigan gorra y agua." : "We leave at 8:00. Please bring a cap and water.",
      );
    await compose.getByRole("switch", { name: tr("compose.needsConfirmation") }).check();
    await check(page, testInfo, `announcement-compose-${lang}`, staffWidth);
    await compose.getByRole("button", { name: tr("compose.send") }).click();
    await expect(toast(page, tr("compose.sent"))).toBeVisible();

    // The sent announcement opens with its figures: nobody has confirmed yet.
    const sent = page.getByRole("dialog", { name: title });
    await expect(sent.getByTestId("announcement-totals")).toContainText(`${tr("counts.read", { done: 0, total: "" })}`);
    await expect(sent.getByTestId("announcement-totals")).toContainText(tr("counts.confirmed", { done: 0, total: "" }));
    await expect(sent.getByText(new RegExp(`^${tr("to", { audience: GROUP })}$`))).toBeVisible();

    // A mother of a 3° A student: the announcement is new in her Messages tab; she opens it and confirms.
    await resizeTo(page, SIZE[familyWidth]);
    await openMessages(page, school.familia, lang);
    const card = panel(page).getByTestId("announcement-card").filter({ hasText: title });
    await expect(card).toContainText(tr("unread"));
    await check(page, testInfo, `announcement-family-list-${lang}`, familyWidth);
    await card.click();
    const received = page.getByRole("dialog", { name: title });
    await expect(received.getByText(tr("family.askConfirm"))).toBeVisible();
    await check(page, testInfo, `announcement-family-detail-${lang}`, familyWidth);
    await received.getByRole("button", { name: tr("family.confirm"), exact: true }).click();
    await expect(toast(page, tr("family.confirmed"))).toBeVisible();
    await expect(received.getByTestId("announcement-confirmed")).toContainText(
      tr("family.confirmedAt", { date: "" }).trim(),
    );
    await check(page, testInfo, `announcement-family-confirmed-${lang}`, familyWidth);
    // Opening it read it: the "New" mark is gone once the dialog closes.
    await received.getByRole("button", { name: t(lang, "common:actions.close") }).click();
    await expect(received).toBeHidden();
    await expect(card).not.toContainText(tr("unread"));
    await expect(card).toContainText(tr("confirmedBadge"));

    // The teacher sees "confirmado 1/…" for the announcement and for 3° A, and reminds the rest.
    await resizeTo(page, SIZE[staffWidth]);
    await openMessages(page, school.docente, lang);
    const mine = panel(page).getByTestId("announcement-card").filter({ hasText: title });
    const confirmedOne = new RegExp(tr("counts.confirmed", { done: 1, total: "\\d+" }));
    await expect(mine.getByTestId("announcement-counts")).toHaveText(
      new RegExp(`${tr("counts.read", { done: "[1-9]\\d*", total: "\\d+" })} · ${confirmedOne.source}`),
    );
    await check(page, testInfo, `announcement-staff-list-${lang}`, staffWidth);
    await mine.click();
    const detail = page.getByRole("dialog", { name: title });
    const row = detail.getByTestId("announcement-group").filter({ hasText: new RegExp(`^${GROUP}`) });
    await expect(row).toContainText(confirmedOne);
    await expect(detail.getByTestId("announcement-pending")).toBeVisible();
    await check(page, testInfo, `announcement-staff-detail-${lang}`, staffWidth);
    await detail.getByRole("button", { name: tr("remind.button") }).click();
    const ask = page.getByRole("dialog", { name: tr("remind.title") });
    await ask.getByRole("button", { name: tr("remind.confirm") }).click();
    const reminded = ["remind.done_one", "remind.done_other"].map((k) => tr(k, { count: "\\d+" })).join("|");
    await expect(toast(page, new RegExp(reminded))).toBeVisible();
    await expect(ask).toBeHidden();
  }
});

test("the Director sets who may start conversations with families, beside the quiet hours", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  await acceptNotice(school.director);
  const choices: Record<Lang, "scope" | "team"> = { es: "scope", en: "team" };
  for (const lang of LANGS) {
    for (const width of [390, 1280] as const) {
      await resizeTo(page, SIZE[width]);
      await signInWithStorage(page, school.director, {
        language: lang,
        to: "/master-configuration/general-information",
      });
      const card = page.getByRole("region", { name: t(lang, "masterConfiguration:general.familyMessagesTitle") });
      await expect(
        card.getByRole("group", { name: t(lang, "masterConfiguration:general.quietHoursTitle") }),
      ).toBeVisible({ timeout: 30_000 });
      const group = card.getByRole("radiogroup", { name: t(lang, "masterConfiguration:general.messageStartersTitle") });
      await expect(group).toBeVisible();
      if (width === 1280) {
        // Changed and saved once per language; read back after a reload.
        const choice = choices[lang];
        await group
          .getByRole("radio", { name: t(lang, `masterConfiguration:general.messageStarters.${choice}`) })
          .check();
        await page.getByRole("button", { name: t(lang, "common:actions.save") }).click();
        await expect(toast(page, t(lang, "common:messages.saved"))).toBeVisible();
        await page.reload();
        await expect(
          page
            .getByRole("radiogroup", { name: t(lang, "masterConfiguration:general.messageStartersTitle") })
            .getByRole("radio", { name: t(lang, `masterConfiguration:general.messageStarters.${choice}`) }),
        ).toBeChecked();
      }
      await card.scrollIntoViewIfNeeded();
      await check(page, testInfo, `announcement-settings-${lang}`, width);
    }
  }
});
