import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { schoolIdColumn } from "./schools.ts";
import { users } from "./users.ts";

// Issue 32 §1: OpenID Connect sign-in per school (modules/sign-in-providers, migration 0045).

/** A school's identity provider; the client secret is sealed with SECRETS_KEY (lib/secret-box.ts). */
export const signInProviders = pgTable("sign_in_providers", {
  schoolId: schoolIdColumn().primaryKey(),
  label: text("label").notNull(),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretSealed: text("client_secret_sealed").notNull(),
  allowedDomains: text("allowed_domains").array().notNull().default(sql`'{}'`),
  tenantId: text("tenant_id"),
  passwordSignIn: boolean("password_sign_in").notNull().default(true),
  enabled: boolean("enabled").notNull().default(true),
  directorMayEdit: boolean("director_may_edit").notNull().default(false),
  updatedBy: integer("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A provider sign-in in flight, keyed by its school and the hash of its browser cookie; single use, 10 minutes. */
export const providerSignIns = pgTable(
  "provider_sign_ins",
  {
    schoolId: schoolIdColumn(),
    flowHash: text("flow_hash").notNull(),
    state: text("state").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Set by the callback: the member the provider proved, until the page collects the session. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "provider_sign_ins_pk", columns: [t.schoolId, t.flowHash] }),
    index("provider_sign_ins_expiry_idx").on(t.expiresAt),
  ],
);
