// The announcements module's public surface: the plugin app.ts registers, and the unopened count a family member's
// Messages badge adds (handed to the messages module as `announcementsUnread`).
export { announcementsModule } from "./announcements.module.ts";
export { announcementsUnreadOf } from "./announcements.service.ts";
