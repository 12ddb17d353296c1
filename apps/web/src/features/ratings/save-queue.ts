import type { RatingCell } from "@convive/domain";
import { useEffect, useSyncExternalStore } from "react";
import { ApiError } from "../../lib/api.ts";
import { type CellKey, sendCell } from "./api/ratings.ts";

/**
 * Every cell a teacher types is kept here until the server has it (issue 13 §2: nothing typed is lost when the
 * connection drops). The queue lives in local storage, per school and user, so a reload or a closed tab keeps it;
 * cells are sent at once, and those that failed for want of a network are sent again when the browser is back
 * online, every few seconds meanwhile, and on the next visit. A refusal (a value off the scale, a closed period) stays
 * failed with its reason until the teacher retries or types another value.
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

const RETRY_MS = 5_000;
export const cellId = (k: CellKey) => `${k.period_id}:${k.student_id}:${k.measure_id}`;

class SaveQueue {
  private cells = new Map<string, QueuedCell>();
  private saved = new Set<string>();
  private inFlight = new Set<string>();
  private listeners = new Set<() => void>();
  private snapshot = { cells: this.cells, saved: this.saved };
  onSaved: Saved = () => undefined;

  constructor(private storageKey: string) {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? "[]") as QueuedCell[];
      for (const cell of stored) this.cells.set(cellId(cell), { ...cell, status: "saving" });
    } catch {
      // A damaged entry is dropped rather than breaking the screen.
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.snapshot;

  private changed() {
    localStorage.setItem(this.storageKey, JSON.stringify([...this.cells.values()]));
    this.snapshot = { cells: new Map(this.cells), saved: new Set(this.saved) };
    for (const listener of this.listeners) listener();
  }

  /** Keeps the value and sends it. */
  put(key: CellKey, value: string | null) {
    const id = cellId(key);
    const before = this.cells.get(id);
    this.cells.set(id, { ...key, value, status: "saving", error: null, offline: false, seq: (before?.seq ?? 0) + 1 });
    this.saved.delete(id);
    this.changed();
    void this.send(id);
  }

  retry(id: string) {
    const cell = this.cells.get(id);
    if (!cell) return;
    this.cells.set(id, { ...cell, status: "saving", error: null, offline: false });
    this.changed();
    void this.send(id);
  }

  /** Sends again what is waiting: everything on start, the offline failures when the network is back. */
  flush(onlyOffline = false) {
    for (const [id, cell] of this.cells) {
      if (this.inFlight.has(id)) continue;
      if (cell.status === "saving" || (cell.status === "failed" && (!onlyOffline || cell.offline))) this.retry(id);
    }
  }

  private async send(id: string) {
    if (this.inFlight.has(id)) return;
    const cell = this.cells.get(id);
    if (!cell) return;
    this.inFlight.add(id);
    const { seq } = cell;
    const key = { student_id: cell.student_id, period_id: cell.period_id, measure_id: cell.measure_id };
    try {
      const answer = await sendCell(key, cell.value);
      const now = this.cells.get(id);
      if (now && now.seq === seq) {
        this.cells.delete(id);
        this.saved.add(id);
        this.onSaved(answer, key);
        this.changed();
      }
    } catch (error) {
      const now = this.cells.get(id);
      if (now && now.seq === seq) {
        const offline = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        this.cells.set(id, {
          ...now,
          status: "failed",
          offline,
          error: error instanceof ApiError ? (error.errors?.value ?? error.message) : String(error),
        });
        this.changed();
      }
    } finally {
      this.inFlight.delete(id);
    }
    const latest = this.cells.get(id);
    // A newer value typed while this one was on its way goes next.
    if (latest && latest.seq !== seq && latest.status === "saving") void this.send(id);
  }
}

const queues = new Map<string, SaveQueue>();

/** The queue of this school and user (one per browser tab; its entries shared through local storage). */
export function saveQueue(schoolId: string | null, userId: number | null): SaveQueue {
  const storageKey = `ratings_queue:${schoolId ?? "-"}:${userId ?? "-"}`;
  let queue = queues.get(storageKey);
  if (!queue) {
    queue = new SaveQueue(storageKey);
    queues.set(storageKey, queue);
  }
  return queue;
}

/** The queue's state for a screen, sending what waits on mount, on reconnection and every few seconds. */
export function useSaveQueue(queue: SaveQueue, onSaved: Saved) {
  queue.onSaved = onSaved;
  const state = useSyncExternalStore(queue.subscribe, queue.get);
  useEffect(() => {
    queue.flush();
    const online = () => queue.flush(true);
    window.addEventListener("online", online);
    const timer = setInterval(() => {
      if (navigator.onLine) queue.flush(true);
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", online);
      clearInterval(timer);
    };
  }, [queue]);
  return state;
}

export type { SaveQueue };
