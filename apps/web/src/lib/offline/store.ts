import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/**
 * What the device keeps for working without a connection (issue 32 §3), in IndexedDB: the outbox of writes waiting
 * to be sent (incidents and observations with their evidence, rating cells) and the offline copies of the reads the
 * registration screen needs. Everything is filed under its owner, "<school>:<user>", so another account on the same
 * device neither sees nor sends it. Local storage could not hold it: it is synchronous, small, and takes no files.
 */

/** One evidence file waiting with its incident; `key` is its own Idempotency-Key. */
export interface OutboxFile {
  key: string;
  name: string;
  type: string;
  blob: Blob;
  /** Uploaded; or refused by the server (the reason), which does not hold the incident back. */
  sent: boolean;
  refused?: string | null;
}

/**
 * A write waiting on the device. `id` is the Idempotency-Key the device made when it was written, so however many
 * times it is sent (a lost answer, a double tap, two tabs) the server makes one row.
 */
export interface OutboxEntry<P = unknown> {
  id: string;
  owner: string;
  kind: string;
  /** Entries of one kind and slot replace each other while waiting (a rating cell typed again). */
  slot: string | null;
  payload: P;
  files: OutboxFile[];
  /** pending: to be sent; sending: on its way; refused: the server said no, the person decides. */
  state: "pending" | "sending" | "refused";
  /** Why the last attempt did not go through (no connection, or the server's reason). */
  error: string | null;
  code: string | null;
  errors: Record<string, string> | null;
  /** Tries that failed for want of a network (or a server error): sent again by itself. */
  attempts: number;
  /** What the server answered to the main call once it went through (an incident's id and folio). */
  result: unknown;
  /** What the list of waiting entries shows (names, type, when), kept with the entry. */
  summary: unknown;
  createdAt: number;
  /** Bumped on every change of the payload: an older answer never settles a newer value. */
  seq: number;
}

export interface Snapshot {
  key: string;
  owner: string;
  data: unknown;
  savedAt: number;
}

/** The storage the outbox and the offline copies use: IndexedDB in the browser. */
export interface OfflineStore {
  entries(owner: string): Promise<OutboxEntry[]>;
  putEntry(entry: OutboxEntry): Promise<void>;
  deleteEntry(id: string): Promise<void>;
  snapshot(key: string): Promise<Snapshot | undefined>;
  snapshots(owner: string, prefix: string): Promise<Snapshot[]>;
  putSnapshot(snapshot: Snapshot): Promise<void>;
  /** Drops every offline copy (sign-out): the outbox stays, to be sent when its owner signs in again. */
  clearSnapshots(): Promise<void>;
}

interface Schema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { owner: string } };
  snapshots: { key: string; value: Snapshot; indexes: { owner: string } };
}

const DB_NAME = "convive-offline";

let opening: Promise<IDBPDatabase<Schema>> | null = null;
const database = () => {
  opening ??= openDB<Schema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("outbox", { keyPath: "id" }).createIndex("owner", "owner");
      db.createObjectStore("snapshots", { keyPath: "key" }).createIndex("owner", "owner");
    },
    // A newer version of the app opened the database in another tab: let it, and open again when next asked.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
};

export const indexedDbStore: OfflineStore = {
  entries: async (owner) => (await database()).getAllFromIndex("outbox", "owner", owner),
  putEntry: async (entry) => void (await (await database()).put("outbox", entry)),
  deleteEntry: async (id) => (await database()).delete("outbox", id),
  snapshot: async (key) => (await database()).get("snapshots", key),
  snapshots: async (owner, prefix) =>
    (await (await database()).getAllFromIndex("snapshots", "owner", owner)).filter((s) => s.key.startsWith(prefix)),
  putSnapshot: async (snapshot) => void (await (await database()).put("snapshots", snapshot)),
  clearSnapshots: async () => (await database()).clear("snapshots"),
};

let current: OfflineStore | null = null;

/** The device's store: IndexedDB where the browser has it; null where it has none (then nothing works offline). */
export function offlineStore(): OfflineStore | null {
  if (current) return current;
  return typeof indexedDB === "undefined" ? null : indexedDbStore;
}

/** Tests run in jsdom, which has no IndexedDB: they hand in a store of their own. */
export function setOfflineStoreForTests(store: OfflineStore | null) {
  current = store;
}

/** "<school>:<user>": whose entries and copies these are. */
export const ownerOf = (schoolId: string | null, userId: number | null) => `${schoolId ?? "-"}:${userId ?? "-"}`;
