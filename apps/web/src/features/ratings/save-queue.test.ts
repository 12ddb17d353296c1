import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "../../test/offline-store.ts";

/**
 * The offline save queue of the ratings grid (issue 13 §2: nothing typed is lost when the connection drops), since
 * issue 32 §3 kept in the device's one outbox beside the incidents registered offline. Driven through a replaced
 * `fetch` — the network is the only thing faked; the queue, the outbox, api() and sendCell are the real ones. jsdom
 * has no IndexedDB: the device's store is a memory one that outlives a "reload" as IndexedDB does.
 */

type Call = { method: string; url: string; body: Record<string, unknown> | null };
type Reply = (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const down: Reply = () => Promise.reject(new TypeError("Failed to fetch"));
const accepted: Reply = (call) =>
  json(200, {
    data: {
      rating: {
        ...(call.body ?? {}),
        id: 1,
        scale_version_id: 1,
        rated_by: "Docente",
        rated_at: "2026-11-26T10:00:00Z",
      },
    },
  });

let calls: Call[];
let reply: Reply;

function network() {
  calls = [];
  reply = accepted;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = {
        method: init.method ?? "GET",
        url,
        body: typeof init.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      };
      calls.push(call);
      return reply(call);
    }),
  );
}

let device = memoryStore();
let forget: (() => void) | null = null;

/** A fresh copy of the modules: what a reload of the page gets (the queues held in memory are gone, the device's stay). */
const load = async () => {
  forget?.();
  vi.resetModules();
  const store = await import("../../lib/offline/store.ts");
  store.setOfflineStoreForTests(device);
  const outbox = await import("../../lib/offline/outbox.ts");
  const module = await import("./save-queue.ts");
  // app/offline.ts registers the senders for the whole app.
  outbox.registerSender("rating-cell", module.sendQueuedCell);
  forget = outbox.forgetOutboxes;
  return module;
};

const sofia = { student_id: 11, period_id: 2, measure_id: 3 };
/** The cells the device keeps for a school and user. */
const stored = (owner = "colegio-demo:7") =>
  [...device.outbox.values()]
    .filter((e) => e.owner === owner && e.kind === "rating-cell")
    .map((e) => ({
      ...(e.payload as { key: object; value: string | null }).key,
      value: (e.payload as { value: string | null }).value,
      state: e.state,
      attempts: e.attempts,
    }));

beforeEach(() => {
  localStorage.clear();
  device = memoryStore();
  network();
});
afterEach(() => {
  forget?.();
  forget = null;
  vi.unstubAllGlobals();
});

describe("the ratings save queue", () => {
  it("sends a typed value and marks the cell saved once the server has it", async () => {
    const { saveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    const onSaved = vi.fn();
    queue.onSaved = onSaved;

    queue.put(sofia, "8.5");
    expect(queue.get().cells.get(cellId(sofia))).toMatchObject({ value: "8.5", status: "saving" });

    await vi.waitFor(() => expect(queue.get().saved.has(cellId(sofia))).toBe(true));
    expect(calls).toEqual([{ method: "PUT", url: "/api/ratings/cells", body: { ...sofia, value: "8.5" } }]);
    expect(queue.get().cells.size).toBe(0);
    await vi.waitFor(() => expect(stored()).toEqual([]));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ value: "8.5", student_id: 11 }), sofia);
  });

  it("keeps a cell typed while the network fails, through a reload, and sends it when the browser is online", async () => {
    reply = down;
    const first = await load();
    const queue = first.saveQueue("colegio-demo", 7);
    queue.put(sofia, "9");
    await vi.waitFor(() => expect(queue.get().cells.get(first.cellId(sofia))?.status).toBe("failed"));
    expect(queue.get().cells.get(first.cellId(sofia))).toMatchObject({ value: "9", offline: true });
    await vi.waitFor(() =>
      expect(stored()).toEqual([expect.objectContaining({ ...sofia, value: "9", state: "pending", attempts: 1 })]),
    );

    // The page is reloaded while still offline: the value is still there, waiting.
    const second = await load();
    const again = second.saveQueue("colegio-demo", 7);
    expect(again).not.toBe(queue);
    await vi.waitFor(() => expect(again.get().cells.get(second.cellId(sofia))).toMatchObject({ value: "9" }));

    // Another user of the same browser does not see it.
    const other = second.saveQueue("colegio-demo", 8);
    await vi.waitFor(() => expect(again.get().cells.size).toBe(1));
    expect(other.get().cells.size).toBe(0);

    // The network comes back and the screen's hook hears the browser's `online` event.
    // The screen opens still offline: it tries at once, and the cell stays failed, not lost.
    const hook = renderHook(() => second.useSaveQueue(again, () => undefined));
    await vi.waitFor(() => expect(hook.result.current.cells.get(second.cellId(sofia))?.status).toBe("failed"));
    const sentBefore = calls.length;

    reply = accepted;
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(hook.result.current.saved.has(second.cellId(sofia))).toBe(true));
    expect(calls.length).toBeGreaterThan(sentBefore);
    expect(calls.at(-1)).toEqual({ method: "PUT", url: "/api/ratings/cells", body: { ...sofia, value: "9" } });
    expect(hook.result.current.cells.size).toBe(0);
    await vi.waitFor(() => expect(stored()).toEqual([]));
    hook.unmount();
  });

  it("keeps a refusal (422) failed with the server's reason, not resent when online, until retried", async () => {
    reply = () =>
      json(422, { code: "VALIDATION", message: "Datos inválidos", errors: { value: "El valor no está en la escala" } });
    const { saveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    queue.put(sofia, "4");
    await vi.waitFor(() => expect(queue.get().cells.get(cellId(sofia))?.status).toBe("failed"));
    expect(queue.get().cells.get(cellId(sofia))).toMatchObject({
      value: "4",
      offline: false,
      error: "El valor no está en la escala",
    });

    // Being back online does not send a refused value again by itself. flush() decides at once: a resend would
    // have marked the cell "saving" before returning, so there is nothing to wait for.
    queue.flush(true);
    expect(queue.get().cells.get(cellId(sofia))?.status).toBe("failed");
    expect(calls).toHaveLength(1);

    // The teacher retries once the period is fixed on the server.
    reply = accepted;
    queue.retry(cellId(sofia));
    expect(queue.get().cells.get(cellId(sofia))).toMatchObject({ status: "saving", error: null });
    await vi.waitFor(() => expect(queue.get().saved.has(cellId(sofia))).toBe(true));
    expect(calls).toHaveLength(2);
  });

  it("keeps the server's message when a refusal names no field", async () => {
    reply = () => json(409, { code: "PERIOD_CLOSED", message: "El periodo está cerrado" });
    const { saveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    queue.put(sofia, "8");
    await vi.waitFor(() =>
      expect(queue.get().cells.get(cellId(sofia))).toMatchObject({
        status: "failed",
        offline: false,
        error: "El periodo está cerrado",
      }),
    );
  });

  it("treats a server error (5xx) as a failure to resend by itself", async () => {
    reply = () => json(503, { code: "SERVICE_UNAVAILABLE", message: "Servicio no disponible" });
    const { saveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    queue.put(sofia, "7");
    await vi.waitFor(() => expect(queue.get().cells.get(cellId(sofia))?.status).toBe("failed"));
    expect(queue.get().cells.get(cellId(sofia))?.offline).toBe(true);
    reply = accepted;
    queue.flush(true);
    await vi.waitFor(() => expect(queue.get().saved.has(cellId(sofia))).toBe(true));
  });

  it("never lets an older answer overwrite a newer value: the newer one is sent next and wins", async () => {
    let release: (() => void) | undefined;
    reply = (call) =>
      call.body?.value === "6"
        ? new Promise<Response>((resolve) => {
            release = () => resolve(accepted(call) as Response);
          })
        : accepted(call);
    const { saveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    const onSaved = vi.fn();
    queue.onSaved = onSaved;

    queue.put(sofia, "6");
    await vi.waitFor(() => expect(release).toBeDefined());
    queue.put(sofia, "10"); // typed while "6" is still on its way
    expect(queue.get().cells.get(cellId(sofia))).toMatchObject({ value: "10", status: "saving" });

    release?.();
    // The answer for "6" arrives: the cell still shows "10", waiting.
    await vi.waitFor(() => expect(calls.map((c) => c.body?.value)).toEqual(["6", "10"]));
    await vi.waitFor(() => expect(queue.get().saved.has(cellId(sofia))).toBe(true));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ value: "10" }), sofia);
  });

  it("sends an emptied cell as a deletion", async () => {
    reply = () => new Response(null, { status: 204 });
    const { saveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    const onSaved = vi.fn();
    queue.onSaved = onSaved;
    queue.put(sofia, null);
    await vi.waitFor(() => expect(queue.get().saved.has(cellId(sofia))).toBe(true));
    expect(calls).toEqual([
      { method: "DELETE", url: "/api/ratings/cells?student_id=11&period_id=2&measure_id=3", body: null },
    ]);
    expect(onSaved).toHaveBeenCalledWith(null, sofia);
  });

  it("sends what waited on the device from an earlier visit as soon as the screen opens", async () => {
    reply = down;
    const first = await load();
    first.saveQueue("colegio-demo", 7).put(sofia, "7.5");
    await vi.waitFor(() => expect(stored()).toEqual([expect.objectContaining({ value: "7.5", attempts: 1 })]));

    reply = accepted;
    const { saveQueue, useSaveQueue, cellId } = await load();
    const hook = renderHook(() => useSaveQueue(saveQueue("colegio-demo", 7), () => undefined));
    await vi.waitFor(() => expect(hook.result.current.saved.has(cellId(sofia))).toBe(true));
    expect(calls.at(-1)?.body).toEqual({ ...sofia, value: "7.5" });
    expect(stored()).toEqual([]);
    hook.unmount();
  });

  it("moves the cells the earlier queue kept in local storage into the device's outbox and sends them", async () => {
    localStorage.setItem(
      "ratings_queue:colegio-demo:7",
      JSON.stringify([{ ...sofia, value: "E", status: "failed", error: null, offline: true, seq: 3 }]),
    );
    const { saveQueue, useSaveQueue, cellId } = await load();
    const queue = saveQueue("colegio-demo", 7);
    const hook = renderHook(() => useSaveQueue(queue, () => undefined));
    await vi.waitFor(() => expect(hook.result.current.saved.has(cellId(sofia))).toBe(true));
    expect(calls[0]?.body).toEqual({ ...sofia, value: "E" });
    expect(localStorage.getItem("ratings_queue:colegio-demo:7")).toBeNull();
    hook.unmount();
  });

  it("drops a damaged stored queue instead of breaking the screen", async () => {
    localStorage.setItem("ratings_queue:colegio-demo:7", "{not json");
    const { saveQueue } = await load();
    expect(saveQueue("colegio-demo", 7).get().cells.size).toBe(0);
  });
});
