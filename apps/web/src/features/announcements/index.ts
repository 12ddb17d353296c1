/**
 * The announcements feature's public surface (issue 27 §2): the panel the Messages tab of /notifications shows,
 * and the address that opens one announcement there.
 */
export { AnnouncementsPanel } from "./components/AnnouncementsPanel.tsx";
export { ANNOUNCEMENT_PARAM, announcementInSearch, withAnnouncement } from "./link.ts";
