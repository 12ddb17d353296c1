import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStore } from "../../test/offline-store.ts";

/**
 * The device's outbox (issue 32 §3) with the real senders of registration: what a teacher registers offline is
 * kept on the device, survives a reload, goes once the connection returns with the key it was written with, resumes
 * a half-sent incident where it stopped, and holds a refusal back with the server's reason until the teacher
 * decides. Only the network is faked (a replaced `fetch`); jsdom has no IndexedDB, so the device's store is a memory
 * one that outlives a "reload" as IndexedDB does.
 */

type Call = { method: string; url: string; key: string | null; body: unknown };
type Reply = (call: Call) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const down: Reply = () => Promise.reject(new TypeError("Failed to fetch"));

let calls: Call[];
let reply: Reply;
let folio: number;
const server: Reply = (call) => {
  if (call.url === "/api/incidents")
    return json(201, { data: { incident: { id: 40 + folio, folio: folio++, status: "open" } } });
  if (call.url.includes("/attachments")) return json(201, { data: { attachment: { id: 1, name: "patio.jpg" } } });
  if (call.url === "/api/accompaniment-observations") return json(201, { data: { observation: { id: 9 } } });
  return json(404, { code: "NOT_FOUND", message: "No encontrado" });
};

let device = memoryStore();
let forget: (() => void) | null = null;

/** Fresh modules over the same device: a reload of the page (or a second tab, while the first is not forgotten). */
async function load({ keepPrevious = false } = {}) {
  if (!keepPrevious) forget?.();
  vi.resetModules();
  (await import("./store.ts")).setOfflineStoreForTests(device);
  const outbox = await import("./outbox.ts");
  const registration = await import("../../features/incident-registration/api/offline.ts");
  outbox.registerSender("incident", registration.sendQueuedIncident);
  outbox.registerSender("observation", registration.sendQueuedObservation);
  forget = outbox.forgetOutboxes;
  return { ...outbox, ...registration };
}

const body = {
  students: [{ student_id: 11, role: "involved" as const }],
  type_id: 3,
  detail: "Empujó a un compañero en la fila.",
  place: "Patio",
  occurred_at: "2026-11-26T16:00:00.000Z",
  group_id: 5,
  subject_id: null,
  visible_to_family: true,
  formative_actions: [],
};
const summary = {
  students: ["Ana Pérez Ruiz"],
  type: { name_es: "Empujón", name_en: "Push" },
  when: body.occurred_at,
  files: 1,
};
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "patio.jpg", { type: "image/jpeg" });
const posts = (path: string) => calls.filter((c) => c.method === "POST" && c.url.split("?")[0] === path);

beforeEach(() => {
  calls = [];
  folio = 101;
  reply = server;
  device = memoryStore();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        method: init.method ?? "GET",
        url,
        key: headers["Idempotency-Key"] ?? null,
        body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      return reply(call);
    }),
  );
});
afterEach(() => {
  forget?.();
  forget = null;
  vi.unstubAllGlobals();
});

describe("the device's outbox", () => {
  it("keeps an incident registered offline through a reload and sends it once, with its photo, when the connection returns", async () => {
    reply = down;
    const first = await load();
    const box = first.outboxFor("colegio-demo:7");
    await box.ready;
    const entry = first.queueIncident(
      box,
      body,
      new Map([[11, 5]]),
      [photo()],
      summary,
      "3f1b7a52-6c1e-4d0a-9b7e-1c2d3e4f5a6b",
    );
    await vi.waitFor(() => expect(box.get().entries[0]).toMatchObject({ state: "pending", attempts: 1 }));
    // The student's group as the teacher saw it travels with the incident.
    expect(entry.payload).toMatchObject({ students: [{ student_id: 11, seen_group_id: 5 }] });

    // The tab is closed and opened again, still offline: the incident and its photo are there, waiting.
    const second = await load();
    const again = second.outboxFor("colegio-demo:7");
    await again.ready;
    expect(again.get().entries).toHaveLength(1);
    expect(again.get().entries[0]!.files[0]).toMatchObject({ name: "patio.jpg", sent: false });
    expect(second.outboxFor("colegio-demo:8").get().entries).toHaveLength(0);

    // Back online.
    reply = server;
    await again.sync();
    expect(again.get().entries).toHaveLength(0);
    expect(again.get().sent[0]).toMatchObject({ kind: "incident", result: { folio: 101 }, refusedFiles: [] });
    // The attempt that failed offline and the one that arrived: both with the key made when it was written.
    expect(posts("/api/incidents").map((c) => c.key)).toEqual([
      "3f1b7a52-6c1e-4d0a-9b7e-1c2d3e4f5a6b",
      "3f1b7a52-6c1e-4d0a-9b7e-1c2d3e4f5a6b",
    ]);
    const upload = posts("/api/incidents/141/attachments");
    expect(upload).toHaveLength(1);
    expect(upload[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(device.outbox.size).toBe(0);
  });

  it("resumes a half-sent incident where it stopped: the incident is not sent again, the photo is, with its own key", async () => {
    const first = await load();
    const box = first.outboxFor("colegio-demo:7");
    await box.ready;
    // The incident arrives; the connection drops before the photo.
    reply = (call) => (call.url.includes("/attachments") ? down(call) : server(call));
    first.queueIncident(box, body, new Map([[11, 5]]), [photo()], summary, "0d4c9a1e-2b3f-4c5d-8e6f-7a8b9c0d1e2f");
    await vi.waitFor(() => expect(box.get().entries[0]).toMatchObject({ state: "pending", result: { folio: 101 } }));
    const firstUploadKey = posts("/api/incidents/141/attachments")[0]!.key;

    reply = server;
    const second = await load();
    await second.outboxFor("colegio-demo:7").sync();
    expect(posts("/api/incidents")).toHaveLength(1);
    const uploads = posts("/api/incidents/141/attachments");
    expect(uploads).toHaveLength(2);
    expect(uploads[1]!.key).toBe(firstUploadKey);
    expect(second.outboxFor("colegio-demo:7").get().entries).toHaveLength(0);
  });

  it("holds a refusal back with the server's reason, and sends it with the teacher's decision under the same key", async () => {
    const moved =
      "Cambió de grupo desde que se escribió este registro: Ana Pérez Ruiz. Revísalo y confírmalo para enviarlo con su grupo actual.";
    reply = (call) =>
      call.url === "/api/incidents" && !(call.body as { confirm_group_changes?: boolean }).confirm_group_changes
        ? json(409, { code: "STUDENT_MOVED_GROUP", message: moved, errors: { "students.0.student_id": moved } })
        : server(call);
    const { outboxFor, queueIncident } = await load();
    const box = outboxFor("colegio-demo:7");
    await box.ready;
    const entry = queueIncident(
      box,
      body,
      new Map([[11, 5]]),
      [],
      { ...summary, files: 0 },
      "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
    );
    await vi.waitFor(() =>
      expect(box.get().entries[0]).toMatchObject({ state: "refused", code: "STUDENT_MOVED_GROUP", error: moved }),
    );

    // Being online again, or a later sync, does not send it by itself.
    await box.sync();
    expect(posts("/api/incidents")).toHaveLength(1);

    box.retry(entry.id, (p) => ({ ...(p as object), confirm_group_changes: true }));
    await vi.waitFor(() => expect(box.get().entries).toHaveLength(0));
    const sent = posts("/api/incidents");
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ key: entry.id, body: { confirm_group_changes: true } });
  });

  it("keeps the incident when a photo is refused, saying which and why", async () => {
    reply = (call) =>
      call.url.includes("/attachments")
        ? json(422, { code: "FILE_TYPE_NOT_ALLOWED", message: "Ese tipo de archivo no se acepta." })
        : server(call);
    const { outboxFor, queueIncident } = await load();
    const box = outboxFor("colegio-demo:7");
    await box.ready;
    queueIncident(box, body, new Map([[11, 5]]), [photo()], summary, "6a7b8c9d-0e1f-4a2b-b3c4-d5e6f7a8b9c0");
    await vi.waitFor(() => expect(box.get().sent).toHaveLength(1));
    expect(box.get().sent[0]!.refusedFiles).toEqual([
      { name: "patio.jpg", reason: "Ese tipo de archivo no se acepta." },
    ]);
    expect(box.get().entries).toHaveLength(0);
  });

  it("sends an entry one tab kept from another tab of the same device, once", async () => {
    reply = down;
    const tabA = await load();
    const a = tabA.outboxFor("colegio-demo:7");
    await a.ready;
    tabA.queueObservation(
      a,
      {
        student_id: 11,
        observation_type_id: 2,
        text: "Ayudó a recoger.",
        observed_on: "2026-11-26",
        visible_to_family: true,
      },
      { ...summary, files: 0 },
      "7b8c9d0e-1f2a-4b3c-8d4e-f5a6b7c8d9e0",
    );
    await vi.waitFor(() => expect(a.get().entries[0]?.attempts).toBe(1));

    reply = server;
    const tabB = await load({ keepPrevious: true });
    const b = tabB.outboxFor("colegio-demo:7");
    await b.sync();
    await vi.waitFor(() => expect(a.get().entries).toHaveLength(0));
    expect(
      posts("/api/accompaniment-observations").filter((c) => c.key === "7b8c9d0e-1f2a-4b3c-8d4e-f5a6b7c8d9e0").length,
    ).toBeGreaterThanOrEqual(1);
    expect(new Set(posts("/api/accompaniment-observations").map((c) => c.key)).size).toBe(1);
  });
});
