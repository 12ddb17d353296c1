// The messages module's public surface: the plugin app.ts registers, the student file's "Messages" section, and the
// hook type through which the announcements module may add its unopened count to the Messages badge
// (`announcementsUnread` in the module context).
export type { AnnouncementsUnread } from "./inbox.service.ts";
export { messagesModule } from "./messages.module.ts";
export { messagesFileSection } from "./messages.section.ts";
