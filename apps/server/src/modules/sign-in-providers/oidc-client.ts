// The one door to openid-client (issue 32 §1): discovery of a school's provider, its configuration kept between
// the sign-in's two legs, and what each of the library's failures means to the person signing in.
import { AsyncLocalStorage } from "node:async_hooks";
import * as oidc from "openid-client";
import { AppError } from "../../lib/errors.ts";
import type { ProviderRow } from "./providers.repository.ts";

/** Seconds any call to a provider may take before the sign-in says the provider is not answering. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A provider's discovered configuration (with its keys, which openid-client caches in it) is reused this long. */
const REUSE_MS = 10 * 60_000;

/**
 * Milliseconds a piece of work spent waiting on the provider (its round trips: discovery, keys, token, userinfo),
 * told apart from Convive's own time: the callback reports both (Server-Timing), and `npm run bench:oidc` holds
 * the rest to the budget.
 */
const providerWait = new AsyncLocalStorage<{ ms: number }>();
export async function timingProvider<T>(work: () => Promise<T>): Promise<{ result: T; providerMs: number }> {
  const clock = { ms: 0 };
  const result = await providerWait.run(clock, work);
  return { result, providerMs: clock.ms };
}
const timedFetch: oidc.CustomFetch = async (url, options) => {
  const started = performance.now();
  try {
    return await fetch(url, options as RequestInit);
  } finally {
    const clock = providerWait.getStore();
    if (clock) clock.ms += performance.now() - started;
  }
};

export interface ClientOptions {
  /** OIDC_ALLOW_HTTP_ISSUERS: a local provider over http (npm run dev:oidc, tests). */
  allowHttp: boolean;
}

/**
 * Configurations per school, keyed by what they were made from (issuer, client, the row's version): a saved change
 * misses at once on every instance, since each reads the row first. Memory only holds what a database read repairs.
 */
export function createOidcClients(options: ClientOptions) {
  const known = new Map<string, { key: string; at: number; config: oidc.Configuration }>();
  const keyOf = (p: ProviderRow) => `${p.issuer}\n${p.clientId}\n${p.updatedAt.toISOString()}`;

  async function discover(provider: ProviderRow, secret: string): Promise<oidc.Configuration> {
    try {
      const config = await oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        { client_secret: secret },
        oidc.ClientSecretPost(secret),
        {
          execute: options.allowHttp ? [oidc.allowInsecureRequests] : [],
          timeout: PROVIDER_TIMEOUT_SECONDS,
          [oidc.customFetch]: timedFetch,
        },
      );
      config.timeout = PROVIDER_TIMEOUT_SECONDS;
      config[oidc.customFetch] = timedFetch;
      known.set(provider.schoolId, { key: keyOf(provider), at: Date.now(), config });
      return config;
    } catch (error) {
      throw providerFailure(error);
    }
  }

  return {
    /** Reads the provider's discovery document now: a start never sends anyone to a provider that is down. */
    fresh: discover,
    /** The configuration the start made, else discovered again. */
    async get(provider: ProviderRow, secret: string): Promise<oidc.Configuration> {
      const hit = known.get(provider.schoolId);
      if (hit && hit.key === keyOf(provider) && Date.now() - hit.at < REUSE_MS) return hit.config;
      return discover(provider, secret);
    },
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;

/** Checks an issuer while saving: its discovery document must be there and be OpenID Connect. */
export async function checkIssuer(issuer: string, clientId: string, allowHttp: boolean): Promise<void> {
  try {
    await oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), {
      execute: allowHttp ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  } catch {
    throw new AppError("OIDC_DISCOVERY_FAILED", { issuer: "OIDC_DISCOVERY_FAILED" });
  }
}

const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) ||
  (error instanceof oidc.ClientError &&
    ["OAUTH_RESPONSE_IS_NOT_CONFORM", "OAUTH_RESPONSE_IS_NOT_JSON"].includes(error.code ?? "")) ||
  (error instanceof Error && error.cause !== undefined && error.cause !== error && isNetworkFailure(error.cause));

/**
 * What went wrong, as the catalogue's code (spec §8, domain auth-codes): the provider not answering, the person
 * declining, a refused code, an expired or forged token. Anything else about the token is "could not verify".
 */
export function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof oidc.AuthorizationResponseError) return new AppError("OIDC_DENIED");
  if (error instanceof oidc.ResponseBodyError) {
    return error.status >= 500 ? new AppError("OIDC_PROVIDER_UNAVAILABLE") : new AppError("OIDC_CODE_REJECTED");
  }
  if (error instanceof oidc.ClientError && error.code === "OAUTH_JWT_TIMESTAMP_CHECK_FAILED") {
    return new AppError("OIDC_TOKEN_EXPIRED");
  }
  if (isNetworkFailure(error)) return new AppError("OIDC_PROVIDER_UNAVAILABLE");
  return new AppError("OIDC_TOKEN_INVALID");
}
