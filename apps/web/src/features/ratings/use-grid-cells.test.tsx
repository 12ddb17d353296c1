import type { Grid, RatingCell, ScaleDefinition } from "@convive/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The grid's cells as a teacher sees them (issue 13 §2): the server's values overlaid with what was typed and is on
 * its way or failed. Only `fetch` is replaced; the save queue, api() and the query cache are the real ones.
 */

const marksV1: ScaleDefinition = { kind: "numeric", min: 0, max: 10, step: 1, passing: 6 };
const marksV2: ScaleDefinition = { kind: "numeric", min: 5, max: 10, step: 0.5, passing: 6 };
const period = {
  id: 2,
  name: "Bimestre 2",
  name_en: "Term 2",
  order: 2,
  starts_on: "2026-10-26",
  ends_on: "2026-12-20",
  editable_until: "2026-12-27",
  state: "open" as const,
  reopened_until: null,
  published_at: null,
  current: true,
};
const rated = (student_id: number, value: string, version: number): RatingCell => ({
  student_id,
  measure_id: 3,
  period_id: 2,
  value,
  label: value,
  scale_version_id: version,
  rated_by: { id: 5, name: "Docente" },
  rated_at: "2026-11-20T10:00:00Z",
});
const student = (id: number, name: string, ratings: RatingCell[]) => ({
  id,
  name,
  enrollment: `E${id}`,
  ratings,
  previous: [],
  comment: null,
  has_adjustments: false,
  has_health_alert: false,
});
const grid: Grid = {
  group: { id: 9, label: "3° A Primaria", section_id: 1 },
  period,
  previous_period: null,
  editable: true,
  measures: [
    {
      id: 3,
      kind: "conduct",
      name_es: "Conducta",
      name_en: "Conduct",
      scale: { id: 1, version_id: 2, definition: marksV2 },
    },
  ],
  versions: [{ id: 1, definition: marksV1 }],
  students: [student(11, "Sofía", [rated(11, "4", 1)]), student(12, "Mateo", [])],
} as Grid;

let online = true;
const sent: { method: string; body: unknown }[] = [];

async function setup() {
  localStorage.clear();
  localStorage.setItem("token", "t");
  localStorage.setItem("school_id", "colegio-demo");
  localStorage.setItem("user_id", "7");
  vi.resetModules();
  const { useGridCells } = await import("./use-grid-cells.ts");
  const { gridsKey } = await import("./api/ratings.ts");
  const client = new QueryClient();
  const key = [...gridsKey("colegio-demo"), 9, 2, "es"];
  client.setQueryData(key, grid);
  const hook = renderHook(() => useGridCells(client.getQueryData<Grid>(key)), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
  return { hook, cached: () => client.getQueryData<Grid>(key)! };
}

beforeEach(() => {
  online = true;
  sent.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = typeof init.body === "string" ? JSON.parse(init.body) : null;
      sent.push({ method: init.method ?? "GET", body });
      if (!online) throw new TypeError("Failed to fetch");
      if (init.method === "DELETE") return new Response(null, { status: 204 });
      const rating = { ...rated(body.student_id, body.value, 2), label: `mark ${body.value}` };
      return new Response(JSON.stringify({ data: { rating } }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the grid's cells", () => {
  it("shows a stored value read on the scale version it was given on, and empty cells as empty", async () => {
    const { hook } = await setup();
    const sofia = hook.result.current.view(11, 3);
    expect(sofia).toMatchObject({ value: "4", status: null, offline: false, definition: marksV1 });
    expect(sofia.rated?.rated_by.name).toBe("Docente");
    expect(hook.result.current.view(12, 3)).toMatchObject({ value: null, status: null, definition: marksV2 });
    expect(hook.result.current).toMatchObject({ pending: 0, failed: 0 });
  });

  it("shows a typed value at once, then saved, and writes it into the cached grid without a refetch", async () => {
    const { hook, cached } = await setup();
    act(() => hook.result.current.put(12, 3, "8.5"));
    expect(hook.result.current.view(12, 3)).toMatchObject({ value: "8.5", status: "saving" });
    await waitFor(() => expect(hook.result.current.view(12, 3).status).toBe("saved"));
    expect(sent).toEqual([{ method: "PUT", body: { student_id: 12, period_id: 2, measure_id: 3, value: "8.5" } }]);
    expect(cached().students.find((s) => s.id === 12)?.ratings).toEqual([
      expect.objectContaining({ value: "8.5", label: "mark 8.5" }),
    ]);
    expect(hook.result.current.pending).toBe(0);
  });

  it("counts a cell failed for want of a network and sends it again on 'retry all'", async () => {
    const { hook } = await setup();
    online = false;
    act(() => hook.result.current.put(11, 3, "9"));
    await waitFor(() => expect(hook.result.current.failed).toBe(1));
    expect(hook.result.current.view(11, 3)).toMatchObject({ value: "9", status: "failed", offline: true });

    online = true;
    act(() => hook.result.current.retryAll());
    await waitFor(() => expect(hook.result.current.view(11, 3)).toMatchObject({ value: "9", status: "saved" }));
    expect(hook.result.current.failed).toBe(0);
  });

  it("retries one cell, and an emptied cell leaves the cached grid", async () => {
    const { hook, cached } = await setup();
    online = false;
    act(() => hook.result.current.put(11, 3, null));
    await waitFor(() => expect(hook.result.current.view(11, 3).status).toBe("failed"));
    expect(hook.result.current.view(11, 3).value).toBeNull();

    online = true;
    act(() => {
      hook.result.current.retry(11, 3);
    });
    await waitFor(() => expect(hook.result.current.view(11, 3).status).toBe("saved"));
    expect(sent.at(-1)?.method).toBe("DELETE");
    expect(cached().students.find((s) => s.id === 11)?.ratings).toEqual([]);
    expect(hook.result.current.view(11, 3).value).toBeNull();
  });
});
