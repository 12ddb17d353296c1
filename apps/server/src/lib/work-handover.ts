import {
  type ErrorCode,
  HANDOVER_KINDS,
  type HandoverItem,
  type HandoverKind,
  type Language,
  type OpenWorkCount,
} from "@convive/domain";
import type { Tx } from "../db/client.ts";

/** Who reads the list: their language, and their grants (a kind may show more to readers of its own area). */
export interface HandoverReader {
  lang: Language;
  grants: ReadonlySet<string>;
}

/** One handover as chosen: this kind's items go from `from` to `to`, inside the reassignment's transaction. */
export interface HandoverMove {
  from: number;
  to: number;
  /** The receiver's name, for the timeline entries that name the new responsible. */
  toName: string;
  /** The ids of this kind's items to hand over (each one `from` holds; the service has checked it). */
  ids: readonly string[];
  /** The whole selection, every kind: a rule may depend on what else moves (a group and its subjects). */
  selection: Readonly<Partial<Record<HandoverKind, readonly string[]>>>;
  /** Who applies it: the author of the timeline entries. */
  actorId: number;
  /** The reassignment's row in the history (0 in a preview), named in the timeline entries. */
  reassignmentId: number;
}

/** What stops a move, if anything, and which items merge into what the receiver already holds. */
export interface HandoverCheck {
  problem: { code: ErrorCode; params?: Record<string, string | number> } | null;
  /** Ids whose row the receiver already has (a subject they already teach, a meeting they already attend). */
  merged: ReadonlySet<string>;
}

/**
 * A kind of work one user can hand to another (issue 31 §2): head-teacher groups, teaching assignments, formative
 * actions, parent meetings, protocol steps, referrals, forms. Each is its module's own SQL, exported by its
 * index.ts and listed in app.ts's `workHandovers`; the user-reassignment module and the school-users warning know
 * none of them by name. "Open" work only: what is done, closed, past or of a closed year stays as history.
 */
export interface WorkHandover {
  kind: HandoverKind;
  /** How many open items each member of the school holds: one statement for the whole school. */
  countByUser(tx: Tx, schoolId: string): Promise<Map<number, number>>;
  /** The open items `userId` holds, in the reader's language, in the order the screen lists them. */
  held(tx: Tx, schoolId: string, userId: number, reader: HandoverReader): Promise<HandoverItem[]>;
  /** The rules of this kind for the move (checked by the preview and again by the apply). */
  check(tx: Tx, schoolId: string, move: HandoverMove): Promise<HandoverCheck>;
  /** Hands the items over and writes what the kind's own history keeps (the incident's timeline). */
  apply(tx: Tx, schoolId: string, move: HandoverMove): Promise<void>;
}

/** A check with nothing to say. */
export const NO_PROBLEM: HandoverCheck = { problem: null, merged: new Set() };

/** The numeric ids of a move (every kind but teaching assignments names rows by one id). */
export const rowIds = (ids: readonly string[]) => ids.map(Number);

/** How many open items of each kind `userId` holds, in the order of the domain's kinds (every kind listed). */
export async function openWorkOf(
  tx: Tx,
  schoolId: string,
  userId: number,
  handovers: readonly WorkHandover[],
): Promise<OpenWorkCount[]> {
  const counts = new Map<HandoverKind, number>();
  for (const h of handovers) counts.set(h.kind, (await h.countByUser(tx, schoolId)).get(userId) ?? 0);
  return HANDOVER_KINDS.filter((kind) => counts.has(kind)).map((kind) => ({ kind, count: counts.get(kind)! }));
}
