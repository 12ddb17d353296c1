import type { Page } from "@playwright/test";
import { IncidentGraphPage } from "../pages/incident-graph.ts";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 14 §2, the incident graph, tried as the Director of a colegio-demo copy in Spanish and English on a phone
 * and a desktop: the co-occurrence map shows the demo's recurring pair (two classmates who keep appearing together,
 * involved with affected) in the strongest pairs table and on the map's canvas; a student opens their incidents; a
 * bar of the time series opens exactly those incidents in the archive. A family cannot reach the screen.
 */

const shoot = (page: Page, name: string) => screenshot(page, `incident-graph-${name}`);

interface Pairs {
  edges: { a: number; b: number; count: number; kind: string }[];
  nodes: { id: number; name: string }[];
}

test("the Director sees the demo's recurring pair in the table and on the map, and a student's incidents", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(180_000);
  const director = await apiLogin(school.director);
  const { data } = await call<{ data: Pairs }>("/api/incident-graph/pairs", {
    token: director.token,
    schoolId: school.id,
  });
  // The demo's recurring pair: the strongest, several incidents together, involved with affected.
  const top = data.edges[0]!;
  expect(top.count).toBeGreaterThanOrEqual(4);
  expect(top.kind).toBe("involved-affected");
  const name = (id: number) => data.nodes.find((n) => n.id === id)!.name;
  const [first, second] = [name(top.a), name(top.b)];

  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      const phone = width < 500;
      await resizeTo(page, { width, height: phone ? 844 : 900 });
      await signInWithStorage(page, school.director, { language: lang, to: "/incident-graph?view=map" });
      const graph = new IncidentGraphPage(page, lang);
      await expect(graph.tab("map")).toHaveAttribute("aria-selected", "true", { timeout: 20_000 });
      const firstRow = graph.pairsTable.getByRole("row").nth(1);
      await expect(firstRow).toContainText(first, { timeout: 20_000 });
      await expect(firstRow).toContainText(second);
      await expect(firstRow).toContainText(t(lang, "incidentGraph:map.kinds.involved-affected"));
      await expect(firstRow.getByRole("cell").nth(1)).toHaveText(String(top.count));

      if (phone) {
        // The table comes first on a phone; the map waits behind a button.
        await expect(graph.map).toHaveCount(0);
        await graph.mapToggle.click();
      }
      await graph.expectMapDrawn();
      await expect(page.getByTestId("map-unavailable")).toHaveCount(0);
      await expectNoViolations(page, testInfo, `incident-graph map ${lang} ${width}`);
      await shoot(page, `map-${lang}-${width}`);

      // A student of the pair: their incidents in a panel, and the archive filtered to them.
      await graph.studentButton(first).click();
      await expect(graph.studentPanel).toBeVisible();
      await expect(graph.studentPanel.getByRole("link", { name: /\d/ }).first()).toBeVisible({ timeout: 20_000 });
      await expect(graph.openArchive).toHaveAttribute("href", new RegExp(`student_id=${top.a}|student_id=${top.b}`));
      await expect(graph.openArchive).toHaveAttribute("href", /not_status=cancelled/);
      await expectNoViolations(page, testInfo, `incident-graph student ${lang} ${width}`);
      if (width === 1280) await shoot(page, `student-${lang}-${width}`);
      await page.keyboard.press("Escape");
      await expect(graph.studentPanel).toBeHidden();
    }
  }
});

test("a bar of the time series opens exactly those incidents in the archive", async ({ page, school }, testInfo) => {
  test.setTimeout(120_000);
  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 900 });
      await signInWithStorage(page, school.director, { language: lang, to: "/incident-graph?interval=month" });
      const graph = new IncidentGraphPage(page, lang);
      await expect(graph.tab("time")).toHaveAttribute("aria-selected", "true", { timeout: 20_000 });
      await expect(graph.seriesTable).toBeVisible({ timeout: 20_000 });
      await expect(graph.bars.first()).toBeVisible();
      await expectNoViolations(page, testInfo, `incident-graph time ${lang} ${width}`);
      await shoot(page, `time-${lang}-${width}`);
    }
  }

  // A click on a bar: the archive, filtered to that month and that stack, without cancelled incidents.
  const graph = new IncidentGraphPage(page, "es");
  await resizeTo(page, { width: 1280, height: 900 });
  await signInWithStorage(page, school.director, { language: "es", to: "/incident-graph?interval=month" });
  await expect(graph.bars.first()).toBeVisible({ timeout: 20_000 });
  await graph.bars.first().click();
  await expect(page).toHaveURL(/\/incident-details\?.*from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  expect(url.searchParams.get("not_status")).toBe("cancelled");
  expect(url.searchParams.get("classification") ?? url.searchParams.get("category_id")).toBeTruthy();

  // What the archive counts for those filters is what the bar said.
  const director = await apiLogin(school.director);
  const archive = await call<{ data: { total: number } }>(`/api/incidents?per_page=1&${url.searchParams}`, {
    token: director.token,
    schoolId: school.id,
  });
  const graphBucket = await call<{
    data: { buckets: { filters: Record<string, string>; counts: Record<string, number> }[] };
  }>(`/api/incident-graph/series?interval=month`, { token: director.token, schoolId: school.id });
  const bucket = graphBucket.data.buckets.find((b) => b.filters.from === url.searchParams.get("from"))!;
  const key = url.searchParams.get("classification")!;
  expect(bucket.counts[key]).toBeGreaterThan(0);
  expect(archive.data.total).toBe(bucket.counts[key]);
  await expect(page.getByRole("main")).toContainText(/\d/, { timeout: 20_000 });
});

test("a family cannot reach the incident graph", async ({ page, school }) => {
  await signInWithStorage(page, school.familia, { language: "es", to: "/incident-graph" });
  await expect(page).toHaveURL(/\/page-not-found$/, { timeout: 20_000 });
  const family = await apiLogin(school.familia);
  const refused = await fetch(new URL("/api/incident-graph/pairs", page.url()), {
    headers: { authorization: `Bearer ${family.token}`, "x-school-id": school.id },
  });
  expect(refused.status).toBe(403);
});
