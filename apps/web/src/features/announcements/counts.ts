import type { AnnouncementAudience, AnnouncementAudienceKind } from "@convive/domain";
import type { TFunction } from "i18next";

export interface Counts {
  recipients: number;
  read: number;
  confirmed: number;
}

/**
 * The sender's one-line summary: "leído 12/24 · confirmado 6/24" ("read 12/24 · confirmed 6/24"); the confirmed
 * part only when families were asked to confirm.
 */
export function countsText(t: TFunction, counts: Counts, needsConfirmation: boolean): string {
  const read = t("announcements:counts.read", { done: counts.read, total: counts.recipients });
  if (!needsConfirmation) return read;
  return `${read} · ${t("announcements:counts.confirmed", { done: counts.confirmed, total: counts.recipients })}`;
}

/** A share as a whole percentage for a progress bar (0 when nobody is addressed, never above 100). */
export const percent = (done: number, total: number) =>
  total <= 0 ? 0 : Math.min(100, Math.max(0, Math.round((done / total) * 100)));

/** An audience as one string (a select's value): "group:12", "grade:3", "section:1", "school". */
export const audienceKey = (audience: AnnouncementAudience) =>
  audience.kind === "school" ? "school" : `${audience.kind}:${audience.id}`;

/** The audience a select's value names, or null for anything else. */
export function audienceOf(key: string | null | undefined): AnnouncementAudience | null {
  if (key === "school") return { kind: "school" };
  const match = /^(group|grade|section):([1-9]\d{0,9})$/.exec(key ?? "");
  if (!match) return null;
  return { kind: match[1] as Exclude<AnnouncementAudienceKind, "school">, id: Number(match[2]) };
}

export interface AudienceOption {
  audience: AnnouncementAudience;
  label: string;
  families: number;
}

/** "3° A Primaria · 24 familias": what the picker offers, with how many families the choice reaches. */
export const audienceOptionLabel = (t: TFunction, option: AudienceOption) =>
  `${option.label} · ${t("announcements:compose.families", { count: option.families })}`;

/** The picker's entries grouped by kind — the whole school, sections, grades, groups — keeping the server's order. */
export function audienceGroups(t: TFunction, options: readonly AudienceOption[]) {
  const order: AnnouncementAudienceKind[] = ["school", "section", "grade", "group"];
  return order
    .map((kind) => ({
      group: t(`announcements:compose.kinds.${kind}`),
      items: options
        .filter((o) => o.audience.kind === kind)
        .map((o) => ({ value: audienceKey(o.audience), label: audienceOptionLabel(t, o) })),
    }))
    .filter((g) => g.items.length > 0);
}
