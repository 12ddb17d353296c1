import type { Dashboard } from "@convive/domain";
import { cleanup, screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { Kpis } from "./Kpis.tsx";

// Only what the headline figures read: 3 incidents, 4 positives (4/3 = 1.33 per incident), a median of 2.5 days.
const figure = (value: number) => ({ value, link: "/archive" });
const dashboard = {
  range: { previous: null },
  incidents: { current: figure(1234), previous: null },
  by_classification: [],
  observations: { current: 6, previous: null, positive: 4, positive_previous: null },
  ratio: { value: 4 / 3, target: 4 },
  open: { total: figure(2), ages: [] },
  escalated: { days: 14, total: figure(0), incidents: [] },
  time_to_close: { median_days: 2.5, closed: figure(2) },
  overdue_actions: figure(0),
  per_school_day: { value: 0.25, school_days: 12, link: "/archive" },
} as unknown as Dashboard;

afterEach(cleanup);
afterAll(() => i18n.changeLanguage("es"));

// Issue 26 §6: the dashboard wrote 1,3:1 in Spanish while the grades write 8.5; a Mexican school writes the point.
describe("the dashboard's headline figures", () => {
  it.each(["es", "en"])("write decimals with the point and thousands with a comma (%s)", async (lang) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<Kpis d={dashboard} />);
    expect(await screen.findByText("1.3:1")).toBeTruthy();
    expect(screen.getByText("1,234")).toBeTruthy();
    expect(screen.getByText("0.25")).toBeTruthy();
    expect(screen.queryByText(/\d,\d{1,2}(:1)?$/)).toBeNull();
  });
});
