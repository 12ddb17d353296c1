import type { UserPayload } from "@convive/domain";
import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "../../../lib/query-client.ts";
import { currentUserKey } from "../../auth/index.ts";
import { setBellCount } from "./reset-bell.ts";

/**
 * The bell's count as the socket pushes it must not be undone by a read of the user that the server answered just
 * before the change and that reaches the page just after it (the e2e bell tests failed that way now and then).
 */
const user = (count: number) => ({ id: 7, unviewed_notifications_count: count }) as UserPayload;

/** The server as the page sees it: each read of the user waits until the test answers it. */
function server() {
  const reads: ((u: UserPayload) => void)[] = [];
  const queryFn = () => new Promise<UserPayload>((resolve) => reads.push(resolve));
  return { reads, queryFn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("setBellCount", () => {
  const key = currentUserKey(7, "colegio");
  afterEach(() => queryClient.clear());

  it("keeps a pushed count over a read that was answered before it, and reads the user again", async () => {
    const { reads, queryFn } = server();
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn, staleTime: Number.POSITIVE_INFINITY });
    const unsubscribe = observer.subscribe(() => undefined);
    reads[0]!(user(0));
    await settle();
    expect(observer.getCurrentResult().data?.unviewed_notifications_count).toBe(0);

    void observer.refetch(); // e.g. what a reconnecting socket starts
    expect(reads).toHaveLength(2);
    setBellCount(7, "colegio", 1); // a notification arrives over the socket
    reads[1]!(user(0)); // the read, answered before it, comes in after it
    await settle();
    expect(observer.getCurrentResult().data?.unviewed_notifications_count).toBe(1);

    // …and the user is read again, now that the server holds the new count.
    expect(reads).toHaveLength(3);
    reads[2]!(user(1));
    await settle();
    expect(observer.getCurrentResult().data?.unviewed_notifications_count).toBe(1);
    unsubscribe();
  });

  it("sets the count without another read when none is on its way", async () => {
    const { reads, queryFn } = server();
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn, staleTime: Number.POSITIVE_INFINITY });
    const unsubscribe = observer.subscribe(() => undefined);
    reads[0]!(user(3));
    await settle();
    setBellCount(7, "colegio", 0);
    expect(observer.getCurrentResult().data?.unviewed_notifications_count).toBe(0);
    await settle();
    expect(reads).toHaveLength(1);
    unsubscribe();
  });
});
