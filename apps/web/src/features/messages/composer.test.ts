import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  attachmentProblem,
  charactersLeft,
  composerProblem,
  correctionLeftMs,
  correctionOpen,
  isSendShortcut,
  keptUploads,
  sendBody,
  type Upload,
} from "./composer.ts";

const MB = 1024 * 1024;
const upload = (key: number, status: Upload["status"], id?: number): Upload => ({
  key,
  name: `f${key}.pdf`,
  size: 1000,
  status,
  attachment: id
    ? { id, file_name: `f${key}.pdf`, mime_type: "application/pdf", size: 1000, url: `/a/${id}` }
    : undefined,
});

describe("the composer's rules (checked again by the server)", () => {
  it("sends trimmed text of one to MESSAGE_MAX_LENGTH characters, once the files are uploaded", () => {
    expect(composerProblem("   \n ", [])).toBe("empty");
    expect(composerProblem("Hola", [])).toBeNull();
    expect(composerProblem(`  ${"a".repeat(MESSAGE_MAX_LENGTH)}  `, [])).toBeNull();
    expect(composerProblem("a".repeat(MESSAGE_MAX_LENGTH + 1), [])).toBe("tooLong");
    expect(composerProblem("Hola", [upload(1, "uploading")])).toBe("uploading");
    expect(composerProblem("Hola", [upload(1, "failed")])).toBe("failedUpload");
    // A refused file was never going to go: it does not hold the message back.
    expect(composerProblem("Hola", [upload(1, "refused"), upload(2, "done", 9)])).toBeNull();
  });

  it("counts the characters left as the server does", () => {
    expect(charactersLeft("  hola  ")).toBe(MESSAGE_MAX_LENGTH - 4);
    expect(charactersLeft("a".repeat(MESSAGE_MAX_LENGTH + 3))).toBe(-3);
  });

  it("takes the app's upload types within the school's size, up to MESSAGE_MAX_ATTACHMENTS files", () => {
    const pdf = { name: "carta.pdf", type: "application/pdf", size: 2 * MB };
    expect(attachmentProblem(pdf, 10, 0)).toBeNull();
    // A phone's typeless photo is known by its extension.
    expect(attachmentProblem({ name: "foto.JPG", type: "", size: MB }, 10, 0)).toBeNull();
    expect(attachmentProblem({ name: "virus.exe", type: "application/x-msdownload", size: 10 }, 10, 0)).toEqual({
      key: "wrongType",
    });
    expect(attachmentProblem({ ...pdf, size: 11 * MB }, 10, 0)).toEqual({ key: "tooLarge", size: 10 });
    expect(attachmentProblem(pdf, 10, MESSAGE_MAX_ATTACHMENTS)).toEqual({
      key: "tooMany",
      max: MESSAGE_MAX_ATTACHMENTS,
    });
    // Files refused or failed do not count against the limit.
    expect(
      keptUploads([upload(1, "refused"), upload(2, "failed"), upload(3, "uploading"), upload(4, "done", 4)]),
    ).toHaveLength(2);
  });

  it("sends Ctrl+Enter or ⌘+Enter, never Enter alone or mid-composition", () => {
    expect(isSendShortcut({ key: "Enter", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: "Enter", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: "Enter", ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: "a", ctrlKey: true, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: "Enter", ctrlKey: true, metaKey: false, nativeEvent: { isComposing: true } })).toBe(
      false,
    );
  });

  it("marks a message urgent only where the reader may, with the incident and the uploaded files", () => {
    const uploads = [upload(1, "done", 31), upload(2, "refused"), upload(3, "done", 32)];
    expect(sendBody({ body: "  Hola  ", urgent: true, canMarkUrgent: true, incidentId: 12, uploads })).toEqual({
      body: "Hola",
      urgent: true,
      incident_id: 12,
      attachment_ids: [31, 32],
    });
    // A family never sends urgent (the server would refuse it).
    expect(sendBody({ body: "Hola", urgent: true, canMarkUrgent: false, uploads: [] })).toEqual({
      body: "Hola",
      urgent: false,
      incident_id: null,
      attachment_ids: [],
    });
  });

  it("offers a correction while the server allows it and the ten minutes have not passed", () => {
    const sent = { can_correct: true, created_at: "2026-11-25T16:00:00.000Z" };
    expect(correctionOpen(sent, new Date("2026-11-25T16:09:59.000Z"))).toBe(true);
    expect(correctionOpen(sent, new Date("2026-11-25T16:10:00.000Z"))).toBe(false);
    expect(correctionOpen({ ...sent, can_correct: false }, new Date("2026-11-25T16:01:00.000Z"))).toBe(false);
    expect(correctionLeftMs(sent, new Date("2026-11-25T16:09:00.000Z"))).toBe(60_000);
    expect(correctionLeftMs(sent, new Date("2026-11-25T16:11:00.000Z"))).toBe(0);
  });
});
