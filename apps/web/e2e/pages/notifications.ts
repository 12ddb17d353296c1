import type { Locator, Page } from "@playwright/test";
import { type Lang, t } from "../support/i18n.ts";

/** /notifications (features/notifications/routes/NotificationsPage.tsx). */
export class NotificationsPage {
  constructor(
    readonly page: Page,
    private lang: Lang = "es",
  ) {}

  get list(): Locator {
    return this.page.getByRole("main").getByRole("list", { name: t(this.lang, "nav.notifications") });
  }
  item(title: string | RegExp): Locator {
    return this.list.getByRole("listitem").filter({ hasText: title });
  }
  /** The "New" badge of an unread item. */
  newBadge(item: Locator): Locator {
    return item.getByText(t(this.lang, "notifications:new"), { exact: true });
  }
  markReadButton(item: Locator): Locator {
    return item.getByRole("button", {
      name: new RegExp(`^${t(this.lang, "notifications:markReadOf", { title: "" })}`),
    });
  }
  get allRead(): Locator {
    return this.page.getByText(t(this.lang, "notifications:allRead"));
  }
  unreadSummary(count: number): Locator {
    return this.page.getByText(t(this.lang, "notifications:unreadCount", { count }));
  }
}
