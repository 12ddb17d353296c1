import type { UserPayload } from "@convive/domain";
import { guardRoute, normalisePath, PATHS } from "@convive/domain/core";
import { Center, Loader, Stack, Text } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useCurrentUser } from "../features/auth/api/current-user.ts";
import { logout } from "../features/auth/api/logout.ts";
import { switchLanded, useSwitchLanding } from "../features/auth/api/switch-school.ts";
import { ApiError, api } from "../lib/api.ts";
import { queryClient } from "../lib/query-client.ts";
import { session, useSession } from "../lib/session.ts";
import { toast } from "../lib/toast.ts";
import { isExpired, startTokenRefresh } from "../lib/token-refresh.ts";
import { Decided, isInvitationLink } from "./guard-decision.tsx";

const PUBLIC_WITH_TOKEN = new Set([PATHS.recoverPassword.toLowerCase(), PATHS.resetPassword.toLowerCase()]);

/**
 * The route guard (spec §2) while a session token is held: loads the user (TanStack Query, which arrives with this
 * module), keeps the session alive, and decides with the user's roles. Signed out, app/Guard.tsx decides alone.
 */
export default function SignedInGuard() {
  return (
    <QueryClientProvider client={queryClient}>
      <GuardWithUser />
    </QueryClientProvider>
  );
}

function GuardWithUser() {
  const location = useLocation();
  const { token } = useSession();
  const user = useCurrentUser();
  const failure = useLoadFailure(user.error ?? user.failureReason, Boolean(user.data));
  useSessionLifecycle(Boolean(token));
  useLeaveDeactivatedSchool(user.error);
  const landing = useSwitchLanding();
  const landed = landing !== null && normalisePath(landing) === normalisePath(location.pathname);
  useEffect(() => {
    if (landed) switchLanded();
  }, [landed]);

  if (isInvitationLink(location.pathname, location.search)) return <Outlet />;
  // Switching school (issue 12 §3): the page still open belongs to the previous school; wait for the landing view.
  const switching = landing !== null && !landed;
  if (switching || (token && !user.data && !PUBLIC_WITH_TOKEN.has(location.pathname.toLowerCase()))) {
    // The content renders only after the user is loaded (spec §2 Layout). A failed load that does not sign out
    // (503 while the database restarts, no network) says why; the query tries again by itself.
    return (
      <Center h="100dvh" aria-busy="true">
        <Stack align="center" gap="sm">
          <Loader aria-label="…" />
          {failure && (
            <Text role="alert" size="sm" c="dimmed" ta="center" maw={360}>
              {failure}
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <Decided decision={guardRoute({ path: location.pathname, hasToken: Boolean(token), user: user.data ?? null })} />
  );
}

/**
 * The message of the latest failed attempt to load the user, kept until it loads: TanStack Query clears the error
 * each time it tries again, which would make the message blink every few seconds.
 */
function useLoadFailure(error: Error | null, loaded: boolean): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (loaded) setMessage(null);
    else if (error) setMessage(error.message);
  }, [error, loaded]);
  return message;
}

/**
 * Keeps the token fresh and re-checks the session whenever the page becomes visible or hidden (spec §4 Layout);
 * a 401/419 signs out through the handler app/Guard.tsx installs.
 */
function useSessionLifecycle(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const stop = startTokenRefresh(() => void logout("sessionExpired", { callServer: false }));
    return stop;
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn) return;
    // Visible or hidden: re-read the user; a session ended elsewhere answers 401 and signs out here.
    const recheck = () => {
      // Offline nothing can be checked or refreshed, and the registration screen must keep working (issue 32 §3):
      // the session is checked again when the connection returns (the refresh runs at once then).
      if (!navigator.onLine) return;
      if (isExpired()) void logout("sessionExpired", { callServer: false });
      else void queryClient.invalidateQueries({ queryKey: ["current-user"] });
    };
    document.addEventListener("visibilitychange", recheck);
    return () => document.removeEventListener("visibilitychange", recheck);
  }, [signedIn]);
}

/**
 * Deactivation ends one school's access, not the session (issue 9): when the selected school refuses the user,
 * they go back to choosing among their other active schools, or are signed out when it was their only one.
 */
function useLeaveDeactivatedSchool(error: Error | null) {
  const { schoolId, userId } = useSession();
  useEffect(() => {
    if (!(error instanceof ApiError) || error.code !== "USER_DEACTIVATED" || !schoolId || userId === null) return;
    let cancelled = false;
    // The user's schools as they are now (the cached answer may predate the change, or be gone after a reload).
    void api<{ data: { user: UserPayload } }>(`/api/users/${userId}`, { noSchool: true })
      .then((r) => r.data.user.schools.filter((s) => s.is_active && s.id !== schoolId))
      .catch(() => [])
      .then((others) => {
        if (cancelled) return;
        if (others.length === 0) {
          void logout("deactivated");
          return;
        }
        toast("error", error.message);
        session.selectSchool(null);
      });
    return () => {
      cancelled = true;
    };
  }, [error, schoolId, userId]);
}
