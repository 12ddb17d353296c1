import type { OfflineStore, OutboxEntry, Snapshot } from "../lib/offline/store.ts";

/**
 * The device's store for tests: jsdom has no IndexedDB. What it holds outlives the modules that wrote it (a test
 * "reloads" the page by importing fresh copies of them), as IndexedDB outlives a page; entries are copied in and out
 * as IndexedDB's structured clone copies them.
 */
export function memoryStore(): OfflineStore & { outbox: Map<string, OutboxEntry> } {
  const outbox = new Map<string, OutboxEntry>();
  const snapshots = new Map<string, Snapshot>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    outbox,
    entries: async (owner) => [...outbox.values()].filter((e) => e.owner === owner).map(copy),
    putEntry: async (entry) => void outbox.set(entry.id, copy(entry)),
    deleteEntry: async (id) => void outbox.delete(id),
    snapshot: async (key) => (snapshots.has(key) ? copy(snapshots.get(key)!) : undefined),
    snapshots: async (owner, prefix) =>
      [...snapshots.values()].filter((s) => s.owner === owner && s.key.startsWith(prefix)).map(copy),
    putSnapshot: async (snapshot) => void snapshots.set(snapshot.key, copy(snapshot)),
    clearSnapshots: async () => snapshots.clear(),
  };
}
