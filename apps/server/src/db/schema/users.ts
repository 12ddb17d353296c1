import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, schools, updatedAt } from "./schools.ts";

/** A person who signs in; users are platform-wide and join schools through memberships. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    firstName: text("first_name").notNull(),
    paternalSurname: text("paternal_surname").notNull().default(""),
    maternalSurname: text("maternal_surname").notNull().default(""),
    email: text("email").notNull(),
    cellPhone: text("cell_phone"),
    passwordHash: text("password_hash").notNull(),
    root: smallint("root").notNull().default(0),
    passwordUpdated: smallint("password_updated").notNull().default(0),
    imageProfile: text("image_profile"),
    language: text("language").notNull().default("es"),
    /** Platform-wide switch; a disabled user cannot sign in and loses every session. */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

/** A signed-in device. Only hashes of the tokens are stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessHash: text("access_hash").notNull(),
    refreshHash: text("refresh_hash").notNull(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The school whose identity provider opened the session (issue 32, migration 0045): it reaches that school only.
     * Null for the own sign-in.
     */
    providerSchoolId: text("provider_school_id").references(() => schools.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("sessions_access_hash_key").on(t.accessHash),
    uniqueIndex("sessions_refresh_hash_key").on(t.refreshHash),
    index("sessions_user_idx").on(t.userId),
  ],
);

/** Single-use password-reset links; only the token's hash is kept. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /**
     * A hash of the account's password hash and e-mail when the link was sent. Any password change (whatever
     * route makes it) or e-mail change alters them, so every link sent before it stops working by construction.
     * Rows from before this column get '' and are dead.
     */
    accountFingerprint: text("account_fingerprint").notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.tokenHash)],
);

/**
 * Throttle counters per key in fixed windows, shared by every instance: failed (and in-flight) sign-ins per
 * address, account and account+device, and the forgot-password, reset and unlock limits (keys are prefixed).
 */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull().default(0),
});

/** Devices that signed in successfully; failures from them are counted apart so an attacker cannot lock the owner out. */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * Single-use links e-mailed to the owner of an account locked by failed sign-ins: opening one trusts the browser
 * that opens it (a trusted device answers only to its own limit). Only the token's hash is kept.
 */
export const loginUnlocks = pgTable(
  "login_unlocks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("login_unlocks_token_hash_key").on(t.tokenHash), index("login_unlocks_user_idx").on(t.userId)],
);
