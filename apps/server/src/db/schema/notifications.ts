import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { users } from "./users.ts";

/**
 * An in-app notification. The text is rendered from `type` + `params` in the reader's language when read,
 * so one event reaches each reader in their own language.
 */
export const notifications = pgTable(
  "notifications",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    userId: integer("user_id").notNull(),
    type: text("type").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.userId],
      foreignColumns: [memberships.schoolId, memberships.userId],
    }).onDelete("cascade"),
    index("notifications_user_idx").on(t.schoolId, t.userId, t.createdAt),
  ],
);

/** Help videos attached by the platform to a screen URL (spec §7 videos-by-url). */
export const helpVideos = pgTable(
  "help_videos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    videoUrl: text("video_url").notNull(),
    screenUrl: text("screen_url").notNull(),
    language: text("language").notNull().default("es"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("help_videos_screen_idx").on(t.screenUrl)],
);
