import { signedOutRoute } from "@convive/domain/core";
import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "../components/PageLoader.tsx";
import { logout } from "../features/auth/api/logout.ts";
import { setAuthFailureHandler } from "../lib/api.ts";
import { useSession } from "../lib/session.ts";
import { Decided, isInvitationLink } from "./guard-decision.tsx";
import { loadSignedInGuard } from "./signed-in-chunks.ts";

// With a session, the guard needs the user: that part, with TanStack Query, loads only then.
const SignedInGuard = lazy(loadSignedInGuard);

/** Runs the spec §2 route guard (the pure function of packages/domain) before every screen renders. */
export function Guard() {
  const location = useLocation();
  const { token } = useSession();
  useEffect(() => {
    // 401/419 signs out ('Sesión vencida!' bottom-right for the poll), also for calls the sign-in flow makes.
    setAuthFailureHandler(() => void logout("sessionExpired", { callServer: false }));
    return () => setAuthFailureHandler(null);
  }, []);

  if (token) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SignedInGuard />
      </Suspense>
    );
  }
  // An invitation link opens the same screen signed in or not: a person already signed in on this device accepts
  // it there (rule 3 would otherwise send them home and lose the link).
  if (isInvitationLink(location.pathname, location.search)) return <Outlet />;
  return <Decided decision={signedOutRoute(location.pathname)} />;
}
