import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { registerQueryClient } from "./query-client-later.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Auth and permission failures are answers, not glitches: do not retry them.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
registerQueryClient(queryClient);
