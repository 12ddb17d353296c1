import { useEffect, useSyncExternalStore } from "react";
import { ApiError, newIdempotencyKey } from "../api.ts";
import i18n from "../i18n.ts";
import { type OfflineStore, type OutboxEntry, type OutboxFile, offlineStore } from "./store.ts";

/**
 * The device's outbox (issue 32 §3): every write that must survive a lost connection — an incident or an
 * observation registered offline with its evidence, a rating cell typed in the grid — is kept on the device
 * (IndexedDB, lib/offline/store.ts) until the server has it, and sent by the one sender its kind registered.
 *
 * - **Nothing lost**: an entry is written to the device before anything is sent; closing the tab, a reload or the
 *   phone's battery leave it there, and it is sent on the next visit.
 * - **No duplicates**: each entry carries the Idempotency-Key made when it was written (its `id`; each evidence file
 *   has its own); a retry after a lost answer, a double tap or a second tab sending the same entry make one row.
 * - **One sender at a time**: the tabs of one device take turns through a Web Lock; the others hear every change on
 *   a BroadcastChannel and show it.
 * - **Refusals are explained**: a failure for want of a network (or a server error) waits and is sent again by
 *   itself; a refusal the server explains (a type deactivated, a student moved group) stays with its reason until
 *   the person decides: send it changed, or discard it.
 */

/** Sends one entry; `progress` records a step that must not be repeated (the incident exists, a file went up). */
export type Sender = (
  entry: OutboxEntry,
  progress: (change: Partial<Pick<OutboxEntry, "result" | "files">>) => Promise<void>,
) => Promise<unknown>;

const senders = new Map<string, Sender>();
let gate: () => boolean = () => true;

/**
 * What must hold before anything is sent: the app says the session's token is still valid (a token that lapsed
 * offline is refreshed first when the connection returns, rather than sending into a 401 that signs out).
 */
export function setSendGate(check: () => boolean) {
  gate = check;
}

/** The sender of a kind of entry; registered once for the whole app (app/offline-senders.ts). */
export function registerSender(kind: string, sender: Sender) {
  senders.set(kind, sender);
}

/** An entry the server has now: shown as sent ("Folio 123") in the tab that saw it go. */
export interface Sent {
  id: string;
  kind: string;
  payload: unknown;
  summary: unknown;
  result: unknown;
  /** Evidence files the server refused (the incident is saved without them), with the reason. */
  refusedFiles: { name: string; reason: string }[];
  at: number;
}

export interface OutboxState {
  entries: readonly OutboxEntry[];
  sent: readonly Sent[];
  /** The device's entries have been read. */
  loaded: boolean;
}

/** Failures that say nothing about the entry itself: sent again by itself once there is a connection. */
export function waitsForNetwork(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    // The session ended: the entry is sent once its owner signs in again.
    error.status === 401 ||
    error.status === 419 ||
    error.status === 408 ||
    error.status === 429 ||
    error.code === "IDEMPOTENCY_KEY_IN_FLIGHT"
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : i18n.t("common:errors.unexpected"));
const byAge = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt || a.id.localeCompare(b.id);
const KEEP_SENT = 20;

type Heard = { type: "changed" } | { type: "sent"; sent: Sent };

export class Outbox {
  private entries = new Map<string, OutboxEntry>();
  /** Entries changed here whose write to the device has not finished: a reload keeps this tab's copy. */
  private unsaved = new Map<string, number>();
  private sent: Sent[] = [];
  private loaded = false;
  private state: OutboxState = { entries: [], sent: [], loaded: false };
  private listeners = new Set<() => void>();
  private sentListeners = new Set<(sent: Sent) => void>();
  private draining = false;
  private again = false;
  private channel: BroadcastChannel | null;
  readonly ready: Promise<void>;

  constructor(
    readonly owner: string,
    private store: OfflineStore | null,
  ) {
    this.channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`convive-outbox:${owner}`);
    this.channel?.addEventListener("message", (event: MessageEvent<Heard>) => this.heard(event.data));
    this.ready = this.reload();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  get = () => this.state;

  /** Called with every entry of `kind` the server took, whichever tab sent it. */
  onSent(kind: string, listener: (sent: Sent) => void) {
    const wrapped = (sent: Sent) => sent.kind === kind && listener(sent);
    this.sentListeners.add(wrapped);
    return () => void this.sentListeners.delete(wrapped);
  }

  /** Entries that wait to be sent (not refused ones). */
  waiting() {
    return [...this.entries.values()].some((e) => e.state !== "refused");
  }

  /**
   * Keeps a write on the device and sends it when it can. An entry of the same kind and `slot` still waiting is
   * replaced (its key kept): the newest value is the one that counts.
   */
  add(
    kind: string,
    payload: unknown,
    options: { id?: string; slot?: string; files?: OutboxFile[]; summary?: unknown } = {},
  ): OutboxEntry {
    const previous = options.slot
      ? [...this.entries.values()].find((e) => e.kind === kind && e.slot === options.slot)
      : undefined;
    const entry: OutboxEntry = {
      id: previous?.id ?? options.id ?? newIdempotencyKey(),
      owner: this.owner,
      kind,
      slot: options.slot ?? null,
      payload,
      files: options.files ?? [],
      state: "pending",
      error: null,
      code: null,
      errors: null,
      attempts: 0,
      result: null,
      summary: options.summary ?? null,
      createdAt: previous?.createdAt ?? Date.now(),
      seq: (previous?.seq ?? 0) + 1,
    };
    void this.write(entry).then(() => this.sync());
    return entry;
  }

  /** Sends a refused (or waiting) entry again, changed by `payload` where the person decided something. */
  retry(id: string, payload?: (current: unknown) => unknown) {
    const entry = this.entries.get(id);
    if (!entry) return;
    const changed = payload ? payload(entry.payload) : entry.payload;
    void this.write({
      ...entry,
      payload: changed,
      state: "pending",
      error: null,
      code: null,
      errors: null,
      attempts: 0,
      seq: entry.seq + 1,
    }).then(() => this.sync());
  }

  /** Sends again everything of `kind` (refused entries too): "retry all". */
  retryAll(kind?: string) {
    for (const entry of this.entries.values()) {
      if (!kind || entry.kind === kind) this.retry(entry.id);
    }
  }

  /** Drops an entry the person chose not to send. */
  async discard(id: string) {
    this.entries.delete(id);
    this.publish();
    await this.store?.deleteEntry(id).catch(() => undefined);
    this.channel?.postMessage({ type: "changed" } satisfies Heard);
  }

  entry(id: string) {
    return this.entries.get(id);
  }

  /** Sends what waits, oldest first, one at a time; a tab already sending (here or in another tab) is left to it. */
  async sync(): Promise<void> {
    await this.ready;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.again = false;
        await this.exclusively(() => this.drain());
      } while (this.again);
    } finally {
      this.draining = false;
    }
  }

  private exclusively(work: () => Promise<void>): Promise<void> {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    if (!locks) return work();
    return locks.request(`convive-outbox:${this.owner}`, { ifAvailable: true }, async (lock) => {
      if (lock) await work();
    });
  }

  private async drain() {
    const tried = new Set<string>();
    for (;;) {
      if ((typeof navigator !== "undefined" && navigator.onLine === false) || !gate()) return;
      const next = [...this.entries.values()]
        .filter((e) => e.state !== "refused" && senders.has(e.kind) && !tried.has(`${e.id}:${e.seq}`))
        .sort(byAge)[0];
      if (!next) return;
      tried.add(`${next.id}:${next.seq}`);
      if (!(await this.sendOne(next))) return;
    }
  }

  /** False when the connection failed: the rest waits too. */
  private async sendOne(entry: OutboxEntry): Promise<boolean> {
    const { id, seq } = entry;
    await this.write({ ...entry, state: "sending" });
    const progress = async (change: Partial<Pick<OutboxEntry, "result" | "files">>) => {
      const now = this.entries.get(id);
      if (now) await this.write({ ...now, ...change });
    };
    try {
      const result = await senders.get(entry.kind)!(this.entries.get(id)!, progress);
      const now = this.entries.get(id);
      if (!now) return true;
      if (now.seq !== seq) {
        // Changed while on its way: the newer value goes next.
        await this.write({ ...now, state: "pending" });
        return true;
      }
      this.entries.delete(id);
      await this.store?.deleteEntry(id).catch(() => undefined);
      this.settled({
        id,
        kind: now.kind,
        payload: now.payload,
        summary: now.summary,
        result,
        refusedFiles: now.files.filter((f) => f.refused).map((f) => ({ name: f.name, reason: f.refused! })),
        at: Date.now(),
      });
      return true;
    } catch (error) {
      const now = this.entries.get(id);
      if (!now) return true;
      const offline = waitsForNetwork(error);
      await this.write({
        ...now,
        state: now.seq !== seq || offline ? "pending" : "refused",
        attempts: now.seq !== seq ? now.attempts : now.attempts + (offline ? 1 : 0),
        error: message(error),
        code: error instanceof ApiError ? error.code : null,
        errors: error instanceof ApiError ? (error.errors ?? null) : null,
      });
      return now.seq !== seq || !offline;
    }
  }

  private settled(sent: Sent) {
    this.recordSent(sent);
    this.channel?.postMessage({ type: "sent", sent } satisfies Heard);
    this.channel?.postMessage({ type: "changed" } satisfies Heard);
  }

  private recordSent(sent: Sent) {
    this.sent = [sent, ...this.sent.filter((s) => s.id !== sent.id)].slice(0, KEEP_SENT);
    this.publish();
    for (const listener of this.sentListeners) listener(sent);
  }

  private async write(entry: OutboxEntry) {
    this.entries.set(entry.id, entry);
    this.unsaved.set(entry.id, (this.unsaved.get(entry.id) ?? 0) + 1);
    this.publish();
    try {
      // Written after the device's entries were first read, so that reading them cannot hide this one.
      await this.ready;
      await this.store?.putEntry(entry);
    } catch (error) {
      // A full or blocked storage: the entry still goes from this tab's memory.
      console.warn("offline outbox: could not keep an entry on the device", error);
    } finally {
      const left = (this.unsaved.get(entry.id) ?? 1) - 1;
      if (left > 0) this.unsaved.set(entry.id, left);
      else this.unsaved.delete(entry.id);
    }
    this.channel?.postMessage({ type: "changed" } satisfies Heard);
  }

  /** Reads the device's entries again (another tab changed them); this tab's unsaved changes win. */
  private async reload() {
    const stored = this.store ? await this.store.entries(this.owner).catch(() => []) : [];
    const next = new Map<string, OutboxEntry>();
    for (const entry of stored) next.set(entry.id, entry);
    for (const id of this.unsaved.keys()) {
      const mine = this.entries.get(id);
      if (mine) next.set(id, mine);
    }
    this.entries = next;
    this.loaded = true;
    this.publish();
  }

  private heard(message: Heard) {
    if (message.type === "sent") this.recordSent(message.sent);
    else
      void this.reload().then(() => {
        if (this.waiting()) void this.sync();
      });
  }

  private publish() {
    this.state = { entries: [...this.entries.values()].sort(byAge), sent: this.sent, loaded: this.loaded };
    for (const listener of this.listeners) listener();
  }

  /** Stops listening to other tabs (tests, and an owner signing out). */
  close() {
    this.channel?.close();
    this.channel = null;
  }
}

const outboxes = new Map<string, Outbox>();

/** The outbox of one school and user on this device (one per tab, sharing the device's entries). */
export function outboxFor(owner: string): Outbox {
  let box = outboxes.get(owner);
  if (!box) {
    box = new Outbox(owner, offlineStore());
    outboxes.set(owner, box);
  }
  return box;
}

/** Forgets the outboxes held in memory (a test's "reload"). */
export function forgetOutboxes() {
  for (const box of outboxes.values()) box.close();
  outboxes.clear();
}

export const useOutboxState = (box: Outbox) => useSyncExternalStore(box.subscribe, box.get);

/** While some entry waits and the browser says it is online, how often sending is tried again. */
const RETRY_MS = 5_000;

/**
 * Sends what waits: at once, when the browser is back online, when the page is shown again, and every few seconds
 * while something waits.
 */
export function useOutboxSync(box: Outbox) {
  useEffect(() => {
    const go = () => void box.sync();
    go();
    const visible = () => document.visibilityState === "visible" && go();
    window.addEventListener("online", go);
    document.addEventListener("visibilitychange", visible);
    const timer = setInterval(() => {
      if (navigator.onLine && box.waiting()) go();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", go);
      document.removeEventListener("visibilitychange", visible);
      clearInterval(timer);
    };
  }, [box]);
}

export type { OutboxEntry, OutboxFile };
