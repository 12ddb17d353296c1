// Issue 32 §1: a school's OpenID Connect provider ("Sign in with Google / Microsoft"), configured by the platform
// administrator — or by the school's Director where the administrator allows it — and the sign-in page's options.
import { z } from "zod";
import { HttpUrl, optionalText, singleLine } from "./fields.ts";

/** An e-mail domain the school accepts from its provider: `colegio.edu.mx` (lower case, no @). */
export const EmailDomain = singleLine()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "OIDC_DOMAIN_FORMAT");

/** What the Director may change (where allowed); the administrator's form adds the delegation. */
export const SignInProviderBody = z
  .object({
    /** The button's name: "Google", "Microsoft", "Colegio". */
    label: singleLine().trim().min(1).max(40),
    /** The issuer URL; its /.well-known/openid-configuration is read (discovery). */
    issuer: HttpUrl(300),
    client_id: singleLine().trim().min(1).max(300),
    /** Required the first time; left empty afterwards, the stored one stays (it is never sent back). */
    client_secret: singleLine().max(500).optional(),
    /** E-mail domains the school accepts; empty: any e-mail of a member. */
    allowed_domains: z.array(EmailDomain).max(20).default([]),
    /** Microsoft Entra ID's tenant (the `tid` claim): only accounts of that organisation. */
    tenant_id: optionalText(100),
    /** Whether members may still sign in with their password in this school. */
    password_sign_in: z.boolean(),
    enabled: z.boolean(),
  })
  .strict();
export type SignInProviderBody = z.infer<typeof SignInProviderBody>;

export const AdminSignInProviderBody = SignInProviderBody.extend({
  /** The platform administrator lets the school's Director change this configuration. */
  director_may_edit: z.boolean(),
}).strict();
export type AdminSignInProviderBody = z.infer<typeof AdminSignInProviderBody>;

/** A school's configuration as its editors read it: the secret is never sent back, only whether there is one. */
export const SignInProvider = z.object({
  label: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  allowed_domains: z.array(z.string()),
  tenant_id: z.string().nullable(),
  password_sign_in: z.boolean(),
  enabled: z.boolean(),
  director_may_edit: z.boolean(),
  updated_at: z.string(),
});
export type SignInProvider = z.infer<typeof SignInProvider>;

/** The configuration (none yet: null) and the address to register at the provider as the redirect URI. */
export const SignInProviderAnswer = z.object({
  provider: SignInProvider.nullable(),
  redirect_uri: z.string(),
});
export type SignInProviderAnswer = z.infer<typeof SignInProviderAnswer>;

/** The sign-in page of a school's address: its provider's button, and whether the password form shows. */
export const SignInOptions = z.object({
  provider: z.object({ label: z.string() }).nullable(),
  password_sign_in: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptions>;
