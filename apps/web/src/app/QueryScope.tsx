import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { queryClient } from "../lib/query-client.ts";

/**
 * TanStack Query for every screen but the sign-in page, which has no queries: this module (and the library) loads
 * with the first of them. Signed in, app/SignedInGuard.tsx provides the same client around it.
 */
export default function QueryScope() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
