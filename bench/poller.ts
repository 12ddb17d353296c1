import { Worker } from "node:worker_threads";

/**
 * Another school's user polling `url` over HTTP back to back, from a thread of its own, as a browser would: its
 * clock keeps running while the server's event loop is busy, so a stalled server shows as a slow answer. (A poll
 * sent with app.inject from the server's own thread would simply not be sent during a stall, and see nothing.)
 * `stop()` answers each poll's latency in ms.
 */
export function startPoller(url: string, headers: Record<string, string>) {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    const latencies = [];
    let polling = true;
    parentPort.once("message", () => { polling = false; });
    (async () => {
      while (polling) {
        const started = performance.now();
        const res = await fetch(workerData.url, { headers: workerData.headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error("poll answered " + res.status);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      parentPort.postMessage(latencies);
    })();`,
    { eval: true, workerData: { url, headers } },
  );
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    stop: async () => {
      worker.postMessage("stop");
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}
