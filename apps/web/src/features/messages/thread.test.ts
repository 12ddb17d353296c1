import type { ThreadMessage } from "@convive/domain";
import { formatDate } from "@convive/domain/core";
import { describe, expect, it } from "vitest";
import { countLabel, groupThread, newestFromOthers } from "./thread.ts";

const ME = 7;
const person = (id: number, family = false) => ({ id, name: `P${id}`, role: family ? "Familiar" : "Docente", family });

function message(id: number, authorId: number, createdAt: string): ThreadMessage {
  return {
    id,
    conversation_id: 1,
    student_id: 3,
    incident_id: null,
    incident_folio: null,
    author: person(authorId, authorId !== ME),
    body: `m${id}`,
    urgent: false,
    created_at: createdAt,
    corrected_at: null,
    previous_bodies: [],
    can_correct: false,
    attachments: [],
    read_by: [],
  };
}

const dayOf = (at: string) => formatDate(at, { lang: "es", timeZone: "America/Mexico_City" });

describe("the thread as it is drawn", () => {
  it("keeps the server's order, splits it by day on the school's clock and marks the reader's own", () => {
    const days = groupThread(
      [
        message(1, ME, "2026-11-24T23:00:00.000Z"), // 24 Nov, 17:00 in Mexico City
        message(2, 20, "2026-11-25T05:30:00.000Z"), // still 24 Nov, 23:30
        message(3, 20, "2026-11-25T15:00:00.000Z"), // 25 Nov
      ],
      ME,
      dayOf,
    );
    expect(days.map((d) => d.day)).toEqual(["24 nov 2026", "25 nov 2026"]);
    expect(days[0]!.items.map((i) => [i.message.id, i.mine])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(days[1]!.items.map((i) => i.message.id)).toEqual([3]);
  });

  it("names the author at the start of each run: a new author, a new day or ten minutes of silence", () => {
    const days = groupThread(
      [
        message(1, 20, "2026-11-25T15:00:00.000Z"),
        message(2, 20, "2026-11-25T15:04:00.000Z"), // same author, 4 minutes later: same run
        message(3, ME, "2026-11-25T15:05:00.000Z"), // another author
        message(4, ME, "2026-11-25T15:30:00.000Z"), // same author after 25 minutes
      ],
      ME,
      dayOf,
    );
    expect(days[0]!.items.map((i) => i.showAuthor)).toEqual([true, false, true, true]);
  });

  it("finds the newest message by someone else (what opening or a new arrival marks read)", () => {
    const messages = [message(1, 20, "2026-11-25T15:00:00.000Z"), message(2, ME, "2026-11-25T15:01:00.000Z")];
    expect(newestFromOthers(messages, ME)).toBe(1);
    expect(newestFromOthers([messages[1]!], ME)).toBeNull();
    expect(newestFromOthers([], ME)).toBeNull();
  });

  it("caps a badge at 99+", () => {
    expect(countLabel(7)).toBe("7");
    expect(countLabel(99)).toBe("99");
    expect(countLabel(100)).toBe("99+");
  });
});
