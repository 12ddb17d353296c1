import type { MessageReceipt } from "@convive/domain";
import type { TFunction } from "i18next";

/** How the screen writes an instant: the dates helper's (useDates()) time, date and date-time. */
export interface Clock {
  time: (at: string) => string;
  date: (at: string) => string;
  dateTime: (at: string) => string;
}

/** "10:32" for today (on the school's clock), "24 nov 2026, 10:32" for any other day. */
export function shortWhen(at: string, now: Date, clock: Clock): string {
  return clock.date(at) === clock.date(now.toISOString()) ? clock.time(at) : clock.dateTime(at);
}

/**
 * What shows under one's own message: "Enviado" until someone reads it, then "Leído por Ana López, 10:32" — every
 * reader in the order they read it, "Leído por Ana López, 10:32 · Jorge Ramírez, 11:05" (per-recipient receipts,
 * issue 27 §1).
 */
export function receiptText(t: TFunction, readBy: readonly MessageReceipt[], now: Date, clock: Clock): string {
  if (readBy.length === 0) return t("messages:receipt.sent");
  const readers = [...readBy]
    .sort((a, b) => a.read_at.localeCompare(b.read_at))
    .map((r) => t("messages:receipt.reader", { name: r.name, when: shortWhen(r.read_at, now, clock) }));
  return t("messages:receipt.readBy", { readers: readers.join(" · ") });
}
