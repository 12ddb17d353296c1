import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.ts";

describe("a limiter", () => {
  it("runs at most its limit at once, the rest in the order they came, and passes a failure on", async () => {
    const run = createLimiter(2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const work = (i: number) =>
      run(async () => {
        now++;
        most = Math.max(most, now);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        now--;
        if (i === 3) throw new Error("third failed");
        return i;
      });
    const all = [1, 2, 3, 4, 5].map((i) => work(i).catch((error: Error) => error.message));
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    releases.forEach((release) => {
      release();
    });
    expect(await Promise.all(all)).toEqual([1, 2, "third failed", 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    // A failure gave its turn back: the limiter still runs work.
    expect(await run(async () => "after")).toBe("after");
  });
});
