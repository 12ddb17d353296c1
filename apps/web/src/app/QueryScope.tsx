import { QueryClientProvider, useIsFetching } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { TopProgress } from "../components/TopProgress.tsx";
import { startLoading } from "../lib/progress.ts";
import { queryClient } from "../lib/query-client.ts";

/**
 * TanStack Query for every screen but the sign-in page, which has no queries: this module (and the library) loads
 * with the first of them. Signed in, app/SignedInGuard.tsx provides the same client around it. The top progress
 * bar lives here too, out of the sign-in page's first load.
 */
export default function QueryScope() {
  return (
    <QueryClientProvider client={queryClient}>
      <FirstLoads />
      <TopProgress />
      <Outlet />
    </QueryClientProvider>
  );
}

/** A screen's first data counts as loading for the top progress bar; refreshes of what is shown do not. */
function FirstLoads() {
  const first = useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0;
  useEffect(() => (first ? startLoading() : undefined), [first]);
  return null;
}
