/** Working without a connection (issue 32 §3–4): the indicator, what waits to be sent and the app's updates. */
export { OfflineBar } from "./OfflineBar.tsx";
