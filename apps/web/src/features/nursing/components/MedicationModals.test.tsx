import type { StudentNursing } from "@convive/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../../lib/i18n.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { AuthorizationModal } from "./MedicationModals.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeAll(async () => {
  await i18n.loadNamespaces(["nursing", "externalSupport"]);
  await i18n.changeLanguage("es");
});

/** The parts of GET /api/students/:id/nursing the dialog reads. */
const fileOf = (family: boolean) =>
  ({ student: { id: 12, name: "Diego Ramírez" }, family, authorizations: [] }) as unknown as StudentNursing;

/** The network: the support-file upload answers its stored file; the authorisation is recorded. */
function server() {
  const sent: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? "GET";
    sent.push({ url, method, body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body });
    if (url.includes("/api/support-attachments")) {
      const stored = { id: 77, file_name: "autorizacion.png", content_type: "image/png", size: 4, url: "/x" };
      return new Response(JSON.stringify({ data: stored }), { status: 201 });
    }
    if (url.includes("/medication-authorizations")) {
      return new Response(JSON.stringify({ data: { authorizations: [] } }), { status: 201 });
    }
    return new Response(JSON.stringify({ message: "Not found", code: "NOT_FOUND" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return sent;
}

const fill = () => {
  fireEvent.change(screen.getByLabelText(/Medicamento/), { target: { value: "Ibuprofeno" } });
  fireEvent.change(screen.getByLabelText(/Dosis/), { target: { value: "200 mg" } });
};

describe("the medication authorisation dialog", () => {
  it("lets the nurse upload the family's signed paper and saves the authorisation naming it", async () => {
    const sent = server();
    const onClose = vi.fn();
    renderWithProviders(<AuthorizationModal file={fileOf(false)} onClose={onClose} />);
    expect(screen.getByText("Documento firmado por la familia")).toBeTruthy();
    fill();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const paper = new File([new Uint8Array([137, 80, 78, 71])], "autorizacion.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [paper] } });
    expect(await screen.findByText("autorizacion.png")).toBeTruthy();
    await waitFor(() => expect(sent.some((r) => r.url.includes("/api/support-attachments?name="))).toBe(true));
    await screen.findByLabelText("Subido");
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saved = sent.find((r) => r.url.endsWith("/api/students/12/medication-authorizations"));
    expect(saved?.method).toBe("POST");
    expect(saved?.body).toMatchObject({ medicine: "Ibuprofeno", dose: "200 mg", document_id: 77 });
  });

  it("asks a family for no paper: it authorises in the app", async () => {
    const sent = server();
    const onClose = vi.fn();
    renderWithProviders(<AuthorizationModal file={fileOf(true)} onClose={onClose} />);
    expect(screen.queryByText("Documento firmado por la familia")).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Autorizar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((r) => r.url.includes("/medication-authorizations"))?.body).toMatchObject({ document_id: null });
  });
});
