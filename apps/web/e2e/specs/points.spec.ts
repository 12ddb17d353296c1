/// <reference types="node" />
import type { Page } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 13 §3, recognition points: a teacher gives points from a student's file (the Points tab shows the balances
 * and the ledger with each entry's source, who and when); a family sees their own children's Points tab with what
 * families are shown — and no other child's.
 *
 * The group's panel (GroupPointsPanel) lives in the ratings screen's "Puntos" tab: the teacher selects her whole
 * group and awards it at once; the balances are by name, never a ranking.
 */

interface Entry {
  source: string;
  points: number;
  visible_to_family: boolean;
  reason: { name_es: string };
}
interface Ledger {
  student: { id: number; name: string };
  balances: { period: number | null; year: number | null; balance: number };
  entries: Entry[];
}

const fileDialog = (page: Page) => page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");

async function childrenOf(familia: string, schoolId: string) {
  const family = await apiLogin(familia);
  const { data } = await call<{ data: { children: { id: number; name: string; first_name: string }[] } }>(
    "/api/my-children",
    { token: family.token, schoolId },
  );
  return data.children;
}

interface GroupView {
  group: { id: number; name: string };
  students: { id: number; name: string; period: number | null; year: number | null; balance: number }[];
}

test("a teacher awards points to her whole group at once from the ratings screen's Points tab", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  const sofia = (await childrenOf(school.familia, school.id)).find((c) => c.first_name === "Sofía")!;
  const docente = await apiLogin(school.docente);
  const auth = { token: docente.token, schoolId: school.id };
  const groupId = await groupOf(auth, sofia.id);
  // In the screen's language: the group's name carries its level's name in that language ("3° A Primary").
  const viewOf = async (lang: "es" | "en") =>
    (await call<{ data: { points: GroupView } }>(`/api/groups/${groupId}/points`, { ...auth, lang })).data.points;

  let round = 0;
  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      round++;
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, school.docente, { language: lang, to: `/ratings?group=${groupId}` });
      const before = await viewOf(lang);
      await page.getByRole("tab", { name: t(lang, "ratings:tabs.points") }).click({ timeout: 20_000 });
      const panel = page.getByRole("region", { name: t(lang, "points:group.label", { group: before.group.name }) });
      await expect(panel).toBeVisible({ timeout: 20_000 });
      // By name, as the server sorts them: never by points.
      const names = before.students.map((st) => st.name);
      await expect(panel.getByRole("link", { name: /./ })).toHaveText(names);
      await panel.getByRole("checkbox", { name: t(lang, "points:group.selectAll") }).check();
      await expect(panel.getByText(t(lang, "points:group.selected_other", { count: names.length }))).toBeVisible();
      await panel.getByRole("button", { name: t(lang, "points:actions.award") }).click();
      const form = page.getByRole("dialog", {
        name: t(lang, "points:dialog.awardTitle_other", { count: names.length }),
      });
      await expect(form).toBeVisible();
      await expect(
        form.getByText(t(lang, "points:dialog.wholeGroup", { group: before.group.name, count: names.length })),
      ).toBeVisible();
      await form.getByLabel(t(lang, "points:dialog.points")).fill("2");
      await form.getByLabel(t(lang, "points:dialog.reason")).fill(`Trabajo en equipo en la feria (${round})`);
      await form.getByRole("button", { name: t(lang, "points:dialog.submitAward") }).click();
      await expect(
        toast(page, t(lang, "points:dialog.awarded_other", { points: 2, count: names.length })),
      ).toBeVisible();
      await expect(form).toBeHidden();
      const after = await viewOf(lang);
      expect(after.students.map((st) => st.balance)).toEqual(before.students.map((st) => st.balance + 2));
      // The table (or the phone's cards) shows the new balances.
      const first = after.students[0]!;
      await expect(panel.getByText(signed(first.balance)).first()).toBeVisible();
      await screenshot(page, `points-group-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `points-group-${lang}`);
    }
  }
});

test("a teacher awards points to a student of her group from the student's file", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  const sofia = (await childrenOf(school.familia, school.id)).find((c) => c.first_name === "Sofía")!;
  const docente = await apiLogin(school.docente);
  const auth = { token: docente.token, schoolId: school.id };
  const ledgerOf = async () =>
    (await call<{ data: { points: Ledger } }>(`/api/students/${sofia.id}/points`, auth)).data.points;

  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, school.docente, { language: lang, to: `/notifications?student=${sofia.id}` });
      const dialog = fileDialog(page);
      // A first sign-in of the copy accepts the privacy notice first (the fixture does), on a busy machine slowly.
      await expect(dialog.getByRole("heading", { name: sofia.name })).toBeVisible({ timeout: 20_000 });
      const before = await ledgerOf();
      const tab = dialog.getByRole("tab", { name: new RegExp(t(lang, "points:tab")) });
      // The tab's badge is the balance (issue 26 §2: one figure, the same for every reader).
      await expect(tab).toContainText(signed(before.balances.balance));
      await tab.click();
      await expect(dialog.getByTestId("points-balance")).toContainText(signed(before.balances.balance));
      // Every entry shows its source, with who and when.
      const list = dialog.getByRole("list", { name: t(lang, "points:ledger.label") });
      await expect(list.getByRole("listitem")).toHaveCount(before.entries.length);
      await expect(list.getByText(t(lang, "points:sources.observation")).first()).toBeVisible();

      // Award 3 points with a reason of this round.
      const reason = `Ayudó a organizar el salón (${lang} ${width})`;
      await dialog.getByRole("button", { name: t(lang, "points:actions.award") }).click();
      const form = page.getByRole("dialog", { name: t(lang, "points:dialog.awardTitle_one", { name: sofia.name }) });
      await expect(form).toBeVisible();
      await form.getByLabel(t(lang, "points:dialog.points")).fill("3");
      await form.getByLabel(t(lang, "points:dialog.reason")).fill(reason);
      await screenshot(page, `points-award-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `points-award-${lang}`);
      await form.getByRole("button", { name: t(lang, "points:dialog.submitAward") }).click();
      await expect(
        toast(page, t(lang, "points:dialog.awarded_one", { points: 3, name: sofia.name, count: 1 })),
      ).toBeVisible();
      await expect(form).toBeHidden();
      await expect(dialog.getByTestId("points-balance")).toContainText(signed(before.balances.balance + 3));
      const entry = list.getByRole("listitem").filter({ hasText: reason });
      await expect(entry).toContainText("+3");
      await expect(entry).toContainText(t(lang, "points:sources.award"));
      await expect(tab).toContainText(signed(before.balances.balance + 3));
      const after = await ledgerOf();
      expect(after.balances.balance).toBe(before.balances.balance + 3);
      await screenshot(page, `points-file-staff-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `points-file-staff-${lang}`);

      // Her own award, the same day: she may take it back.
      if (width === 1280) {
        await entry.getByRole("button", { name: new RegExp(t(lang, "points:ledger.remove")) }).click();
        await page
          .getByRole("dialog", { name: t(lang, "points:ledger.removeTitle") })
          .getByRole("button", {
            name: t(lang, "points:ledger.remove"),
          })
          .click();
        await expect(toast(page, t(lang, "points:ledger.removed"))).toBeVisible();
        await expect(list.getByRole("listitem").filter({ hasText: reason })).toHaveCount(0);
        await expect(dialog.getByTestId("points-balance")).toContainText(signed(before.balances.balance));
      }
    }
  }
});

test("a family sees the Points tab of her own children only, with what families are shown", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(90_000);
  const children = await childrenOf(school.familia, school.id);
  expect(children.map((c) => c.first_name).sort()).toEqual(["Diego", "Sofía"]);
  const director = await apiLogin(school.director);
  const staff = { token: director.token, schoolId: school.id };
  const ledgers = new Map<number, Ledger>();
  for (const child of children) {
    ledgers.set(
      child.id,
      (await call<{ data: { points: Ledger } }>(`/api/students/${child.id}/points`, staff)).data.points,
    );
  }
  // The demo keeps some of each child's observations from families: the family's ledger leaves them out.
  const sofia = children.find((c) => c.first_name === "Sofía")!;
  const staffSofia = ledgers.get(sofia.id)!;
  expect(staffSofia.entries.some((e) => !e.visible_to_family)).toBe(true);
  const shown = staffSofia.entries.filter((e) => e.visible_to_family);
  // Another family's child: a classmate of Sofía's.
  const { data: group } = await call<{ data: { points: { students: { id: number }[] } } }>(
    `/api/groups/${await groupOf(staff, sofia.id)}/points`,
    staff,
  );
  const other = group.points.students.find((s) => !children.some((c) => c.id === s.id))!;

  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, school.familia, { language: lang, to: `/notifications?student=${sofia.id}` });
      const dialog = fileDialog(page);
      // A first sign-in of the copy accepts the privacy notice first (the fixture does), on a busy machine slowly.
      await expect(dialog.getByRole("heading", { name: sofia.name })).toBeVisible({ timeout: 20_000 });
      const tab = dialog.getByRole("tab", { name: new RegExp(t(lang, "points:tab")) });
      // The family's badge is the Director's balance, whatever entries are kept from the family.
      await expect(tab).toContainText(signed(staffSofia.balances.balance));
      await tab.click();
      const list = dialog.getByRole("list", { name: t(lang, "points:ledger.label") });
      await expect(list.getByRole("listitem")).toHaveCount(shown.length);
      // One set of numbers (issue 26 §2): the entries kept to staff are named as a count with what they add, and
      // the balances are the Director's.
      const kept = staffSofia.entries.filter((e) => !e.visible_to_family);
      const adds = t(lang, "points:signed", { value: signed(kept.reduce((sum, e) => sum + e.points, 0)) });
      await expect(dialog.getByTestId("points-internal")).toHaveText(
        t(lang, "points:ledger.internal", { count: kept.length, points: adds }),
      );
      await expect(dialog.getByTestId("points-balance")).toContainText(signed(staffSofia.balances.balance));
      // No staff-only marks, no awarding, no removing for a family.
      await expect(dialog.getByText(t(lang, "points:ledger.staffOnly"))).toHaveCount(0);
      await expect(dialog.getByRole("button", { name: t(lang, "points:actions.award") })).toHaveCount(0);
      await expect(list.getByRole("button")).toHaveCount(0);
      await screenshot(page, `points-file-family-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `points-file-family-${lang}`);
    }
  }
  // Diego's tab opens too; a classmate's file does not open at all.
  await page.goto(`/notifications?student=${children.find((c) => c.first_name === "Diego")!.id}`);
  await expect(fileDialog(page).getByRole("tab", { name: /Puntos|Points/ })).toBeVisible();
  const refused = await call<unknown>(`/api/students/${other.id}/points`, {
    token: (await apiLogin(school.familia)).token,
    schoolId: school.id,
  }).catch((error: { status?: number }) => error.status);
  expect(refused).toBe(404);
  await page.goto(`/notifications?student=${other.id}`);
  await expect(fileDialog(page).getByRole("alert")).toBeVisible();
  await expect(fileDialog(page).getByRole("tab", { name: /Puntos|Points/ })).toHaveCount(0);
});

/** The group a student is in this year (the staff's file of the student names it). */
async function groupOf(auth: { token: string; schoolId: string }, studentId: number): Promise<number> {
  const { data } = await call<{ data: { file: { student: { group: { id: number } | null } } } }>(
    `/api/students/${studentId}/file`,
    auth,
  );
  return data.file.student.group!.id;
}
