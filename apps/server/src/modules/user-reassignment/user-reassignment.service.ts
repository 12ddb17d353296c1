import {
  HANDOVER_KINDS,
  type HandoverKind,
  type Language,
  type OpenWorkCount,
  type PreviewKind,
  type ReassignmentBody,
  type ReassignmentEntry,
  type ReassignmentHistory,
  type ReassignmentHistoryQuery,
  type ReassignmentMember,
  type ReassignmentPreview,
  type UserWork,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { lockSchoolStructure } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { type HandoverMove, type HandoverReader, openWorkOf, type WorkHandover } from "../../lib/work-handover.ts";
import { render } from "../../plugins/errors.ts";
import { isActiveStaff } from "../structure/index.ts";
import * as repo from "./user-reassignment.repository.ts";

type Selection = Partial<Record<HandoverKind, string[]>>;

/** Every kind in the order of the domain's list, whatever order app.ts lists the modules' handovers in. */
const ordered = (handovers: readonly WorkHandover[]) =>
  [...handovers].sort((a, b) => HANDOVER_KINDS.indexOf(a.kind) - HANDOVER_KINDS.indexOf(b.kind));

/** The kinds chosen with their ids, each id once; kinds with nothing chosen left out. */
function normalise(items: ReassignmentBody["items"]): Selection {
  const out: Selection = {};
  for (const kind of HANDOVER_KINDS) {
    const ids = [...new Set(items[kind] ?? [])];
    if (ids.length > 0) out[kind] = ids;
  }
  return out;
}

/**
 * User reassignment (issue 31 §2): what a user holds of each kind of work, a preview of handing the chosen part to
 * another member, and the apply — all of it or nothing, in one transaction, recorded in the history and on each
 * incident's timeline by the modules that own the work.
 */
export function createReassignmentService(deps: { db: Db; events: EventBus; handovers: readonly WorkHandover[] }) {
  const { db, events } = deps;
  const handovers = ordered(deps.handovers);

  /** Open work per user of the school, per kind: one statement per kind. */
  async function countsOf(tx: Tx, schoolId: string) {
    const perKind = await Promise.all(handovers.map(async (h) => [h.kind, await h.countByUser(tx, schoolId)] as const));
    return (userId: number): OpenWorkCount[] =>
      perKind.map(([kind, counts]) => ({ kind, count: counts.get(userId) ?? 0 }));
  }

  const presentMember = (m: repo.MemberRow, counts: OpenWorkCount[]): ReassignmentMember => ({
    id: m.id,
    name: m.name,
    email: m.email,
    profile: m.profile,
    is_active: m.isActive,
    open_work: counts.reduce((sum, c) => sum + c.count, 0),
  });

  /** The members who may give or receive work, with their open work (inactive ones too). */
  async function members(schoolId: string, lang: Language): Promise<ReassignmentMember[]> {
    const [rows, countOf] = await Promise.all([repo.staffMembers(db, schoolId, lang), countsOf(db, schoolId)]);
    return rows.map((m) => presentMember(m, countOf(m.id)));
  }

  /** A member of the school (404 for anyone else, another school's people included). */
  async function memberOf(tx: Tx, schoolId: string, userId: number, lang: Language) {
    const [row] = await repo.staffMembers(tx, schoolId, lang, [userId]);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  // One after the other: inside the apply's transaction they share one connection.
  async function heldBy(tx: Tx, schoolId: string, userId: number, reader: HandoverReader) {
    const kinds = [];
    for (const h of handovers) kinds.push({ kind: h.kind, items: await h.held(tx, schoolId, userId, reader) });
    return kinds;
  }

  /** What a member holds today, kind by kind. */
  async function work(schoolId: string, userId: number, reader: HandoverReader): Promise<UserWork> {
    const member = await memberOf(db, schoolId, userId, reader.lang);
    const kinds = await heldBy(db, schoolId, userId, reader);
    const counts = kinds.map((k) => ({ kind: k.kind, count: k.items.length }));
    return { user: presentMember(member, counts), kinds };
  }

  /**
   * The two people and the choice, checked: both members of the school (404), not the same (422), the receiver
   * active staff (422 NOT_STAFF); every item chosen still the giver's (409 REASSIGN_WORK_CHANGED otherwise).
   */
  async function prepare(tx: Tx, schoolId: string, body: ReassignmentBody, reader: HandoverReader) {
    if (body.from_user_id === body.to_user_id) {
      throw new AppError("REASSIGN_SAME_USER", { to_user_id: "REASSIGN_SAME_USER" });
    }
    const from = await memberOf(tx, schoolId, body.from_user_id, reader.lang);
    const to = await memberOf(tx, schoolId, body.to_user_id, reader.lang);
    if (to.familiar || !(await isActiveStaff(tx, schoolId, to.id))) {
      throw new AppError("NOT_STAFF", { to_user_id: "NOT_STAFF" });
    }
    const selection = normalise(body.items);
    const held = await heldBy(tx, schoolId, from.id, reader);
    const chosen = held
      .filter((k) => selection[k.kind])
      .map((k) => {
        const ids = new Set(selection[k.kind]);
        const items = k.items.filter((item) => ids.has(item.id));
        if (items.length !== ids.size) {
          throw new AppError("REASSIGN_WORK_CHANGED", { [`items.${k.kind}`]: "REASSIGN_WORK_CHANGED" });
        }
        return { kind: k.kind, items };
      });
    const heldCounts = held.map((k) => ({ kind: k.kind, count: k.items.length }));
    return { from, to, selection, chosen, heldCounts };
  }

  const moveOf = (
    p: Awaited<ReturnType<typeof prepare>>,
    kind: HandoverKind,
    actorId: number,
    reassignmentId: number,
  ): HandoverMove => ({
    from: p.from.id,
    to: p.to.id,
    toName: p.to.name,
    ids: p.selection[kind] ?? [],
    selection: p.selection,
    actorId,
    reassignmentId,
  });

  const handoverOf = (kind: HandoverKind) => handovers.find((h) => h.kind === kind)!;

  /** What applying would do: each chosen item moved or merged, and whatever rule stops a kind. Changes nothing. */
  async function preview(
    schoolId: string,
    actorId: number,
    body: ReassignmentBody,
    reader: HandoverReader,
  ): Promise<ReassignmentPreview> {
    const p = await prepare(db, schoolId, body, reader);
    const kinds: PreviewKind[] = [];
    for (const { kind, items } of p.chosen) {
      const check = await handoverOf(kind).check(db, schoolId, moveOf(p, kind, actorId, 0));
      kinds.push({
        kind,
        items: items.map((item) => ({ ...item, outcome: check.merged.has(item.id) ? "merged" : "moved" })),
        problem: check.problem
          ? { code: check.problem.code, message: render(check.problem.code, reader.lang, check.problem.params) }
          : null,
      });
    }
    const toCounts = await openWorkOf(db, schoolId, p.to.id, handovers);
    return {
      from: presentMember(p.from, p.heldCounts),
      to: presentMember(p.to, toCounts),
      kinds,
      ready: kinds.length > 0 && kinds.every((k) => k.problem === null),
    };
  }

  /**
   * Hands the chosen work over: one transaction, in the order of the kinds, each kind's rules checked again inside
   * it; any refusal leaves everything as it was. Recorded in the history; the modules write their timelines.
   */
  async function apply(
    schoolId: string,
    actorId: number,
    body: ReassignmentBody,
    reader: HandoverReader,
  ): Promise<ReassignmentEntry> {
    const id = await db.transaction(async (tx) => {
      // Structure changes (groups, assignments, profiles, deactivations) take turns with a reassignment.
      await lockSchoolStructure(tx, schoolId);
      const p = await prepare(tx, schoolId, body, reader);
      if (p.chosen.length === 0) throw new AppError("REASSIGN_NOTHING_CHOSEN", { items: "REASSIGN_NOTHING_CHOSEN" });
      const row = await repo.insertReassignment(tx, schoolId, {
        fromUserId: p.from.id,
        toUserId: p.to.id,
        byUserId: actorId,
        items: p.selection,
      });
      for (const { kind } of p.chosen) {
        const handover = handoverOf(kind);
        const move = moveOf(p, kind, actorId, row.id);
        const check = await handover.check(tx, schoolId, move);
        if (check.problem) {
          throw new AppError(check.problem.code, { [`items.${kind}`]: check.problem.code }, check.problem.params);
        }
        await handover.apply(tx, schoolId, move);
      }
      return row.id;
    });
    // Head teachers and assignments change teachers' payloads and what the rollups count (rebuilt on this event).
    events.emit("schools.changed", { schoolId });
    events.emit("memberships.changed", { schoolId, userId: body.from_user_id });
    events.emit("memberships.changed", { schoolId, userId: body.to_user_id });
    const { entries } = await historyOf(db, schoolId, { limit: 1, offset: 0, id });
    return entries[0]!;
  }

  async function historyOf(tx: Tx, schoolId: string, page: { limit: number; offset: number; id?: number }) {
    const { rows, total } = await repo.historyPage(tx, schoolId, page);
    const entries = rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      from: { id: r.fromId, name: r.fromName },
      to: { id: r.toId, name: r.toName },
      by: { id: r.byId, name: r.byName },
      counts: HANDOVER_KINDS.filter((k) => r.items[k]?.length).map((kind) => ({
        kind,
        count: r.items[kind]!.length,
      })),
    }));
    return { entries, total };
  }

  /** The school's reassignments, newest first. */
  async function history(schoolId: string, query: ReassignmentHistoryQuery): Promise<ReassignmentHistory> {
    const { entries, total } = await historyOf(db, schoolId, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { entries, total, page: query.page, per_page: query.per_page };
  }

  return { members, work, preview, apply, history };
}

export type ReassignmentService = ReturnType<typeof createReassignmentService>;
