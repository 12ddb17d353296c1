import type { AdminSignInProviderBody, SignInProvider, SignInProviderBody } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { sealSecret, secretsKey } from "../../lib/secret-box.ts";
import { checkIssuer } from "./oidc-client.ts";
import * as repo from "./providers.repository.ts";

const present = (row: repo.ProviderRow): SignInProvider => ({
  label: row.label,
  issuer: row.issuer,
  client_id: row.clientId,
  has_client_secret: row.clientSecretSealed !== "",
  allowed_domains: row.allowedDomains,
  tenant_id: row.tenantId,
  password_sign_in: row.passwordSignIn,
  enabled: row.enabled,
  director_may_edit: row.directorMayEdit,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * A school's identity provider as its editors see and change it: the platform administrator for any school, the
 * school's Director (master configuration → general information) where the administrator allows it. The client
 * secret is sealed before it is stored and never leaves again; a new issuer is read (discovery) before it is kept.
 */
export function createProvidersService(deps: {
  db: Db;
  config: Config;
  events: EventBus;
  redirectUri: (schoolId: string) => string;
}) {
  const { db, config } = deps;

  async function read(schoolId: string) {
    const row = await repo.findProvider(db, schoolId);
    return { provider: row ? present(row) : null, redirect_uri: deps.redirectUri(schoolId) };
  }

  async function save(schoolId: string, userId: number, body: SignInProviderBody, directorMayEdit: boolean) {
    const previous = await repo.findProvider(db, schoolId);
    if (!config.OIDC_ALLOW_HTTP_ISSUERS && !body.issuer.startsWith("https://")) {
      throw new AppError("OIDC_HTTPS_REQUIRED", { issuer: "OIDC_HTTPS_REQUIRED" });
    }
    const key = secretsKey(config.SECRETS_KEY);
    if (!key) throw new AppError("SECRETS_KEY_MISSING");
    const secret = body.client_secret?.trim();
    if (!secret && !previous) {
      throw new AppError("OIDC_CLIENT_SECRET_REQUIRED", { client_secret: "OIDC_CLIENT_SECRET_REQUIRED" });
    }
    const issuer = body.issuer.replace(/\/+$/, "");
    if (!previous || previous.issuer !== issuer)
      await checkIssuer(issuer, body.client_id, config.OIDC_ALLOW_HTTP_ISSUERS);
    const row = await repo.upsertProvider(db, {
      schoolId,
      label: body.label,
      issuer,
      clientId: body.client_id,
      clientSecretSealed: secret ? sealSecret(key, schoolId, secret) : previous!.clientSecretSealed,
      allowedDomains: [...new Set(body.allowed_domains)],
      tenantId: body.tenant_id ?? null,
      passwordSignIn: body.password_sign_in,
      enabled: body.enabled,
      directorMayEdit,
      updatedBy: userId,
    });
    // Who may enter the school with a password changed: the cached identities of its members go.
    deps.events.emit("schools.changed", { schoolId });
    return { provider: present(row), redirect_uri: deps.redirectUri(schoolId) };
  }

  return {
    read,
    /** The platform administrator: any school (404 for none), with the delegation to its Director. */
    async saveAsRoot(schoolId: string, userId: number, body: AdminSignInProviderBody) {
      if (!(await repo.schoolExists(db, schoolId))) throw new AppError("NOT_FOUND");
      const { director_may_edit, ...rest } = body;
      return save(schoolId, userId, rest, director_may_edit);
    },
    /** The school's Director, only where the platform administrator allowed it; never the delegation itself. */
    async saveAsDirector(schoolId: string, userId: number, body: SignInProviderBody) {
      const previous = await repo.findProvider(db, schoolId);
      if (!previous?.directorMayEdit) throw new AppError("SIGN_IN_PROVIDER_NOT_DELEGATED");
      return save(schoolId, userId, body, true);
    },
    async remove(schoolId: string) {
      if (!(await repo.deleteProvider(db, schoolId))) throw new AppError("NOT_FOUND");
      deps.events.emit("schools.changed", { schoolId });
    },
  };
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
