import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { memberships, profilePermissions, profiles, students, users } from "../../db/schema/index.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { personName } from "../../lib/names.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { monitored } from "./inclusion.repository.ts";

/** Active members of the school holding `permission`, with their profile's template (to tell the Director apart). */
async function holders(db: Db, schoolId: string, permission: string) {
  return db
    .select({ id: memberships.userId, template: profiles.templateKey })
    .from(memberships)
    .innerJoin(profiles, and(eq(profiles.schoolId, memberships.schoolId), eq(profiles.id, memberships.profileId)))
    .innerJoin(
      profilePermissions,
      and(eq(profilePermissions.schoolId, profiles.schoolId), eq(profilePermissions.profileId, profiles.id)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.schoolId, schoolId),
        eq(memberships.isActive, true),
        eq(users.isActive, true),
        eq(profilePermissions.permission, permission),
      ),
    );
}

/**
 * When an incident is recorded for a student under inclusion monitoring (an active condition or an open conditioned
 * enrollment), the counsellors are told (issue 28 §3): the members holding inclusion.update other than the Director
 * and the recorder — the Director when nobody else would be. The text names the student and the folio, never the
 * condition or the reasons. Runs after the answer (ctx.background): the registration never waits for it.
 */
export function watchIncidents(
  ctx: Pick<ModuleDeps, "db" | "events" | "background"> & { notifications: NotificationsService },
) {
  const { db, notifications } = ctx;
  async function notice(
    schoolId: string,
    studentIds: number[],
    incident: { id: number; folio: number; recorderId: number },
  ) {
    const watched = await monitored(db, schoolId, studentIds);
    if (watched.size === 0) return;
    const all = await holders(db, schoolId, "inclusion.update");
    const counsellors = all.filter((h) => h.template !== "director" && h.id !== incident.recorderId).map((h) => h.id);
    const to = counsellors.length > 0 ? counsellors : all.filter((h) => h.id !== incident.recorderId).map((h) => h.id);
    if (to.length === 0) return;
    const names = await db
      .select({ id: students.id, name: personName(students) })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.id, [...watched])));
    const publish = await db.transaction(async (tx) => {
      const done = [];
      for (const s of names) {
        done.push(
          await notifications.notify(tx, {
            schoolId,
            userIds: to,
            type: "inclusion.incident",
            params: { student: s.name, folio: incident.folio },
            link: `/incident-details?id=${incident.id}`,
          }),
        );
      }
      return done;
    });
    for (const d of publish) d.publish();
  }
  ctx.events.on("incidents.recorded", ({ schoolId, studentIds, incident }) => {
    if (incident && studentIds.length > 0) {
      ctx.background.later("inclusion incident notice", () => notice(schoolId, [...new Set(studentIds)], incident));
    }
  });
}
