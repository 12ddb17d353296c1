import { afterAll } from "vitest";
import { queryClient } from "../lib/query-client.ts";

// The "web" project's files share one window per worker (vitest.config.ts): what one file's screens asked the app's
// query client for — a retry, a refetch — must not reach the next file's stubbed fetch.
afterAll(async () => {
  await queryClient.cancelQueries();
  queryClient.clear();
});
