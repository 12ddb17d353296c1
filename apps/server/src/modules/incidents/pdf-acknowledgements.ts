import {
  type Acknowledgement,
  type IncidentAcknowledgements,
  type IncidentDetail,
  type Language,
  OPTION_LABELS,
} from "@convive/domain";

/** What the incident's PDF lends this section: its headings, lines and dates on the school's clock. */
export interface PdfPen {
  heading(title: string): void;
  line(value: string, options?: { indent?: number; bold?: boolean }): void;
  when(iso: string | null): string;
  lang: Language;
}

const WORDS = {
  title: { es: "Acuse de la familia", en: "Family acknowledgement" },
  acknowledged: { es: "Enterado el", en: "Read on" },
  notYet: { es: "Sin acuse", en: "Not acknowledged" },
  disagrees: { es: "No está de acuerdo", en: "Disagrees" },
  comment: { es: "Comentario", en: "Comment" },
  session: { es: "sesión", en: "session" },
  reminded: { es: "Último recordatorio", en: "Last reminder" },
  noFamily: { es: "Sin familiares registrados", en: "No family member on record" },
  minutes: { es: "Minuta de la junta del", en: "Minutes of the meeting of" },
  none: { es: "Nadie ha confirmado aún.", en: "Nobody has acknowledged it yet." },
} as const;

const relationship = (value: string, lang: Language) =>
  (OPTION_LABELS as Record<string, { es: string; en: string } | undefined>)[value]?.[lang] ?? value;

/**
 * The families' acknowledgements on the incident's PDF (issue 30 §1). The school's copy lists every student's
 * family member, acknowledged or not, with when, from which session, what they said and the last reminder; a
 * family's copy its own household's acknowledgements. A meeting's minutes acknowledged follow.
 */
export function printAcknowledgements(
  pen: PdfPen,
  incident: Pick<IncidentDetail, "meetings" | "visible_to_family">,
  acks: IncidentAcknowledgements | undefined,
  /** Whose copy: the school's ("staff") or a family's. */
  reader: "staff" | "family",
) {
  if (!acks) return;
  const minutes = acks.meetings.filter((m) => m.acknowledgements.length > 0);
  if (!incident.visible_to_family && acks.acknowledgements.length === 0 && minutes.length === 0) return;
  const t = (words: { es: string; en: string }) => words[pen.lang];
  const acknowledged = (a: Acknowledgement) => {
    const session = reader === "staff" ? ` (${t(WORDS.session)} ${a.session.id.slice(0, 8)})` : "";
    return `${t(WORDS.acknowledged)} ${pen.when(a.acknowledged_at)}${session}`;
  };
  const said = (a: Acknowledgement, indent: number) => {
    if (a.disagrees) pen.line(`${t(WORDS.disagrees)}: «${a.comment ?? ""}»`, { indent, bold: true });
    else if (a.comment) pen.line(`${t(WORDS.comment)}: «${a.comment}»`, { indent });
  };

  pen.heading(t(WORDS.title));
  if (reader === "staff") {
    const byId = new Map(acks.acknowledgements.map((a) => [a.id, a]));
    for (const family of acks.families) {
      const group = family.student.group_label ? ` · ${family.student.group_label}` : "";
      pen.line(`• ${family.student.name}${group}`, { bold: true });
      if (family.members.length === 0) pen.line(t(WORDS.noFamily), { indent: 10 });
      for (const m of family.members) {
        const ack = m.acknowledgement_id === null ? undefined : byId.get(m.acknowledgement_id);
        const who = `${m.user.name} (${relationship(m.relationship, pen.lang)})`;
        pen.line(`${who}: ${ack ? acknowledged(ack) : t(WORDS.notYet)}`, { indent: 10 });
        if (ack) said(ack, 20);
      }
      if (family.reminded_at) pen.line(`${t(WORDS.reminded)}: ${pen.when(family.reminded_at)}`, { indent: 10 });
    }
  } else {
    if (acks.acknowledgements.length === 0) pen.line(t(WORDS.none));
    for (const a of acks.acknowledgements) {
      pen.line(`• ${a.user.name}: ${acknowledged(a)}`);
      said(a, 10);
    }
  }
  for (const m of minutes) {
    const meeting = incident.meetings.find((x) => x.id === m.meeting_id);
    pen.line(`${t(WORDS.minutes)} ${pen.when(meeting?.scheduled_at ?? null)}`, { bold: true });
    for (const a of m.acknowledgements) {
      pen.line(`${a.user.name}: ${acknowledged(a)}`, { indent: 10 });
      said(a, 20);
    }
  }
}
