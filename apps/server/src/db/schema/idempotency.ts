import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, schoolIdColumn } from "./schools.ts";
import { users } from "./users.ts";

/**
 * The idempotency keys of creates (plugins/idempotency.ts, issue 24 §1): one row per key a person sent in a school,
 * claimed by the first request that carries it. It holds the answer to replay, which may name students, so it is a
 * tenant table behind row-level security like the rows it answers about.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    schoolId: schoolIdColumn(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    /** SHA-256 of the method, the URL and the body: the same key with anything else is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** Null while the first request runs; its answer once it succeeded (failures free the key instead). */
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    /** When the claim was taken: a claim left unanswered long past any request's time is taken over. */
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
