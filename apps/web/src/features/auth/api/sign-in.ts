import type { UserPayload } from "@convive/domain";
import { authFailureMessage } from "@convive/domain/auth-codes";
import { signInOutcome } from "@convive/domain/core";
import { ApiError, api } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { clearQueries, setQueryDataSoon } from "../../../lib/query-client-later.ts";
import { type IssuedTokens, session } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { currentUserKey, fetchCurrentUser } from "./current-user-fetch.ts";
import { logout } from "./logout.ts";

/** A failed call as the spec §8 catalogue reads it: its answer's status and code, or no answer at all. */
export const failureOf = (error: unknown) =>
  error instanceof ApiError ? { status: error.status, code: error.code } : { status: 0, code: "NETWORK" };

/** The sign-in screens' words for a failure: its client code's message (domain auth-codes), in the screen's language. */
export const failureMessage = (error: unknown) =>
  authFailureMessage(failureOf(error), i18n.language === "en" ? "en" : "es");

/** Where to go next; null when the user was signed out with a message. */
export type Next = string | null;

/** Spec §4 login flow: security cookie, login, token stored, toast, then the school and role checks. */
export async function signIn(email: string, password: string): Promise<Next> {
  await api("/sanctum/csrf-cookie", { noSchool: true, quiet: true });
  const { data } = await api<{ data: IssuedTokens & { user: UserPayload } }>("/login", {
    method: "POST",
    body: { email, password },
    noSchool: true,
    quiet: true,
  });
  session.signIn(data, data.user.id);
  return signedIn(data.user);
}

let completing: Promise<Next> | null = null;

/**
 * Back from the school's identity provider (`/?oidc=complete`, issue 32): the server proved the member; the page
 * collects the session it opened — the own sign-in's answer — and goes on with the same steps. Once per page load
 * (React's StrictMode mounts twice; the proven sign-in is single-use).
 */
export function completeProviderSignIn(): Promise<Next> {
  completing ??= (async () => {
    await api("/sanctum/csrf-cookie", { noSchool: true, quiet: true });
    const { data } = await api<{ data: IssuedTokens & { user: UserPayload } }>("/api/auth/oidc/complete", {
      method: "POST",
      noSchool: true,
      quiet: true,
    });
    session.signIn(data, data.user.id);
    return signedIn(data.user);
  })();
  return completing;
}

/**
 * An accepted invitation's session (issue 26 §4): the server opened it as a sign-in does (cookies set); from here
 * on the same steps as a sign-in — the language, the toast, the school and role checks, the landing view.
 */
export async function signInWithSession(tokens: IssuedTokens, userId: number): Promise<Next> {
  // The refresh call needs the double-submit cookie a sign-in takes first.
  await api("/sanctum/csrf-cookie", { noSchool: true, quiet: true });
  session.signIn(tokens, userId);
  return signedIn(await fetchCurrentUser(userId));
}

async function signedIn(user: UserPayload): Promise<Next> {
  const data = { user };
  // The language chosen on this device wins: what the server writes for the user (notifications, e-mails) follows it.
  if (data.user.language !== i18n.language) {
    await api(`/api/users/${data.user.id}`, {
      method: "POST",
      body: { language: i18n.language },
      noSchool: true,
      quiet: true,
    }).catch((error: unknown) => console.warn("language not saved on the account", error));
  }
  setQueryDataSoon(currentUserKey(data.user.id, null), data.user);
  toast("success", i18n.t("common:messages.signedIn"));
  const outcome = signInOutcome(data.user);
  if (outcome.kind === "refuse") {
    await logout(outcome.message);
    return null;
  }
  if (outcome.kind === "go") return outcome.to;
  return enterSchool(outcome.schoolId, "automatic");
}

/**
 * Selects a school and loads the user there (step 8): without a role the user is told why — signed out when
 * the school was picked automatically, kept on the selection screen when they chose it among several.
 */
export async function enterSchool(schoolId: string, how: "automatic" | "chosen"): Promise<Next> {
  // Back at the choice from inside another school: nothing its screens loaded may show in this one (issue 12 §3).
  const previous = session.get().schoolId;
  if (previous !== null && previous !== schoolId) clearQueries();
  session.selectSchool(schoolId);
  const userId = session.get().userId!;
  try {
    const user = await fetchCurrentUser(userId);
    setQueryDataSoon(currentUserKey(userId, schoolId), user);
    return "/";
  } catch (error) {
    session.selectSchool(null);
    if (error instanceof ApiError && error.code === "NO_ROLE_IN_SCHOOL") {
      if (how === "automatic") await logout("noRole");
      else toast("error", i18n.t("common:messages.noRoleInSchool"));
      return how === "automatic" ? null : "/Schoolselection";
    }
    if (error instanceof ApiError && error.code === "USER_DEACTIVATED") {
      await logout("deactivated");
      return null;
    }
    // Issue 32: the school signs in only through its identity provider.
    if (error instanceof ApiError && error.code === "PASSWORD_SIGN_IN_OFF") {
      await logout("passwordSignInOff");
      return null;
    }
    throw error;
  }
}
