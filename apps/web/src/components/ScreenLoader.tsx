import { useEffect } from "react";
import { startLoading } from "../lib/progress.ts";
import { PageLoader } from "./PageLoader.tsx";

/**
 * A signed-in screen's place while its code loads (the layout's Suspense fallback): the top progress bar runs
 * meanwhile. Kept apart from PageLoader, which the sign-in page's first load carries.
 */
export function ScreenLoader() {
  useEffect(() => startLoading(), []);
  return <PageLoader />;
}
