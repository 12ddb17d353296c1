import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { memberships, profilePermissions, profiles, students, users } from "../../db/schema/index.ts";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { personName } from "../../lib/names.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Viewer } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { openableFile } from "../student-file/index.ts";
import { monitoredStudents } from "./markers.repository.ts";

/** Active members of the school whose profile holds inclusion.update, as viewers (to ask the file's scope rule). */
async function counsellorsOf(db: Db, schoolId: string) {
  const rows = await db
    .select({
      userId: memberships.userId,
      profileId: profiles.id,
      profileName: profiles.name,
      template: profiles.templateKey,
      grants: sql<string[]>`(select coalesce(array_agg(g.permission), '{}') from ${profilePermissions} g
        where g.school_id = ${profiles.schoolId} and g.profile_id = ${profiles.id})`,
    })
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
        eq(profilePermissions.permission, "inclusion.update"),
      ),
    );
  return rows.map((r) => ({
    director: r.template === "director",
    viewer: {
      tenant: { schoolId, profileId: r.profileId, profileName: r.profileName, grants: new Set(r.grants) },
      userId: r.userId,
    } satisfies Viewer,
  }));
}

const reaches = (db: Db, viewer: Viewer, studentId: number) =>
  openableFile(db, viewer, studentId).then(
    () => true,
    () => false,
  );

/**
 * Who hears of an incident of a monitored student: the members holding inclusion.update whose data scope reaches
 * the student (as their file's rule says), other than the recorder and Director-template profiles; when that leaves
 * nobody, the Director(s) — the recorder still left out.
 */
async function recipients(
  db: Db,
  people: Awaited<ReturnType<typeof counsellorsOf>>,
  studentId: number,
  recorderId: number,
) {
  const others = people.filter((p) => p.viewer.userId !== recorderId);
  const reached = [];
  for (const p of others) if (await reaches(db, p.viewer, studentId)) reached.push(p);
  const counsellors = reached.filter((p) => !p.director);
  return (counsellors.length > 0 ? counsellors : reached.filter((p) => p.director)).map((p) => p.viewer.userId);
}

/**
 * When an incident is recorded for a student under inclusion monitoring (an active condition or an open conditioned
 * enrollment), the counsellors are told (issue 28 §3), one notice per student, linked to the incident. The text
 * names the student and the folio, never the condition or the reasons. Runs after the answer (ctx.background): the
 * registration never waits for it.
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
    const watched = [...(await monitoredStudents(db, schoolId, studentIds))];
    if (watched.length === 0) return;
    const people = await counsellorsOf(db, schoolId);
    const names = await forSchool(db, schoolId)
      .pick(students, { id: students.id, name: personName(students) })
      .where(inArray(students.id, watched));
    // Who hears of each student, decided before the transaction (the scope rule reads the database on its own).
    const notices: { student: string; userIds: number[] }[] = [];
    for (const s of names) {
      const userIds = await recipients(db, people, s.id, incident.recorderId);
      if (userIds.length > 0) notices.push({ student: s.name, userIds });
    }
    if (notices.length === 0) return;
    const sent = await db.transaction(async (tx) => {
      const done = [];
      for (const n of notices) {
        done.push(
          await notifications.notify(tx, {
            schoolId,
            userIds: n.userIds,
            type: "inclusion.incident",
            params: { student: n.student, folio: incident.folio },
            link: `/incident-details?id=${incident.id}`,
          }),
        );
      }
      return done;
    });
    for (const d of sent) d.publish();
  }
  ctx.events.on("incidents.recorded", ({ schoolId, studentIds, incident }) => {
    if (incident && studentIds.length > 0) {
      ctx.background.later("inclusion incident notice", () => notice(schoolId, [...new Set(studentIds)], incident));
    }
  });
}
