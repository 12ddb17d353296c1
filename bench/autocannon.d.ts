// autocannon ships no types; only the parts the bench uses are declared.
declare module "autocannon" {
  interface Percentiles {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    /** Load generated from worker threads, so the server's event loop is not shared with the client's. */
    workers?: number;
    warmup?: { connections?: number; duration?: number };
    timeout?: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Percentiles;
    requests: Percentiles & { sent: number };
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result };
}
