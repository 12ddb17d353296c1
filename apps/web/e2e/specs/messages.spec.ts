/// <reference types="node" />
import type { Browser, Locator, Page } from "@playwright/test";
import { type ApiSession, apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { acceptPrivacyWhenShown, expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, type Lang, t } from "../support/i18n.ts";
import { socketConnected } from "../support/realtime.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 27 §1 and §3, as a new user would try it: the head teacher of Diego's group messages his family from an
 * incident; his mother, on the Messages tab of her notifications, gets it at once and replies; the teacher, with
 * the conversation open, sees her reply and "Leído por …" without reloading; the orientador opens the same thread
 * from Diego's file and answers, and the mother sees that too. Both languages, phone and desktop widths (the
 * teacher and the mother swap them between the two rounds), axe on every screen.
 */

/** A first load on two busy cores: bundle, user, screen. */
const FIRST_LOAD = { timeout: 20_000 };
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

interface Child {
  id: number;
  name: string;
  group: { id: number } | null;
}

async function acceptPrivacy(who: ApiSession, schoolId: string) {
  await call(`/api/users/${who.userId}`, {
    method: "POST",
    token: who.token,
    schoolId,
    body: { privacy_notice_viewed: 1 },
  });
}

/** Another person's browser (its own storage and socket), at a width, signed in and on `to`. */
async function personPage(browser: Browser, email: string, lang: Lang, phone: boolean, to: string) {
  const context = await browser.newContext({
    viewport: phone ? WIDTHS.phone : WIDTHS.desktop,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await acceptPrivacyWhenShown(page);
  const connected = socketConnected(page);
  await signInWithStorage(page, email, { language: lang, to });
  return { page, connected, close: () => context.close() };
}

/** The conversation dialog ("Mensajes · Diego …") and its parts. */
const conversationDialog = (page: Page, lang: Lang, name: string) =>
  page.getByRole("dialog", { name: new RegExp(literal(t(lang, "messages:details.title", { name }))) });
const thread = (scope: Page | Locator, lang: Lang, name: string) =>
  scope.getByRole("log", { name: t(lang, "messages:thread.label", { name }) });
const bubble = (scope: Locator, text: string) => scope.getByTestId("message").filter({ hasText: text });

function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function write(scope: Locator | Page, lang: Lang, text: string) {
  await scope.getByRole("textbox", { name: t(lang, "messages:composer.label") }).fill(text);
}

test("the teacher messages Diego's family from an incident; the mother replies at once; the orientador answers from the file", async ({
  browser,
  page,
  school,
}, testInfo) => {
  // Three people's first loads per round, two rounds, on two busy cores.
  test.setTimeout(300_000);
  const teacherEmail = school.email("docente9"); // head teacher of 1° A Secundaria, Diego's group
  const counsellorEmail = school.email("orientador1");
  const motherEmail = school.familia;
  const teacher = await apiLogin(teacherEmail);
  const counsellor = await apiLogin(counsellorEmail);
  const mother = await apiLogin(motherEmail);
  for (const who of [teacher, counsellor, mother]) await acceptPrivacy(who, school.id);

  const { data: mine } = await call<{ data: { children: Child[] } }>("/api/my-children", {
    token: mother.token,
    schoolId: school.id,
  });
  const diego = mine.children.find((c) => c.name.startsWith("Diego"))!;
  const teacherAuth = { token: teacher.token, schoolId: school.id };

  // An incident about Diego, registered by his head teacher and shown to the family.
  const { data: options } = await call<{
    data: { categories: { types: { id: number; is_active: boolean }[] }[] };
  }>("/api/incidents/registration-options", teacherAuth);
  const type = options.categories.flatMap((c) => c.types).find((ty) => ty.is_active)!;
  const { data: created } = await call<{ data: { incident: { id: number } } }>("/api/incidents", {
    ...teacherAuth,
    method: "POST",
    body: {
      students: [{ student_id: diego.id, role: "involved" }],
      type_id: type.id,
      detail: "Discusión en el recreo con un compañero; se habló con ambos.",
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      group_id: diego.group?.id ?? null,
      visible_to_family: true,
    },
  });
  const incidentId = created.incident.id;
  const { data: detail } = await call<{ data: { incident: { folio: number } } }>(
    `/api/incidents/${incidentId}`,
    teacherAuth,
  );
  const folio = String(detail.incident.folio);

  for (const [round, lang] of LANGS.entries()) {
    // Round 1: the teacher at a desk, the mother on her phone; round 2 the other way round.
    const teacherPhone = round === 1;
    const stamp = `${lang}-${Date.now()}`;
    const sent =
      lang === "es"
        ? `Hola, hoy Diego tuvo una discusión en el recreo (${stamp}).`
        : `Hello, Diego had an argument at break today (${stamp}).`;
    const reply =
      lang === "es"
        ? `Gracias por avisar, hablaremos con él (${stamp}).`
        : `Thank you for letting us know, we will talk to him (${stamp}).`;
    const answer =
      lang === "es"
        ? `Lo acompañaré mañana en orientación (${stamp}).`
        : `I will see him at counselling tomorrow (${stamp}).`;
    const tag = `${lang}-${teacherPhone ? 390 : 1280}`;

    // The mother waits on the Messages tab of her notifications: one row per child.
    const motherSide = await personPage(browser, motherEmail, lang, !teacherPhone, "/notifications?tab=messages");
    const momPage = motherSide.page;
    const momTab = momPage.getByRole("tab", { name: new RegExp(t(lang, "messages:tab")) });
    await expect(momTab).toHaveAttribute("aria-selected", "true", FIRST_LOAD);
    const momRow = momPage.getByTestId("inbox-row").filter({ hasText: diego.name });
    await expect(momRow).toBeVisible(FIRST_LOAD);
    await motherSide.connected;

    // The teacher, on the incident's details: "Message the family".
    await resizeTo(page, teacherPhone ? WIDTHS.phone : WIDTHS.desktop);
    const teacherConnected = socketConnected(page);
    await signInWithStorage(page, teacherEmail, { language: lang, to: `/incident-details?id=${incidentId}` });
    await page.getByRole("button", { name: t(lang, "messages:incident.send") }).click(FIRST_LOAD);
    const send = page.getByRole("dialog", { name: t(lang, "messages:send.title", { folio }) });
    await expect(send.getByTestId("send-recipients")).toContainText("Gabriela");
    await write(send, lang, sent);
    if (round === 0) await send.getByRole("switch", { name: new RegExp(t(lang, "messages:composer.urgent")) }).check();
    await screenshot(page, `messages-send-${tag}`, false);
    await expectNoViolations(page, testInfo, `messages-send-${tag}`);
    await send.getByRole("button", { name: t(lang, "messages:composer.send") }).click();
    await expect(toast(page, t(lang, "messages:send.done"))).toBeVisible();
    await send.getByRole("button", { name: t(lang, "messages:send.openThread") }).click();
    const teacherDialog = conversationDialog(page, lang, diego.name);
    const teacherThread = thread(teacherDialog, lang, diego.name);
    const mineBubble = bubble(teacherThread, sent);
    await expect(mineBubble.getByTestId("receipt")).toHaveText(t(lang, "messages:receipt.sent"));
    await expect(
      mineBubble.getByRole("link", { name: t(lang, "messages:incident.chipLabel", { folio }) }),
    ).toBeVisible();
    await teacherConnected;

    // The mother gets it at once — no reload: the row says so, the tab carries the badge.
    await expect(momRow).toContainText(sent);
    await expect(momTab.getByTestId("messages-unread")).toBeVisible();
    if (round === 0) await expect(momRow).toContainText(t(lang, "messages:urgent"));
    await screenshot(momPage, `messages-inbox-family-${lang}-${teacherPhone ? 1280 : 390}`);
    await expectNoViolations(momPage, testInfo, `messages-inbox-family-${lang}`);
    if (teacherPhone) await expectNoSidewaysScroll(page, `messages thread ${tag}`);
    else await expectNoSidewaysScroll(momPage, `messages inbox family ${lang}`);

    // She opens it and replies (Ctrl+Enter on the desktop round, the button on the phone).
    await momRow.click();
    const momDialog = conversationDialog(momPage, lang, diego.name);
    const momThread = thread(momDialog, lang, diego.name);
    await expect(bubble(momThread, sent)).toBeVisible();
    if (round === 0) await expect(bubble(momThread, sent).getByText(t(lang, "messages:urgent"))).toBeVisible();
    await write(momDialog, lang, reply);
    if (teacherPhone) {
      await momDialog.getByRole("textbox", { name: t(lang, "messages:composer.label") }).press("Control+Enter");
    } else {
      await momDialog.getByRole("button", { name: t(lang, "messages:composer.send") }).click();
    }
    // Sent — or already read: the teacher has the conversation open, and her screen may mark it read at once.
    const readByTeacher = literal(t(lang, "messages:receipt.readBy", { readers: "" }));
    await expect(bubble(momThread, reply).getByTestId("receipt")).toHaveText(
      new RegExp(`^(${literal(t(lang, "messages:receipt.sent"))}$|${readByTeacher})`),
    );
    // A family may not mark a message urgent.
    await expect(momDialog.getByRole("switch")).toHaveCount(0);
    await screenshot(momPage, `messages-thread-family-${lang}-${teacherPhone ? 1280 : 390}`, false);
    await expectNoViolations(momPage, testInfo, `messages-thread-family-${lang}`);

    // The teacher, still looking at the conversation: her reply and "Read by Gabriela…", without reloading.
    await expect(bubble(teacherThread, reply)).toBeVisible();
    await expect(mineBubble.getByTestId("receipt")).toHaveText(
      new RegExp(`^${literal(t(lang, "messages:receipt.readBy", { readers: "Gabriela" }))}`),
    );
    await screenshot(page, `messages-thread-staff-${tag}`, false);
    await expectNoViolations(page, testInfo, `messages-thread-staff-${tag}`);

    // The incident's details list the message and open its conversation.
    await teacherDialog.getByRole("button", { name: t(lang, "common:actions.close") }).click();
    await expect(page.getByTestId("incident-messages")).toContainText(
      t(lang, "messages:incident.open", { name: diego.name }),
    );

    // The orientador opens Diego's file, its Messages tab: the same thread; answers from there.
    const counsellorSide = await personPage(
      browser,
      counsellorEmail,
      lang,
      teacherPhone,
      `/notifications?student=${diego.id}`,
    );
    const file = counsellorSide.page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });
    await file.getByRole("tab", { name: new RegExp(t(lang, "messages:tab")) }).click(FIRST_LOAD);
    const fileThread = thread(file, lang, diego.name);
    await expect(bubble(fileThread, sent)).toBeVisible();
    await expect(bubble(fileThread, reply)).toBeVisible();
    await write(file, lang, answer);
    await file.getByRole("button", { name: t(lang, "messages:composer.send") }).click();
    await expect(bubble(fileThread, answer).getByTestId("receipt")).toBeVisible();
    await screenshot(counsellorSide.page, `messages-file-${tag}`, false);
    await expectNoViolations(counsellorSide.page, testInfo, `messages-file-${tag}`);

    // The mother, with the conversation still open, reads the orientador's answer as it arrives.
    await expect(bubble(momThread, answer)).toBeVisible();

    // The teacher's inbox: the conversation with the newest message first.
    await page.goto("/notifications?tab=messages");
    const teacherRow = page.getByTestId("inbox-row").filter({ hasText: diego.name });
    await expect(teacherRow).toContainText(answer, FIRST_LOAD);
    await screenshot(page, `messages-inbox-staff-${tag}`);
    await expectNoViolations(page, testInfo, `messages-inbox-staff-${tag}`);

    await counsellorSide.close();
    await motherSide.close();
  }
});
