import { type GuardDecision, PATHS } from "@convive/domain/core";
import { Navigate, Outlet, useLocation } from "react-router";

export const isInvitationLink = (path: string, search: string) =>
  path.toLowerCase() === PATHS.recoverPassword.toLowerCase() && new URLSearchParams(search).has("invitation");

/** The guard's decision for the current path: the screen, or a redirect. */
export function Decided({ decision }: { decision: GuardDecision }) {
  const location = useLocation();
  // Keyed by the location: when two navigations land in one render (the sign-in form's own navigate("/") right
  // after the guard's redirect), a still-mounted <Navigate> would not fire again and the screen would stay blank.
  if (decision.kind === "redirect" && decision.to !== location.pathname) {
    return <Navigate key={location.key} to={decision.to} replace />;
  }
  return <Outlet />;
}
