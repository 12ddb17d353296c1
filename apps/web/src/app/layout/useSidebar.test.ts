import { describe, expect, it } from "vitest";
import { collapsesOnChoose, expandedAt, initialSidebar, isOverlayWidth, sidebarReducer } from "./useSidebar.ts";

describe("sidebar width rules (spec §2, §9)", () => {
  it.each([
    [390, false, true, true],
    [1000, false, true, true],
    [1001, true, false, true],
    [1050, true, false, true],
    [1051, true, false, false],
    [1280, true, false, false],
  ])("at %i px: expanded %s, overlay %s, collapses on choose %s", (width, expanded, overlay, collapses) => {
    expect(expandedAt(width)).toBe(expanded);
    expect(isOverlayWidth(width)).toBe(overlay);
    expect(collapsesOnChoose(width)).toBe(collapses);
    expect(initialSidebar(width).open).toBe(expanded);
  });

  it("collapses when the window shrinks to 1000 px and expands above it", () => {
    let state = initialSidebar(1280);
    state = sidebarReducer(state, { type: "resize", width: 1000 });
    expect(state.open).toBe(false);
    state = sidebarReducer(state, { type: "resize", width: 1001 });
    expect(state.open).toBe(true);
  });

  it("keeps the user's toggle while the width stays on one side of 1000 px", () => {
    let state = sidebarReducer(initialSidebar(1280), { type: "toggle" });
    expect(state.open).toBe(false);
    state = sidebarReducer(state, { type: "resize", width: 1200 });
    expect(state.open).toBe(false);
    state = sidebarReducer(initialSidebar(390), { type: "toggle" });
    state = sidebarReducer(state, { type: "resize", width: 420 });
    expect(state.open).toBe(true);
  });

  it("collapses on choosing an item at 1050 px or less only", () => {
    expect(sidebarReducer(initialSidebar(1050), { type: "choose" }).open).toBe(false);
    expect(sidebarReducer(initialSidebar(1051), { type: "choose" }).open).toBe(true);
    const drawer = sidebarReducer(initialSidebar(390), { type: "toggle" });
    expect(sidebarReducer(drawer, { type: "choose" }).open).toBe(false);
  });

  it("returns the same state when nothing changes", () => {
    const state = initialSidebar(1280);
    expect(sidebarReducer(state, { type: "resize", width: 1280 })).toBe(state);
    expect(sidebarReducer(state, { type: "choose" })).toBe(state);
    const closed = initialSidebar(390);
    expect(sidebarReducer(closed, { type: "close" })).toBe(closed);
  });
});
