/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: react-i18next imports the shim, whose
 * fallback for React 17 (3 KB) would otherwise travel on the sign-in page (vite.config.ts aliases it here).
 */
export { useSyncExternalStore } from "react";
