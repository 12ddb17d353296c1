/// <reference types="node" />
import type { Page } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations } from "../support/axe.ts";
import { SCREENSHOTS_DIR } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { type Lang, t } from "../support/i18n.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 28: the counsellor refers Diego to an external specialist (his mother consented) and finds it on the support
 * screen; the 3° A teacher registering an incident sees the marker beside Sofía and, in one click, her adjustments
 * but not her condition; the mother acknowledges a carta compromiso from her phone. Both languages, phone and desktop.
 */

const SIZE = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } } as const;
const FIRST_LOAD = { timeout: 30_000 };

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

/** The mother's children (Sofía, Diego) by first name, from her own session. */
async function children(familia: string) {
  const who = await apiLogin(familia);
  const schoolId = who.user.schools[0]!.id;
  const { data } = await call<{ data: { children: { id: number; first_name: string; name: string }[] } }>(
    "/api/my-children",
    {
      token: who.token,
      schoolId,
    },
  );
  return Object.fromEntries(data.children.map((c) => [c.first_name, c]));
}

async function check(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], name: string, width: number) {
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}-${width}.png` });
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

test("the counsellor refers Diego with his mother's consent and follows it on the support screen", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(180_000);
  const counsellor = school.email("orientador1");
  await acceptNotice(counsellor);
  const kids = await children(school.familia);
  const diego = kids.Diego!;
  for (const [lang, width] of [
    ["es", 1280],
    ["en", 390],
  ] as const) {
    const tr = (key: string, params?: Record<string, string | number>) => t(lang, `externalSupport:${key}`, params);
    await page.setViewportSize(SIZE[width]);
    await signInWithStorage(page, counsellor, {
      language: lang,
      to: `/support?student=${diego.id}&fileTab=external-support`,
    });
    const file = page.getByRole("dialog").filter({ has: page.getByRole("tab", { name: new RegExp(tr("tab.label")) }) });
    await expect(file.getByRole("tab", { name: new RegExp(tr("tab.label")) })).toHaveAttribute(
      "aria-selected",
      "true",
      FIRST_LOAD,
    );
    await file.getByRole("button", { name: tr("tab.new") }).click();
    const form = page.getByRole("dialog", { name: tr("form.title", { name: diego.name }) });
    await form.getByRole("combobox", { name: tr("form.type") }).click();
    await page.getByRole("option", { name: lang === "es" ? "Psicólogo" : "Psychologist" }).click();
    await form.getByRole("textbox", { name: tr("form.specialist") }).fill(`Psic. Laura Núñez ${lang}`);
    await form.getByRole("textbox", { name: tr("form.reason") }).fill("Manejo de la frustración en clase.");
    await form.getByLabel(tr("form.review")).fill("2027-01-15");
    await check(page, testInfo, `support-new-referral-${lang}`, width);
    await form.getByRole("button", { name: tr("form.submit") }).click();
    await expect(toast(page, tr("form.created"))).toBeVisible();
    // The new referral opens: a follow-up entry, then it is on the support screen's list.
    const details = page.getByRole("dialog", { name: `${tr("details.title")} · ${diego.name}` });
    await expect(details.getByText(`Psic. Laura Núñez ${lang}`)).toBeVisible();
    await details.getByRole("textbox", { name: tr("details.newEntry") }).fill("Primera cita agendada.");
    await details.getByRole("button", { name: tr("details.add") }).click();
    await expect(details.getByText("Primera cita agendada.")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.goto("/support");
    const list = page.getByRole("table", { name: tr("list.title") });
    await expect(list.getByRole("row").filter({ hasText: `Psic. Laura Núñez ${lang}` })).toBeVisible(FIRST_LOAD);
    await check(page, testInfo, `support-screen-${lang}`, width);
  }
});

test("the 3° A teacher sees Sofía's adjustments from the marker, never her condition", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(180_000);
  await acceptNotice(school.docente);
  const kids = await children(school.familia);
  const sofia = kids.Sofía!;
  for (const [lang, width] of [
    ["en", 1280],
    ["es", 390],
  ] as const) {
    const tr = (key: string, params?: Record<string, string | number>) => t(lang, `inclusion:${key}`, params);
    await page.setViewportSize(SIZE[width]);
    await signInWithStorage(page, school.docente, { language: lang, to: "/register" });
    const form = page.getByRole("main").getByRole("form", { name: t(lang, "registration:incidentForm"), exact: true });
    await expect(form).toBeVisible(FIRST_LOAD);
    const option = form
      .getByRole("list", { name: t(lang, "registration:students.results") })
      .getByRole("checkbox", { name: new RegExp(`^${sofia.name}`) });
    // The form keeps its draft across sign-ins: she may be ticked already.
    if (!(await option.isChecked())) await option.click();
    await expect(option).toBeChecked();
    const marker = form.getByRole("button", { name: tr("marker.label", { name: sofia.name }) });
    await marker.click();
    const adjustments = page.getByRole("dialog", { name: tr("marker.title", { name: sofia.name }) });
    await expect(adjustments.getByText(/18 pt/)).toBeVisible();
    await expect(adjustments).not.toContainText(/Baja visión|miopía|Visual/);
    await check(page, testInfo, `support-adjustments-${lang}`, width);
    await page.keyboard.press("Escape");
  }
});

test("the mother acknowledges a carta compromiso from her phone", async ({ page, school }, testInfo) => {
  test.setTimeout(180_000);
  const counsellor = school.email("orientador1");
  await acceptNotice(counsellor, school.familia);
  const kids = await children(school.familia);
  const sofia = kids.Sofía!;
  // The counsellor opens a conditioned enrollment for Sofía (through the API: the form is tried above).
  const who = await apiLogin(counsellor);
  await call(`/api/students/${sofia.id}/conditioned-enrollments`, {
    method: "POST",
    token: who.token,
    schoolId: school.id,
    body: { reasons: ["academic"], commitments: ["Entregar las tareas a tiempo.", "Asistir a asesorías los martes."] },
  });
  const lang: Lang = "es";
  const tr = (key: string) => t(lang, `inclusion:${key}`);
  await page.setViewportSize(SIZE[390]);
  await signInWithStorage(page, school.familia, {
    language: lang,
    to: `/notifications?student=${sofia.id}&fileTab=inclusion`,
  });
  const card = page.getByTestId("inclusion-enrollment").filter({ hasText: "Entregar las tareas a tiempo." });
  await expect(card).toBeVisible(FIRST_LOAD);
  await check(page, testInfo, "support-family-letter", 390);
  await card.getByRole("textbox", { name: tr("letter.comment") }).fill("De acuerdo, gracias.");
  await card.getByRole("button", { name: tr("letter.acknowledge") }).click();
  await expect(toast(page, tr("letter.acknowledged"))).toBeVisible();
  await expect(card.getByText(/De acuerdo, gracias/)).toBeVisible();
  await expect(card.getByRole("button", { name: tr("letter.acknowledge") })).toHaveCount(0);
});
