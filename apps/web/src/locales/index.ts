import accountEn from "./en/account.json";
import adminEn from "./en/admin.json";
import authEn from "./en/auth.json";
import commonEn from "./en/common.json";
import layoutEn from "./en/layout.json";
import notificationsEn from "./en/notifications.json";
import accountEs from "./es/account.json";
import adminEs from "./es/admin.json";
import authEs from "./es/auth.json";
import commonEs from "./es/common.json";
import layoutEs from "./es/layout.json";
import notificationsEs from "./es/notifications.json";

/** Every namespace in both languages; a unit test fails when their key sets differ. */
export const resources = {
  es: {
    common: commonEs,
    auth: authEs,
    layout: layoutEs,
    notifications: notificationsEs,
    account: accountEs,
    admin: adminEs,
  },
  en: {
    common: commonEn,
    auth: authEn,
    layout: layoutEn,
    notifications: notificationsEn,
    account: accountEn,
    admin: adminEn,
  },
} as const;
