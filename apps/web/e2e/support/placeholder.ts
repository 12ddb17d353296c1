import { findLayoutRoute } from "@convive/domain/core";
import { SCREENS } from "../../src/app/screens.ts";

/** Director's module routes, in menu order. */
const CANDIDATES = [
  "/register",
  "/strategic-vision",
  "/incident-details",
  "/ratings",
  "/scorecard",
  "/forms-parents",
  "/incident-graph",
];

/**
 * A layout route a Director may open whose screen has not landed yet (no entry in src/app/screens.ts), so the
 * layout shows its placeholder; null once every module has its screen.
 */
export function placeholderRoute(): { path: string; titleKey: string } | null {
  for (const path of CANDIDATES) {
    const route = findLayoutRoute(path);
    if (route && !SCREENS[route.path] && !SCREENS[`/${route.path}`]) return { path, titleKey: route.titleKey };
  }
  return null;
}
