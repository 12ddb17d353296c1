import * as oidc from "openid-client";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { schoolLink } from "../../lib/links.ts";
import { openSecret, secretsKey } from "../../lib/secret-box.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { type AuthService, enforceLimits, REQUEST_LIMITS } from "../auth/index.ts";
import { createOidcClients, providerFailure, timingProvider } from "./oidc-client.ts";
import * as repo from "./providers.repository.ts";

/** Minutes a started sign-in may take at the provider; the proven one then waits 2 minutes for its page. */
const REQUEST_MINUTES = 10;
const PROVEN_MINUTES = 2;
export const CALLBACK_PATH = "/api/auth/oidc/callback";

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  deviceId?: string;
}

/**
 * OpenID Connect sign-in for a school (issue 32 §1): authorization code flow with PKCE, state and nonce, through
 * openid-client. Three legs: `start` sends the browser to the provider (the request's secrets kept in the database
 * under a cookie only that browser holds); `callback` checks the provider's answer and matches the verified e-mail to
 * an active member of that school; `complete` opens the very session the own sign-in opens (spec §4), limited to
 * that school. Nobody is ever created, and nobody of another school is ever matched.
 */
export function createOidcService(deps: { db: Db; config: Config; auth: AuthService }) {
  const { db, config } = deps;
  const clients = createOidcClients({ allowHttp: config.OIDC_ALLOW_HTTP_ISSUERS });
  const redirectUri = (schoolId: string) => schoolLink(config, schoolId, CALLBACK_PATH);

  async function providerOf(schoolId: string) {
    const provider = await repo.enabledProvider(db, schoolId);
    if (!provider) throw new AppError("OIDC_NOT_CONFIGURED");
    const key = secretsKey(config.SECRETS_KEY);
    if (!key) throw new AppError("SECRETS_KEY_MISSING");
    return { provider, secret: openSecret(key, schoolId, provider.clientSecretSealed) };
  }

  /** The provider's authorization URL and the browser's flow token (its cookie). */
  async function start(schoolId: string, ip: string): Promise<{ url: string; flow: string }> {
    await enforceLimits(db, [{ key: `oidc-start:ip:${ip}`, max: REQUEST_LIMITS.oidcStartPerAddress }]);
    const { provider, secret } = await providerOf(schoolId);
    const client = await clients.fresh(provider, secret);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const flow = newToken();
    await repo.insertFlow(db, {
      flowHash: hashToken(flow),
      schoolId,
      state,
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + REQUEST_MINUTES * 60_000),
    });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri(schoolId),
      scope: "openid email profile",
      response_type: "code",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return { url: url.href, flow };
  }

  /**
   * The provider's answer (the callback's query): the request must be this browser's and still live (used once),
   * the state its own; the code is exchanged (PKCE) and the ID token checked (signature, issuer, audience, expiry
   * with openid-client's clock tolerance, nonce). Then the school's rules: verified e-mail, domain, tenant, member.
   */
  /** The callback's work, and how much of it was spent waiting on the provider (Server-Timing `idp`). */
  async function callback(schoolId: string, flow: string | undefined, query: URLSearchParams) {
    const { providerMs } = await timingProvider(() => checkAnswer(schoolId, flow, query));
    return { providerMs };
  }

  async function checkAnswer(schoolId: string, flow: string | undefined, query: URLSearchParams): Promise<void> {
    if (!flow) throw new AppError("OIDC_FLOW_EXPIRED");
    const request = await repo.takeRequest(db, hashToken(flow), schoolId);
    if (!request) throw new AppError("OIDC_FLOW_EXPIRED");
    if (query.has("error")) throw new AppError("OIDC_DENIED");
    if (query.get("state") !== request.state) throw new AppError("OIDC_STATE_MISMATCH");
    const { provider, secret } = await providerOf(schoolId);
    const client = await clients.get(provider, secret);
    const current = new URL(redirectUri(schoolId));
    current.search = query.toString();
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(client, current, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      // Providers that keep the e-mail out of the ID token (the specification's default) answer it at userinfo.
      if (typeof claims.email !== "string") {
        claims = { ...claims, ...(await oidc.fetchUserInfo(client, tokens.access_token, String(claims.sub))) };
      }
    } catch (error) {
      throw providerFailure(error);
    }
    const userId = await matchMember(provider, claims);
    await repo.insertFlow(db, {
      flowHash: hashToken(flow),
      schoolId,
      state: "",
      nonce: "",
      codeVerifier: "",
      userId,
      expiresAt: new Date(Date.now() + PROVEN_MINUTES * 60_000),
    });
  }

  /** The school's rules on the provider's claims; the member's user id. */
  async function matchMember(provider: repo.ProviderRow, claims: Record<string, unknown>): Promise<number> {
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
    if (!email || claims.email_verified !== true) throw new AppError("OIDC_EMAIL_UNVERIFIED");
    const domain = email.slice(email.lastIndexOf("@") + 1);
    if (provider.allowedDomains.length > 0 && !provider.allowedDomains.includes(domain)) {
      throw new AppError("OIDC_DOMAIN_NOT_ALLOWED");
    }
    if (provider.tenantId && claims.tid !== provider.tenantId) throw new AppError("OIDC_TENANT_MISMATCH");
    const member = await repo.memberByEmail(db, provider.schoolId, email);
    if (!member) throw new AppError("OIDC_UNKNOWN_USER");
    if (!member.userActive || !member.memberActive || !member.schoolActive) throw new AppError("USER_DEACTIVATED");
    return member.userId;
  }

  /** The page collects the proven sign-in: the own sign-in's session (spec §4), reaching this school only. */
  async function complete(schoolId: string, flow: string | undefined, client: ClientInfo) {
    const proven = flow ? await repo.takeProven(db, hashToken(flow), schoolId) : undefined;
    if (!proven?.userId) throw new AppError("OIDC_FLOW_EXPIRED");
    // Disabled in the two minutes since the callback: refused all the same.
    const member = await repo.memberById(db, schoolId, proven.userId);
    if (!member?.userActive || !member.memberActive || !member.schoolActive) throw new AppError("USER_DEACTIVATED");
    const tokens = await deps.auth.openSession(proven.userId, client, false, { schoolId });
    return { userId: proven.userId, tokens };
  }

  /** What the sign-in page of a school's address offers. */
  async function options(schoolId: string | null) {
    const provider = schoolId ? await repo.enabledProvider(db, schoolId) : undefined;
    return {
      provider: provider ? { label: provider.label } : null,
      password_sign_in: provider ? provider.passwordSignIn : true,
    };
  }

  return { start, callback, complete, options, redirectUri };
}
export type OidcService = ReturnType<typeof createOidcService>;
