/** The notifications feature's public surface: the bell, its reset and the realtime wiring the layout mounts. */
export { resetBell, setBellCount } from "./api/reset-bell.ts";
export { bellLabel, hasBell, NotificationBell } from "./components/NotificationBell.tsx";
export { useNotificationSocket } from "./realtime.ts";
