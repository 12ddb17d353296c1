import { formatDate, formatDateTime, formatTime } from "@convive/domain/core";
import { beforeAll, describe, expect, it } from "vitest";
import i18n from "../../lib/i18n.ts";
import { type Clock, receiptText, shortWhen } from "./receipts.ts";

const clockIn = (lang: string): Clock => {
  const shown = { lang, timeZone: "America/Mexico_City" };
  return {
    time: (at) => formatTime(at, shown),
    date: (at) => formatDate(at, shown),
    dateTime: (at) => formatDateTime(at, shown),
  };
};

// 25 Nov 2026, 12:00 in Mexico City (UTC−6).
const NOW = new Date("2026-11-25T18:00:00.000Z");

beforeAll(async () => {
  await i18n.loadNamespaces("messages");
});

describe("read receipts under one's own message (issue 27 §1)", () => {
  it("say “Enviado” / “Sent” until someone reads it", async () => {
    await i18n.changeLanguage("es");
    expect(receiptText(i18n.t, [], NOW, clockIn("es"))).toBe("Enviado");
    await i18n.changeLanguage("en");
    expect(receiptText(i18n.t, [], NOW, clockIn("en"))).toBe("Sent");
  });

  it("name the reader and the time on the school's clock, in the screen's language", async () => {
    const readBy = [{ user_id: 4, name: "Ana López", read_at: "2026-11-25T16:32:00.000Z" }];
    await i18n.changeLanguage("es");
    expect(receiptText(i18n.t, readBy, NOW, clockIn("es"))).toBe("Leído por Ana López, 10:32");
    await i18n.changeLanguage("en");
    expect(receiptText(i18n.t, readBy, NOW, clockIn("en"))).toBe("Read by Ana López, 10:32 AM");
  });

  it("list every reader in the order they read it, with the day when it was not today", async () => {
    await i18n.changeLanguage("es");
    const readBy = [
      { user_id: 5, name: "Jorge Ramírez", read_at: "2026-11-25T17:05:00.000Z" },
      { user_id: 4, name: "Gabriela Torres", read_at: "2026-11-24T22:10:00.000Z" },
    ];
    expect(receiptText(i18n.t, readBy, NOW, clockIn("es"))).toBe(
      "Leído por Gabriela Torres, 24 nov 2026, 16:10 · Jorge Ramírez, 11:05",
    );
  });

  it("write today's instants as a time and other days' with their date", () => {
    const clock = clockIn("es");
    expect(shortWhen("2026-11-25T06:30:00.000Z", NOW, clock)).toBe("0:30");
    // 23:59 of the day before on the school's clock, though already the 25th in UTC.
    expect(shortWhen("2026-11-25T05:59:00.000Z", NOW, clock)).toBe("24 nov 2026, 23:59");
  });
});
