import { useLoading } from "../lib/progress.ts";
import classes from "./TopProgress.module.css";

/**
 * The page's progress bar: shown while a screen's code or first data loads (lib/progress.ts). A visual cue only,
 * outside every landmark: screen readers hear the screen's own loading state (its skeleton or loader, in main).
 */
export function TopProgress() {
  if (!useLoading()) return null;
  return <div className={classes.bar} data-testid="top-progress" aria-hidden="true" />;
}
