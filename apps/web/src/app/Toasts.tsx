import "@mantine/notifications/styles.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import { TOAST_LIMIT } from "@convive/domain/core";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import classes from "./Toasts.module.css";
import { NARROW_LAYOUT_QUERY, toastPosition } from "./toast-position.ts";

/**
 * The toasts' container (spec §9), loaded after the first paint: its transitions and styles are not needed to
 * draw the sign-in page. Toasts shown before it arrives wait in Mantine's store and appear when it mounts. The one
 * place their position is decided (toast-position.ts).
 */
export default function Toasts() {
  const narrow = useMediaQuery(NARROW_LAYOUT_QUERY) ?? false;
  return <Notifications position={toastPosition(narrow)} limit={TOAST_LIMIT} classNames={{ root: classes.root }} />;
}
