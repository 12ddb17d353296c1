import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@convive/domain/core";
import { api } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { clearQueries } from "../../../lib/query-client-later.ts";
import { session } from "../../../lib/session.ts";
import { clearCookies, KEYS, storage } from "../../../lib/storage.ts";
import { toast } from "../../../lib/toast.ts";

export type LogoutReason =
  | "signedOut"
  | "sessionExpired"
  | "noSchool"
  | "deactivated"
  | "noRole"
  | "noRoleInSchool"
  | "passwordSignInOff";

/**
 * Spec §4 Logout: tells the server (a failure is only warned in the console), clears cookies and storage,
 * stops the poll (the user query goes away with the cache) and returns to Login with the reason's toast.
 */
export async function logout(reason: LogoutReason = "signedOut", options: { callServer?: boolean } = {}) {
  // Several calls refused at once (a screen's parallel queries, the poll) each report the ended session: the
  // first signs out and tells the user, the others find nobody signed in and stay silent.
  if (reason === "sessionExpired" && !session.get().token) return;
  if (options.callServer !== false && session.get().token) {
    try {
      await api("/sanctum/csrf-cookie", { noSchool: true, quiet: true });
      await api("/logout", { method: "POST", noSchool: true, quiet: true });
    } catch (error) {
      console.warn("logout call failed; signing out locally", error);
    }
  }
  session.clear();
  clearCookies();
  clearQueries();
  // Spec §1: the sign-in screen is in Spanish, unless the person chose a language on it (issue 12 §9).
  await i18n.changeLanguage(signInLanguage());
  // Issue 32's reason lives with the provider's texts, loaded only where a school has one.
  if (reason === "passwordSignInOff") await i18n.loadNamespaces("signInProvider");
  const message = i18n.t(
    reason === "passwordSignInOff" ? "signInProvider:passwordSignInOff" : `common:messages.${reason}`,
  );
  if (reason === "signedOut") toast("success", message);
  else if (reason === "sessionExpired") toast("error", message, "bottom-right");
  else toast("error", message);
}

/** The language chosen on the sign-in screen, or Spanish. */
function signInLanguage(): Language {
  const chosen = storage.get(KEYS.signInLanguage);
  return chosen && (LANGUAGES as readonly string[]).includes(chosen) ? (chosen as Language) : DEFAULT_LANGUAGE;
}
