import type { RatingCell } from "@convive/domain";
import { useSyncExternalStore } from "react";
import {
  type Outbox,
  type OutboxEntry,
  outboxFor,
  registerSender,
  type Sender,
  useOutboxSync,
} from "../../lib/offline/outbox.ts";
import { ownerOf } from "../../lib/offline/store.ts";
import { type CellKey, sendCell } from "./api/ratings.ts";

/**
 * Every cell a teacher types is kept until the server has it (issue 13 §2: nothing typed is lost when the
 * connection drops). Since issue 32 §3 the cells wait in the device's one outbox (lib/offline/outbox.ts, IndexedDB),
 * beside the incidents registered offline: per school and user, kept through a reload or a closed tab, sent at
 * once, again when the browser is back online and every few seconds meanwhile, and on the next visit. A cell typed
 * again while it waits replaces the waiting value. A refusal (a value off the scale, a closed period) stays failed
 * with its reason until the teacher retries or types another value.
 */

export type CellStatus = "saving" | "saved" | "failed";

export interface QueuedCell extends CellKey {
  /** null: the cell is being emptied. */
  value: string | null;
  status: "saving" | "failed";
  /** The server's reason, when it refused. */
  error: string | null;
  /** Failed for want of a network: sent again by itself. */
  offline: boolean;
  /** Bumped on every change, so an older answer never overwrites a newer value. */
  seq: number;
}

type Saved = (cell: RatingCell | null, key: CellKey) => void;
interface CellPayload {
  key: CellKey;
  value: string | null;
}

const KIND = "rating-cell";
export const cellId = (k: CellKey) => `${k.period_id}:${k.student_id}:${k.measure_id}`;

/** How the outbox sends a cell (app/offline.ts registers it for every screen). */
export const sendQueuedCell: Sender = (entry) => {
  const { key, value } = entry.payload as CellPayload;
  return sendCell(key, value);
};

// Registered here too (app/offline.ts registers it lazily for every screen): the grid's own cells go at once.
registerSender(KIND, sendQueuedCell);

/** The browser says it has no network: the outbox does not even try, so a waiting cell is waiting for the connection. */
const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

function cellOf(entry: OutboxEntry): QueuedCell {
  const { key, value } = entry.payload as CellPayload;
  const offline = entry.state !== "refused" && (entry.attempts > 0 || (entry.state === "pending" && browserOffline()));
  return {
    ...key,
    value,
    status: entry.state === "refused" || offline ? "failed" : "saving",
    error: entry.state === "refused" ? (entry.errors?.value ?? entry.error) : offline ? entry.error : null,
    offline,
    seq: entry.seq,
  };
}

class SaveQueue {
  private saved = new Set<string>();
  private snapshot: { cells: Map<string, QueuedCell>; saved: Set<string> } = { cells: new Map(), saved: new Set() };
  private listeners = new Set<() => void>();
  onSaved: Saved = () => undefined;

  constructor(
    readonly outbox: Outbox,
    legacyKey: string,
  ) {
    outbox.subscribe(() => this.changed());
    outbox.onSent(KIND, (sent) => {
      const { key } = sent.payload as CellPayload;
      this.saved.add(cellId(key));
      this.onSaved(sent.result as RatingCell | null, key);
      this.changed();
    });
    this.moveLegacyQueue(legacyKey);
    // Going offline or back changes what a waiting cell says, though nothing in the outbox changed.
    if (typeof window !== "undefined") {
      window.addEventListener("offline", () => this.changed());
      window.addEventListener("online", () => this.changed());
    }
    this.changed();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  get = () => this.snapshot;

  private changed() {
    const { entries } = this.outbox.get();
    const mine = entries.filter((e) => e.kind === KIND);
    this.snapshot = {
      cells: new Map(mine.map((e) => [cellId((e.payload as CellPayload).key), cellOf(e)])),
      saved: new Set(this.saved),
    };
    for (const listener of this.listeners) listener();
  }

  /** Keeps the value and sends it. */
  put(key: CellKey, value: string | null) {
    this.saved.delete(cellId(key));
    this.outbox.add(KIND, { key, value } satisfies CellPayload, { slot: cellId(key) });
  }

  retry(id: string) {
    const entry = this.outbox.get().entries.find((e) => e.kind === KIND && e.slot === id);
    if (entry) this.outbox.retry(entry.id);
  }

  /** Sends again what is waiting: everything (refusals too) on start, the offline failures when the network is back. */
  flush(onlyOffline = false) {
    if (onlyOffline) void this.outbox.sync();
    else this.outbox.retryAll(KIND);
  }

  /** Cells kept in local storage by the earlier queue (before issue 32) move into the outbox, nothing lost. */
  private moveLegacyQueue(storageKey: string) {
    let stored: (CellKey & { value: string | null })[] = [];
    try {
      stored = JSON.parse(localStorage.getItem(storageKey) ?? "[]");
    } catch {
      // A damaged entry is dropped rather than breaking the screen.
    }
    localStorage.removeItem(storageKey);
    for (const cell of stored) {
      const key = { student_id: cell.student_id, period_id: cell.period_id, measure_id: cell.measure_id };
      this.outbox.add(KIND, { key, value: cell.value } satisfies CellPayload, { slot: cellId(key) });
    }
  }
}

const queues = new Map<string, SaveQueue>();

/** The queue of this school and user (one per browser tab; its cells kept in the device's outbox). */
export function saveQueue(schoolId: string | null, userId: number | null): SaveQueue {
  const owner = ownerOf(schoolId, userId);
  let queue = queues.get(owner);
  if (!queue) {
    queue = new SaveQueue(outboxFor(owner), `ratings_queue:${schoolId ?? "-"}:${userId ?? "-"}`);
    queues.set(owner, queue);
  }
  return queue;
}

/** Forgets the queues held in memory (a test's "reload"). */
export function forgetSaveQueues() {
  queues.clear();
}

/** The queue's state for a screen, sending what waits on mount, on reconnection and every few seconds. */
export function useSaveQueue(queue: SaveQueue, onSaved: Saved) {
  queue.onSaved = onSaved;
  const state = useSyncExternalStore(queue.subscribe, queue.get);
  useOutboxSync(queue.outbox);
  return state;
}

export type { SaveQueue };
