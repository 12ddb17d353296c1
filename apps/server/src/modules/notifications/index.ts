// The notifications module's public surface: the service other modules notify through and the texts it renders.
export { renderNotification } from "./notification-texts.ts";
export { notificationsModule } from "./notifications.module.ts";
export { createNotificationsService, type NotificationsService } from "./notifications.service.ts";
export { NOTIFICATIONS_KEPT_MONTHS, purgeOldNotifications } from "./purge.job.ts";
