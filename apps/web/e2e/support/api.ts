/// <reference types="node" />
import { BASE_URL, COLEGIO, DEMO, DEMO_PASSWORD } from "./env.ts";

/**
 * What the browser keeps for a signed-in session: the access token in local storage (apps/web/src/lib/storage.ts),
 * the refresh token only in its HttpOnly cookie (never in a JSON answer).
 */
export interface ApiSession {
  token: string;
  /** The value of the `convive_refresh` cookie the sign-in set. */
  refreshToken: string;
  expiresIn: number;
  userId: number;
  /** The user payload of POST /login (schools, root, password_updated…). */
  user: { id: number; root: number; password_updated: number; schools: { id: string; is_active: boolean }[] };
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

interface CallOptions {
  method?: string;
  token?: string;
  schoolId?: string | null;
  body?: unknown;
  /** The answer's language (Accept-Language): names the server words per language, e.g. a group's level. */
  lang?: "es" | "en";
}

/** One call to the server under test, from the test process (never through the page). */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": options.lang ?? "es" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.schoolId) headers["X-School-Id"] = options.schoolId;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${BASE_URL}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const payload = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) throw new ApiCallError(response.status, payload, `${options.method ?? "GET"} ${path}`);
  return payload as T;
}

/** POST /login: a new server session for the account (the browser's sessions are not touched). */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await fetch(`${BASE_URL}/login`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const payload = (await response.json()) as {
    data: { access_token: string; expires_in: number; user: ApiSession["user"] };
  };
  if (!response.ok) throw new ApiCallError(response.status, payload, "POST /login");
  const { data } = payload;
  const refresh = response.headers
    .getSetCookie()
    .map((c) => /^convive_refresh=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!refresh) throw new Error("POST /login set no convive_refresh cookie");
  return {
    token: data.access_token,
    refreshToken: refresh,
    expiresIn: data.expires_in,
    userId: data.user.id,
    user: data.user,
  };
}

export type ProfileKey = "director" | "coordinador" | "docente" | "orientador" | "enfermeria" | "familiar";

let rootSession: Promise<ApiSession> | undefined;
/** The platform administrator's API session, shared by the worker. */
export const rootApi = () => {
  rootSession ??= apiLogin(DEMO.root);
  return rootSession;
};

const profileCache = new Map<string, Promise<Map<string, number>>>();
/** The school's profile ids by template key (GET /api/admin/schools/:id/profiles). */
export function profileIds(schoolId: string): Promise<Map<string, number>> {
  let found = profileCache.get(schoolId);
  if (!found) {
    found = rootApi().then(async (root) => {
      const { data } = await call<{ data: { profiles: { id: number; template_key: string | null }[] } }>(
        `/api/admin/schools/${schoolId}/profiles`,
        { token: root.token },
      );
      return new Map(data.profiles.filter((p) => p.template_key).map((p) => [p.template_key!, p.id]));
    });
    profileCache.set(schoolId, found);
  }
  return found;
}

export interface FreshUserOptions {
  profile?: ProfileKey;
  schoolId?: string;
  /** false: the user still has the temporary password and must change it (password_updated 0). */
  passwordUpdated?: boolean;
  /** true: the school's privacy notice is already accepted, so the modal does not show. */
  privacyAccepted?: boolean;
  language?: "es" | "en";
  firstName?: string;
}

export interface FreshUser {
  id: number;
  email: string;
  /** The password that signs in now (the temporary one while passwordUpdated is false). */
  password: string;
  schoolId: string;
  firstName: string;
}

let counter = 0;
const uniqueEmail = () =>
  `e2e-${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}@convive.test`.toLowerCase();

export const TEMPORARY_PASSWORD = "Temporal.2026!";
export const FRESH_PASSWORD = "Convive.E2E.2026!";

/**
 * A user of its own for a test that changes state (password, sessions, language, privacy notice), created through
 * the root API (POST /api/admin/users) so the shared demo accounts stay as the seed left them.
 */
export async function createUser(options: FreshUserOptions = {}): Promise<FreshUser> {
  const schoolId = options.schoolId ?? COLEGIO.id;
  const profile = options.profile ?? "docente";
  const root = await rootApi();
  const profileId = (await profileIds(schoolId)).get(profile);
  if (!profileId) throw new Error(`no ${profile} profile in ${schoolId}`);
  const email = uniqueEmail();
  const firstName = options.firstName ?? "Prueba";
  const { data } = await call<{ data: { user: { id: number } } }>("/api/admin/users", {
    method: "POST",
    token: root.token,
    body: {
      first_name: firstName,
      paternal_surname: "Automática",
      maternal_surname: "E2E",
      email,
      language: options.language ?? "es",
      password: TEMPORARY_PASSWORD,
      school_id: schoolId,
      profile_id: profileId,
    },
  });
  const user: FreshUser = { id: data.user.id, email, password: TEMPORARY_PASSWORD, schoolId, firstName };
  if (options.passwordUpdated === false) return user;

  const session = await apiLogin(email, TEMPORARY_PASSWORD);
  await call("/api/user/change-password", {
    method: "POST",
    token: session.token,
    body: { current_password: TEMPORARY_PASSWORD, password: FRESH_PASSWORD, password_confirmation: FRESH_PASSWORD },
  });
  user.password = FRESH_PASSWORD;
  if (options.privacyAccepted) {
    await call(`/api/users/${user.id}`, {
      method: "POST",
      token: session.token,
      schoolId,
      body: { privacy_notice_viewed: 1 },
    });
  }
  await call("/logout", { method: "POST", token: session.token }).catch(() => undefined);
  return user;
}

export interface ServerSession {
  id: string;
  current: boolean;
}

/** GET /api/auth/sessions with this session's token. */
export async function listSessions(token: string): Promise<ServerSession[]> {
  const { data } = await call<{ data: { sessions: ServerSession[] } }>("/api/auth/sessions", { token });
  return data.sessions;
}

/** Ends every other session of the user (DELETE /api/auth/sessions/:id), as from another device. */
export async function endOtherSessions(token: string): Promise<number> {
  const others = (await listSessions(token)).filter((s) => !s.current);
  for (const s of others) await call(`/api/auth/sessions/${s.id}`, { method: "DELETE", token });
  return others.length;
}
