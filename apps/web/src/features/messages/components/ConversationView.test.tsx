import type { Conversation, ThreadMessage } from "@convive/domain";
import { ERRORS } from "@convive/domain/core";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { ConversationView } from "./ConversationView.tsx";

// The session is read when its module loads: the signed-in teacher (user 7) in one school.
vi.hoisted(() => {
  localStorage.setItem("token", "t");
  localStorage.setItem("user_id", "7");
  localStorage.setItem("school_id", "colegio");
});

const teacher = { id: 7, name: "Ana López", role: "Docente", family: false };
const mother = { id: 20, name: "Gabriela Torres", role: "Familiar", family: true };

function message(over: Partial<ThreadMessage> & { id: number }): ThreadMessage {
  return {
    conversation_id: 1,
    student_id: 3,
    incident_id: null,
    incident_folio: null,
    author: teacher,
    body: `Mensaje ${over.id}`,
    urgent: false,
    created_at: "2026-11-25T16:00:00.000Z",
    corrected_at: null,
    previous_bodies: [],
    can_correct: false,
    attachments: [],
    read_by: [],
    ...over,
  };
}

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  id: 1,
  student: { id: 3, name: "Diego Ramírez Torres", group: "1° A Secundaria" },
  team: [teacher],
  family: [mother],
  messages: [
    message({
      id: 1,
      urgent: true,
      incident_id: 12,
      incident_folio: "2026-0012",
      body: "Diego se lastimó en el recreo.",
      read_by: [{ user_id: 20, name: "Gabriela Torres", read_at: "2026-11-25T16:32:00.000Z" }],
      attachments: [{ id: 5, file_name: "parte.pdf", mime_type: "application/pdf", size: 2048, url: "/api/x/5" }],
    }),
    message({ id: 2, author: mother, body: "Gracias, voy por él.", created_at: "2026-11-25T16:40:00.000Z" }),
    message({
      id: 3,
      body: "La enfermera ya lo revisó.",
      created_at: "2026-11-25T16:45:00.000Z",
      corrected_at: "2026-11-25T16:47:00.000Z",
      previous_bodies: [{ body: "La enfermera lo revisó", replaced_at: "2026-11-25T16:47:00.000Z" }],
    }),
  ],
  can_write: true,
  can_mark_urgent: true,
  cannot_write_reason: null,
  ...over,
});

function serve(answer: Conversation) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
      if (url.startsWith("/api/users/7")) {
        return json({
          user: { id: 7, roles: [{ name: "Docente" }], permissions: ["messages.read", "messages.create"] },
        });
      }
      if (url === "/api/students/3/conversation") return json(answer);
      if (url === "/api/students/3/conversation/read") return json({ conversations: 0, announcements: 0, total: 0 });
      return new Response(JSON.stringify({ message: "no", code: "NOT_FOUND" }), { status: 404 });
    }),
  );
  return calls;
}

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <ConversationView studentId={3} />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  // jsdom has no FontFaceSet; the autosizing textarea listens to it.
  if (!("fonts" in document)) {
    Object.defineProperty(document, "fonts", {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
  await i18n.loadNamespaces(["messages", "common"]);
  await i18n.changeLanguage("es");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a conversation (message details)", () => {
  it("draws the thread oldest first with its marks, receipts under one's own, and marks it read", async () => {
    const calls = serve(conversation());
    renderView();
    const log = await screen.findByRole("log", { name: "Conversación sobre Diego Ramírez Torres" });
    const items = within(log).getAllByTestId("message");
    expect(items.map((li) => li.getAttribute("data-mine") === "true")).toEqual([true, false, true]);

    const first = items[0]!;
    expect(within(first).getByText("Urgente")).toBeTruthy();
    expect(within(first).getByRole("link", { name: "Abrir la incidencia 2026-0012" }).getAttribute("href")).toBe(
      "/incident-details?id=12",
    );
    expect(within(first).getByRole("button", { name: "Descargar parte.pdf" })).toBeTruthy();
    expect(within(first).getByTestId("receipt").textContent).toMatch(/^Leído por Gabriela Torres, \d/);

    // The mother's reply carries no receipt of the reader's; the last one, unread yet, says "Enviado".
    expect(within(items[1]!).queryByTestId("receipt")).toBeNull();
    expect(within(items[2]!).getByTestId("receipt").textContent).toBe("Enviado");
    expect(within(items[2]!).getByText("Corregido")).toBeTruthy();

    // Staff may read what a corrected message said before.
    fireEvent.click(within(items[2]!).getByRole("button", { name: "Ver la versión anterior" }));
    expect(within(items[2]!).getByText("La enfermera lo revisó")).toBeTruthy();

    expect(screen.getByRole("textbox", { name: "Mensaje" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: /Urgente/ })).toBeTruthy();
    await waitFor(() => expect(calls).toContain("POST /api/students/3/conversation/read"));
  });

  it("says why the reader may not write, from the catalogue of error texts", async () => {
    serve(conversation({ id: null, messages: [], can_write: false, cannot_write_reason: "MESSAGE_STARTERS_ONLY" }));
    renderView();
    const reason = await screen.findByTestId("cannot-write");
    expect(reason.textContent).toBe(ERRORS.MESSAGE_STARTERS_ONLY.es);
    expect(screen.queryByRole("textbox", { name: "Mensaje" })).toBeNull();
    expect(screen.getByText("Aún no hay mensajes.")).toBeTruthy();
  });
});
