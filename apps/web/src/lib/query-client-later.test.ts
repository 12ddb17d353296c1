import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";

// A fresh module per test: the registered client is module state, as in the app (one per page load).
const load = () => {
  vi.resetModules();
  return import("./query-client-later.ts");
};

describe("the query client as the sign-in page reaches it", () => {
  it("keeps the user the sign-in answered with until the client loads, then seeds it", async () => {
    const later = await load();
    later.setQueryDataSoon(["current-user", 7, null], { id: 7, first_name: "Ana" });
    const client = new QueryClient();
    later.registerQueryClient(client);
    expect(client.getQueryData(["current-user", 7, null])).toEqual({ id: 7, first_name: "Ana" });
  });

  it("signing out before the client loads leaves nothing to seed; after, it empties the cache", async () => {
    const later = await load();
    later.setQueryDataSoon(["current-user", 7, null], { id: 7 });
    later.clearQueries();
    const client = new QueryClient();
    later.registerQueryClient(client);
    expect(client.getQueryData(["current-user", 7, null])).toBeUndefined();

    client.setQueryData(["notifications"], [1]);
    later.clearQueries();
    expect(client.getQueryData(["notifications"])).toBeUndefined();
  });

  it("acts on the client only once it has loaded", async () => {
    const later = await load();
    let calls = 0;
    later.withQueryClient(() => calls++);
    expect(calls).toBe(0);
    later.registerQueryClient(new QueryClient());
    later.withQueryClient(() => calls++);
    expect(calls).toBe(1);
  });
});
