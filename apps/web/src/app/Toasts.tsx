import "@mantine/notifications/styles.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import { TOAST_LIMIT, TOAST_POSITION } from "@convive/domain/core";
import { Notifications } from "@mantine/notifications";
import classes from "./Toasts.module.css";

/**
 * The toasts' container (spec §9), loaded after the first paint: its transitions and styles are not needed to
 * draw the sign-in page. Toasts shown before it arrives wait in Mantine's store and appear when it mounts.
 */
export default function Toasts() {
  return <Notifications position={TOAST_POSITION} limit={TOAST_LIMIT} classNames={{ root: classes.root }} />;
}
