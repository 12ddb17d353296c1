import { TOAST_DURATION_MS, type ToastKind } from "@convive/domain/core";
import { type NotificationData, notifications } from "@mantine/notifications";

type NotificationPosition = NonNullable<NotificationData["position"]>;

const COLORS: Record<ToastKind, string> = { error: "red", success: "teal", info: "blue" };

/** Toasts per spec §9: error and success 3 s, info 4 s; where app/toast-position.ts puts them unless a position is given. */
export function toast(kind: ToastKind, message: string, position?: NotificationPosition) {
  notifications.show({ message, color: COLORS[kind], autoClose: TOAST_DURATION_MS[kind], position, withBorder: true });
}
