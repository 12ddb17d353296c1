import { describe, expect, it } from "vitest";
import { archiveHref, graphSearch, pairsQuery, parseGraphSearch, seriesQuery } from "./url.ts";

describe("incident graph URL state", () => {
  it("reads what it writes and leaves defaults out", () => {
    const state = parseGraphSearch(
      new URLSearchParams("view=map&from=2026-09-01&to=2026-09-30&classification=serious&group_id=7&min=3&stack=group"),
    );
    expect(state).toEqual({
      view: "map",
      from: "2026-09-01",
      to: "2026-09-30",
      classification: "serious",
      group_id: 7,
      interval: "week",
      stack: "group",
      min: 3,
    });
    expect(parseGraphSearch(graphSearch(state))).toEqual(state);
    expect(graphSearch(parseGraphSearch(new URLSearchParams(""))).toString()).toBe("");
  });

  it("ignores malformed values", () => {
    const state = parseGraphSearch(new URLSearchParams("view=x&from=2026-9-1&classification=mild&group_id=0&min=500"));
    expect(state).toEqual({ view: "time", interval: "week", stack: "classification", min: 2 });
  });

  it("builds the API's and the archive's queries", () => {
    const state = parseGraphSearch(new URLSearchParams("from=2026-09-01&to=2026-09-30&category_id=4&interval=day"));
    expect(seriesQuery(state)).toBe("from=2026-09-01&to=2026-09-30&category_id=4&interval=day&stack=classification");
    expect(pairsQuery(state)).toBe("from=2026-09-01&to=2026-09-30&min_count=2");
    expect(
      archiveHref({ from: "2026-09-01", to: "2026-09-07", not_status: "cancelled" }, { classification: "minor" }),
    ).toBe("/incident-details?from=2026-09-01&to=2026-09-07&not_status=cancelled&classification=minor");
  });
});
