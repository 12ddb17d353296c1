import type { Language } from "@convive/domain/core";
import { api } from "./api.ts";
import i18n from "./i18n.ts";
import { withQueryClient } from "./query-client-later.ts";
import { session } from "./session.ts";
import { KEYS, storage } from "./storage.ts";

/**
 * Switches the interface at once and, when signed in, saves the choice on the user too, so what the server
 * writes for them (notifications, e-mails) comes in the same language.
 */
export async function changeLanguage(language: Language, options: { onSignInScreens?: boolean } = {}) {
  await i18n.changeLanguage(language);
  const { token, userId } = session.get();
  // Chosen on the screens outside the app (sign-in, recovery, password change, school choice): the sign-in screen
  // keeps it after later logouts (spec §1: otherwise Spanish).
  if (options.onSignInScreens) storage.set(KEYS.signInLanguage, language);
  if (!token || userId === null) return;
  try {
    await api(`/api/users/${userId}`, { method: "POST", body: { language }, quiet: true });
    // Texts the server renders in the reader's language are read again: notifications in the saved language, and
    // labels built from the school's lists (a group's level, "Primary 3° A"; issue 12 §6) wherever they show.
    withQueryClient((client) => client.invalidateQueries());
  } catch (error) {
    console.warn("language not saved on the account", error);
  }
}
