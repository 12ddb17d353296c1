import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { hashToken, readToken, SESSION_COOKIE, safeEqual } from "../lib/tokens.ts";
import { type Caches, cachedIdentity } from "./caches.ts";
import { type RequestIdentity, touchSessions } from "./identity.repository.ts";
import { resolveSchoolId } from "./tenancy.ts";

/**
 * Who may call a route. Every /api route declares one; the server refuses to start otherwise.
 * - public: anyone.
 * - user: a signed-in user; a school named by host or header is checked when present.
 * - school: an active member with a profile in the named school, holding one of `permissions` if given.
 * - root: the platform administrator.
 */
export type Access = "public" | "user" | "school" | "root";

export interface Principal {
  sessionId: string;
  userId: number;
  root: boolean;
  passwordUpdated: boolean;
  language: string;
  via: "bearer" | "cookie";
  /** The one school a session opened by that school's identity provider may act in (issue 32); null otherwise. */
  boundSchoolId: string | null;
}

/** The school a school-scoped call acts in, with the caller's profile and grants there. */
export interface Tenant {
  schoolId: string;
  profileId: number;
  profileName: string;
  grants: ReadonlySet<string>;
}

/** One declared route, as the generated cross-school test walks them. */
export interface CatalogueEntry {
  method: string;
  url: string;
  access: Access;
  permissions: readonly string[];
  /** The route's zod schemas (params, querystring, body…), for the generated input and tenancy tests. */
  schema?: FastifySchema;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route that declared an access rule, filled as routes are added. */
    routeCatalogue: readonly CatalogueEntry[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** For access "school": the caller needs at least one of these. */
    permissions?: readonly string[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    tenant: Tenant | null;
  }
}

export { SESSION_COOKIE };
export const XSRF_COOKIE = "XSRF-TOKEN";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TOUCH_EVERY_MS = 60_000;

export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Db; appDomain: string; caches: Caches }) => {
  app.decorateRequest("principal", null);
  app.decorateRequest("tenant", null);

  // "Last used" of the sessions list, written behind: one statement a minute for every session used in it,
  // instead of one per session (a polling tab would otherwise write every other poll). The one timer outside the job
  // runner (test/module-shape.test.ts names it): it flushes this instance's own memory, which a job — run by
  // whichever instance takes it — cannot reach; a flush driven by the requests instead put that statement on a poll's
  // path (the poll-cache tests: no statement on a poll). Unref'd; the close writes what is left.
  const toTouch = new Set<string>();
  const flushTouches = async () => {
    if (toTouch.size === 0) return;
    const ids = [...toTouch];
    toTouch.clear();
    await touchSessions(opts.db, ids).catch((error: Error) => app.log.warn(`session last-used not saved: ${error}`));
  };
  const touchTimer = setInterval(flushTouches, TOUCH_EVERY_MS).unref();
  app.addHook("onClose", async () => {
    clearInterval(touchTimer);
    await flushTouches();
  });
  const catalogue: CatalogueEntry[] = [];
  app.decorate("routeCatalogue", catalogue);

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (route.url.startsWith("/api/") && !access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    if (!access) return;
    for (const method of [route.method].flat()) {
      catalogue.push({
        method,
        url: route.url,
        access,
        permissions: route.config?.permissions ?? [],
        schema: route.schema,
      });
    }
  });

  // preValidation, not preHandler: who may call comes before what was sent, so a caller without a token gets 401
  // (not 422) and another school's caller gets 404 whatever the body, and no schema detail leaks to them.
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === "public") return;

    const credentials = readToken(request);
    if (!credentials) throw new AppError("UNAUTHENTICATED");
    const schoolId = resolveSchoolId(request, opts.appDomain);
    const identity = await cachedIdentity(opts.db, opts.caches, hashToken(credentials.token), schoolId);
    if (!identity?.userActive || identity.accessExpiresAt.getTime() <= Date.now()) {
      throw new AppError("UNAUTHENTICATED");
    }
    if (credentials.via === "cookie" && !SAFE_METHODS.has(request.method)) checkXsrf(request);
    if (Date.now() - identity.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      toTouch.add(identity.sessionId);
      identity.lastUsedAt = new Date();
    }

    request.principal = {
      sessionId: identity.sessionId,
      userId: identity.userId,
      root: identity.root === 1,
      passwordUpdated: identity.passwordUpdated === 1,
      language: identity.language,
      via: credentials.via,
      boundSchoolId: identity.sessionSchoolId,
    };

    if (access === "root") {
      if (!request.principal.root) throw new AppError("ROOT_ONLY");
      return;
    }
    if (schoolId === null) {
      if (access === "school") throw new AppError("SCHOOL_REQUIRED");
      return;
    }
    request.tenant = tenantOf(identity);
    if (access === "school") {
      // Until the forced password change is done, only the user's own calls are open.
      if (!request.principal.passwordUpdated) throw new AppError("FORBIDDEN");
      const required = request.routeOptions.config.permissions ?? [];
      if (required.length > 0 && !required.some((p) => request.tenant!.grants.has(p))) throw new AppError("FORBIDDEN");
    }
  });
});

/**
 * Applies the school rules: unknown school or non-member → 404 (so is another school than the one whose provider
 * opened the session); inactive → 403; password session where the school turned it off → 403; no profile → 403.
 */
// The identity is cached, so its Tenant is built once and shared by every request that reuses it.
const tenants = new WeakMap<RequestIdentity, Tenant>();

function tenantOf(identity: RequestIdentity): Tenant {
  const known = tenants.get(identity);
  if (known) return known;
  const school = identity.school;
  if (!school?.member) throw new AppError("NOT_FOUND");
  // Issue 32: a session a school's identity provider opened proves membership of that school only; a school that
  // signs in only through its provider admits no password session (the platform administrator's aside).
  if (identity.sessionSchoolId !== null && identity.sessionSchoolId !== school.id) throw new AppError("NOT_FOUND");
  if (identity.sessionSchoolId === null && !school.passwordSignIn && identity.root !== 1) {
    throw new AppError("PASSWORD_SIGN_IN_OFF");
  }
  if (!school.isActive || !school.member.isActive) throw new AppError("USER_DEACTIVATED");
  if (school.member.profileId === null) throw new AppError("NO_ROLE_IN_SCHOOL");
  const tenant: Tenant = Object.freeze({
    schoolId: school.id,
    profileId: school.member.profileId,
    profileName: school.member.profileName ?? "",
    grants: new Set(school.member.grants),
  });
  tenants.set(identity, tenant);
  return tenant;
}

/** Double-submit check for cookie-authenticated writes (the old client's Sanctum flow): 419 on mismatch. */
function checkXsrf(request: FastifyRequest) {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers["x-xsrf-token"];
  const sent = Array.isArray(header) ? header[0] : header;
  const [sentValue, cookieValue] = [decoded(sent), decoded(cookie)];
  if (sentValue === null || cookieValue === null || !safeEqual(sentValue, cookieValue)) {
    throw new AppError("CSRF_TOKEN_MISMATCH");
  }
}

/** A cookie or header value as the browser encoded it; a malformed %-sequence is a mismatch, not a 500. */
function decoded(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
