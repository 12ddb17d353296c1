import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, rowId, schoolIdColumn } from "./schools.ts";
import { users } from "./users.ts";

/** A school's profile (role); seeded from the templates, schools may add their own. */
export const profiles = pgTable(
  "profiles",
  {
    schoolId: schoolIdColumn(),
    id: rowId(),
    /** Spanish name: the one the rules read (landing view, Director-only moves). */
    name: text("name").notNull(),
    /** What readers of English see; null: the Spanish name (migration 0009). */
    nameEn: text("name_en"),
    /** The template it was seeded from (director, familiar, …); null for a school's own profile. */
    templateKey: text("template_key"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] }), unique("profiles_school_name_key").on(t.schoolId, t.name)],
);

/** Permissions and module keys held by a profile (both from the shared catalogue). */
export const profilePermissions = pgTable(
  "profile_permissions",
  {
    schoolId: schoolIdColumn(),
    profileId: integer("profile_id").notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.profileId, t.permission] }),
    foreignKey({ columns: [t.schoolId, t.profileId], foreignColumns: [profiles.schoolId, profiles.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** A user's membership of a school, with exactly one profile (or none yet). */
export const memberships = pgTable(
  "memberships",
  {
    schoolId: schoolIdColumn(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileId: integer("profile_id"),
    isActive: boolean("is_active").notNull().default(true),
    /** The bell's unviewed count in this school (spec §4 Notifications). */
    unviewedNotificationsCount: integer("unviewed_notifications_count").notNull().default(0),
    /** Version of the school's privacy notice this member accepted; null until accepted. */
    privacyNoticeVersion: integer("privacy_notice_version"),
    privacyNoticeViewedAt: timestamp("privacy_notice_viewed_at", { withTimezone: true }),
    /** For external trainers: psychologist, coach, therapist… */
    trainerType: text("trainer_type"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId] }),
    foreignKey({ columns: [t.schoolId, t.profileId], foreignColumns: [profiles.schoolId, profiles.id] }),
    index("memberships_user_idx").on(t.userId),
  ],
);
