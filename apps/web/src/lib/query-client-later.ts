import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The query client as the sign-in page's code reaches it, without loading TanStack Query: the sign-in page has no
 * queries, and the client (lib/query-client.ts) arrives with the first screen that has some. Until then there is
 * nothing to clear or invalidate, and data handed in early (the user the sign-in answered with) waits here.
 */
let client: QueryClient | null = null;
const early: { key: QueryKey; data: unknown }[] = [];

/** Called once by lib/query-client.ts when TanStack Query has loaded. */
export function registerQueryClient(loaded: QueryClient) {
  client = loaded;
  for (const { key, data } of early.splice(0)) loaded.setQueryData(key, data);
}

/** Runs `use` on the client if it has loaded; there is nothing to act on otherwise. */
export function withQueryClient(use: (client: QueryClient) => unknown) {
  if (client) void use(client);
}

/** Seeds a query's data now, or as soon as the client loads. */
export function setQueryDataSoon(key: QueryKey, data: unknown) {
  if (client) client.setQueryData(key, data);
  else early.push({ key, data });
}

/** Forgets everything: the client's cache and what waits for it (signing out). */
export function clearQueries() {
  early.length = 0;
  client?.clear();
}
