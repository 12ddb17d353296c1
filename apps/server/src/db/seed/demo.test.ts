import { and, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_TYPES } from "../../app.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { type OpenDb, openDb } from "../client.ts";
import {
  announcementRecipients,
  announcements,
  conditionAdjustments,
  conditionBarriers,
  conditionedEnrollments,
  conditionTypes,
  consentRecords,
  familyLinks,
  familyMembers,
  groups,
  helpVideos,
  incidentProtocolSteps,
  incidentProtocols,
  incidentStudents,
  incidents,
  incidentTimeline,
  incidentTypes,
  letterAcknowledgements,
  memberships,
  messageReads,
  messages,
  notifications,
  periods,
  profiles,
  referralFollowUps,
  referrals,
  schools,
  schoolYears,
  studentConditions,
  studentGroups,
  students,
  teachingAssignments,
  users,
} from "../schema/index.ts";
import { CLOSED_YEAR_INCIDENTS } from "./closed-year.ts";
import { DEMO_ACCOUNTS, DEMO_INCIDENTS, DEMO_PASSWORD, seedDemoIfEmpty } from "./demo.ts";

const CURP = /^[A-Z]{4}\d{6}[HM][A-Z]{5}[A-Z0-9]\d$/;
const RFC = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;

describe("demo seed", () => {
  let handle: OpenDb;
  let loaded: boolean;

  beforeAll(async () => {
    handle = await openDb("pglite:memory");
    loaded = await seedDemoIfEmpty(handle.db);
  });
  afterAll(() => handle?.close());

  const db = () => handle.db;
  const currentYearId = async () => {
    const [row] = await db()
      .select({ id: schoolYears.id })
      .from(schoolYears)
      .where(and(eq(schoolYears.schoolId, "colegio-demo"), eq(schoolYears.isCurrent, true)));
    return row!.id;
  };
  const userByEmail = async (email: string) => {
    const [row] = await db().select().from(users).where(eq(users.email, email));
    return row!;
  };
  /** Memberships of an account as `school:templateKey` (templateKey "none" when it has no profile). */
  const rolesOf = async (email: string) => {
    const rows = await db()
      .select({ schoolId: memberships.schoolId, key: profiles.templateKey })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(profiles, and(eq(profiles.schoolId, memberships.schoolId), eq(profiles.id, memberships.profileId)))
      .where(eq(users.email, email));
    return rows.map((r) => `${r.schoolId}:${r.key ?? "none"}`).sort();
  };

  it("keeps a closed 2025-2026 year: last year's groups one grade lower, their students, a few closed incidents", async () => {
    const years = await db()
      .select()
      .from(schoolYears)
      .where(eq(schoolYears.schoolId, "colegio-demo"))
      .orderBy(schoolYears.startsOn);
    expect(years.map((y) => [y.name, y.isCurrent, y.closedAt !== null])).toEqual([
      ["2025-2026", false, true],
      ["2026-2027", true, false],
    ]);
    const closed = years[0]!.id;
    // 13 groups this year; the two of 1° Primaria were new: 11 groups last year, with this year's students but theirs.
    const [lastYear] = await db()
      .select({ n: count() })
      .from(groups)
      .where(and(eq(groups.schoolId, "colegio-demo"), eq(groups.schoolYearId, closed)));
    expect(lastYear!.n).toBe(11);
    const [enrolled] = await db()
      .select({ n: count() })
      .from(studentGroups)
      .where(and(eq(studentGroups.schoolId, "colegio-demo"), eq(studentGroups.schoolYearId, closed)));
    expect(enrolled!.n).toBeGreaterThan(150);
    const old = await db()
      .select({ status: incidents.status })
      .from(incidents)
      .where(and(eq(incidents.schoolId, "colegio-demo"), eq(incidents.schoolYearId, closed)));
    expect(old.length).toBe(CLOSED_YEAR_INCIDENTS);
    expect(old.every((i) => i.status === "closed")).toBe(true);
  });

  it("rates the closed year's five bimesters for all its students, published then, nobody notified now", async () => {
    const [rated] = (
      (await db().execute(sql`
      select (select count(*) from student_groups sg join school_years y on y.school_id = sg.school_id
                and y.id = sg.school_year_id and y.name = '2025-2026' where sg.school_id = 'colegio-demo')::int as students,
             count(distinct r.student_id)::int as rated_students, count(distinct r.period_id)::int as periods,
             count(distinct r.period_id) filter (where st.published_at is not null)::int as published
        from ratings r
        join periods p on p.school_id = r.school_id and p.id = r.period_id
        join school_years y on y.school_id = p.school_id and y.id = p.school_year_id and y.name = '2025-2026'
        left join rating_period_states st on st.school_id = r.school_id and st.period_id = r.period_id
       where r.school_id = 'colegio-demo'`)) as unknown as { rows: Record<string, number>[] }
    ).rows;
    expect(rated).toMatchObject({ periods: 5, published: 5 });
    expect(rated!.rated_students).toBe(rated!.students);
    const [pending] = (
      (await db().execute(sql`
      select count(*)::int as n from rating_group_publications
       where school_id = 'colegio-demo' and notified_at is null`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(pending!.n).toBe(0);
  });

  it("gives every scheduled report type a table to send from the demo, in both languages and by group", async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 200 * 24 * 3600_000);
    const context = { schoolId: "colegio-demo", timeZone: "America/Mexico_City", from, to, groupIds: null };
    const students = new Set((await db().select({ id: studentGroups.studentId }).from(studentGroups)).map((r) => r.id));
    for (const type of REPORT_TYPES) {
      for (const lang of ["es", "en"] as const) {
        const table = await type.collect(db(), { ...context, lang });
        expect(table.rows.length, `${type.key} (${lang}) has rows on the demo`).toBeGreaterThan(0);
        expect(table.truncated).toBe(false);
        for (const column of table.columns) expect(column.label[lang]).toMatch(/\S/);
        // Each row names a student of the school, who is in the recipients' read log.
        expect(table.studentIds.length).toBeGreaterThan(0);
        for (const id of table.studentIds) expect(students.has(id), `${type.key}: student ${id}`).toBe(true);
        for (const row of table.rows) {
          for (const column of table.columns) expect(row, `${type.key}: ${column.key}`).toHaveProperty(column.key);
        }
      }
      // A filter that leaves no group leaves no row.
      const none = await type.collect(db(), { ...context, lang: "es", groupIds: [] });
      expect(none.rows, type.key).toHaveLength(0);
    }
  });

  it("loads once and backs off when data exists", async () => {
    expect(loaded).toBe(true);
    expect(await seedDemoIfEmpty(db())).toBe(false);
    const [n] = await db().select({ n: count() }).from(schools);
    expect(n!.n).toBe(3);
  });

  it("creates every demo account with its role", async () => {
    for (const { email } of DEMO_ACCOUNTS) expect((await userByEmail(email))?.email).toBe(email);
    expect((await userByEmail("root@convive.test")).root).toBe(1);
    expect(await rolesOf("root@convive.test")).toEqual([]);
    expect(await rolesOf("director@convive.test")).toEqual(["colegio-demo:director"]);
    expect(await rolesOf("docente@convive.test")).toEqual(["colegio-demo:docente"]);
    expect(await rolesOf("familia@convive.test")).toEqual(["colegio-demo:familiar"]);
    expect(await rolesOf("multi@convive.test")).toEqual(["colegio-demo:director", "instituto-norte:coordinador"]);
    expect(await rolesOf("norte@convive.test")).toEqual(["instituto-norte:director"]);
    expect(await rolesOf("nuevo@convive.test")).toEqual(["colegio-demo:docente"]);
    expect((await userByEmail("nuevo@convive.test")).passwordUpdated).toBe(0);
    expect((await userByEmail("director@convive.test")).passwordUpdated).toBe(1);
    expect(await rolesOf("sinrol@convive.test")).toEqual(["colegio-demo:none"]);
    expect(await rolesOf("sinescuela@convive.test")).toEqual([]);
    expect((await userByEmail("sinescuela@convive.test")).root).toBe(0);
    expect(await rolesOf("inactivo@convive.test")).toEqual(["escuela-inactiva:director"]);
    const [inactive] = await db().select().from(schools).where(eq(schools.id, "escuela-inactiva"));
    expect(inactive!.isActive).toBe(false);
  });

  it("shares one hash of the demo password", async () => {
    const director = await userByEmail("director@convive.test");
    expect(await verifyPassword(director.passwordHash, DEMO_PASSWORD)).toBe(true);
    const hashes = await db().selectDistinct({ h: users.passwordHash }).from(users);
    expect(hashes).toHaveLength(1);
  });

  it("gives colegio-demo about 200 students, each in a group with a valid CURP", async () => {
    const rows = await db().select().from(students).where(eq(students.schoolId, "colegio-demo"));
    expect(rows.length).toBeGreaterThanOrEqual(190);
    expect(rows.length).toBeLessThanOrEqual(210);
    for (const s of rows) expect(s.curp).toMatch(CURP);
    expect(rows.map((s) => s.enrollment)).toContain("CDA-2026-0001");
    const year = await currentYearId();
    const [placed] = await db()
      .select({ n: count() })
      .from(studentGroups)
      .where(and(eq(studentGroups.schoolId, "colegio-demo"), eq(studentGroups.schoolYearId, year)));
    expect(placed!.n).toBe(rows.length);
    const [periodCount] = await db()
      .select({ n: count() })
      .from(periods)
      .where(and(eq(periods.schoolId, "colegio-demo"), eq(periods.schoolYearId, year)));
    expect(periodCount!.n).toBe(5);
    const norte = await db().select({ id: students.id }).from(students).where(eq(students.schoolId, "instituto-norte"));
    expect(norte.length).toBe(30);
  });

  it("makes docente@ head teacher of a group she teaches", async () => {
    const docente = await userByEmail("docente@convive.test");
    const headed = await db()
      .select()
      .from(groups)
      .where(
        and(
          eq(groups.schoolId, "colegio-demo"),
          eq(groups.headTeacherId, docente.id),
          eq(groups.schoolYearId, await currentYearId()),
        ),
      );
    expect(headed).toHaveLength(1);
    const taught = await db().select().from(teachingAssignments).where(eq(teachingAssignments.userId, docente.id));
    expect(taught).toHaveLength(3);
    const [noHead] = await db().select({ n: count() }).from(groups).where(isNull(groups.headTeacherId));
    expect(noHead!.n).toBe(0);
  });

  it("loads the starter catalogue and a term of incidents, some of them about familia@'s children", async () => {
    const [n] = await db()
      .select({ n: count() })
      .from(incidents)
      .where(and(eq(incidents.schoolId, "colegio-demo"), eq(incidents.schoolYearId, await currentYearId())));
    expect(n!.n).toBe(DEMO_INCIDENTS.colegio);
    const [types] = await db()
      .select({ n: count() })
      .from(incidentTypes)
      .where(eq(incidentTypes.schoolId, "colegio-demo"));
    expect(types!.n).toBeGreaterThan(5);
    const familia = await userByEmail("familia@convive.test");
    const children = await db().select().from(familyLinks).where(eq(familyLinks.userId, familia.id));
    const about = await db()
      .select({ n: count() })
      .from(incidentStudents)
      .where(
        inArray(
          incidentStudents.studentId,
          children.map((c) => c.studentId),
        ),
      );
    expect(about[0]!.n).toBeGreaterThan(0);
  });

  it("links familia@ as mother to exactly two students", async () => {
    const familia = await userByEmail("familia@convive.test");
    const links = await db().select().from(familyLinks).where(eq(familyLinks.userId, familia.id));
    expect(links).toHaveLength(2);
    expect(links.every((l) => l.relationship === "mother" && l.schoolId === "colegio-demo")).toBe(true);
    const [member] = await db().select().from(familyMembers).where(eq(familyMembers.userId, familia.id));
    expect(member!.rfc).toMatch(RFC);
  });

  it("gives most students a family with RFCs in the expected format", async () => {
    const linked = await db()
      .selectDistinct({ id: familyLinks.studentId })
      .from(familyLinks)
      .where(eq(familyLinks.schoolId, "colegio-demo"));
    expect(linked.length).toBeGreaterThan(170);
    const members = await db().select({ rfc: familyMembers.rfc }).from(familyMembers);
    for (const m of members) expect(m.rfc).toMatch(RFC);
  });

  it("keeps the unviewed count in step with unread notifications", async () => {
    for (const email of ["director@convive.test", "docente@convive.test"]) {
      const user = await userByEmail(email);
      const [unread] = await db()
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
      const [member] = await db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.schoolId, "colegio-demo")));
      expect(unread!.n).toBeGreaterThan(0);
      expect(member!.unviewedNotificationsCount).toBe(unread!.n);
    }
    expect(await db().select().from(helpVideos)).toHaveLength(2);
  });

  it("gives Diego and Sofía conversations: one urgent, one about an incident, one read by one parent only", async () => {
    const familia = await userByEmail("familia@convive.test");
    const children = await db().select().from(familyLinks).where(eq(familyLinks.userId, familia.id));
    const rows = await db()
      .select()
      .from(messages)
      .where(
        inArray(
          messages.studentId,
          children.map((c) => c.studentId),
        ),
      );
    expect(new Set(rows.map((m) => m.studentId)).size).toBe(2);
    expect(rows.filter((m) => m.urgent)).toHaveLength(1);
    const about = rows.filter((m) => m.incidentId !== null);
    expect(about).toHaveLength(1);
    const [entry] = await db()
      .select()
      .from(incidentTimeline)
      .where(eq(incidentTimeline.incidentId, about[0]!.incidentId!));
    expect(entry).toBeDefined();
    const urgent = rows.find((m) => m.urgent)!;
    const readers = await db().select().from(messageReads).where(eq(messageReads.messageId, urgent.id));
    expect(readers.map((r) => r.userId)).toEqual([familia.id]);
  });

  it("sends 3° A Primaria's families an announcement asking to confirm, half of them confirmed", async () => {
    const [sent] = await db().select().from(announcements).where(eq(announcements.title, "Junta de padres de 3° A"));
    expect(sent).toMatchObject({ audienceKind: "group", needsConfirmation: true });
    const recipients = await db()
      .select()
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, sent!.id));
    expect(recipients.length).toBeGreaterThanOrEqual(10);
    const confirmed = recipients.filter((r) => r.confirmedAt !== null).length;
    expect(confirmed).toBe(Math.floor(recipients.length / 2));
  });

  it("refers two other students to external support with consent, one review due this week; Diego's consent too", async () => {
    const colegio = "colegio-demo";
    const rows = await db().select().from(referrals).where(eq(referrals.schoolId, colegio));
    expect(rows).toHaveLength(2);
    const kids = await db()
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, colegio), inArray(students.firstName, ["Sofía", "Diego"])));
    expect(rows.some((r) => kids.some((k) => k.id === r.studentId))).toBe(false);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(rows.some((r) => r.status !== "closed" && r.nextReviewDate !== null && r.nextReviewDate <= inAWeek)).toBe(
      true,
    );
    const inProgress = rows.find((r) => r.status === "in_progress")!;
    const entries = await db().select().from(referralFollowUps).where(eq(referralFollowUps.referralId, inProgress.id));
    expect(entries).toHaveLength(2);
    const consented = await db()
      .select({ studentId: consentRecords.studentId })
      .from(consentRecords)
      .where(
        and(
          eq(consentRecords.schoolId, colegio),
          eq(consentRecords.category, "external_support"),
          eq(consentRecords.granted, true),
        ),
      );
    const ids = consented.map((c) => c.studentId);
    expect(ids).toEqual(expect.arrayContaining([...rows.map((r) => r.studentId)]));
    const mother = await userByEmail("familia@convive.test");
    const [diegoConsent] = await db()
      .select()
      .from(consentRecords)
      .innerJoin(
        students,
        and(eq(students.schoolId, consentRecords.schoolId), eq(students.id, consentRecords.studentId)),
      )
      .where(
        and(
          eq(consentRecords.userId, mother.id),
          eq(consentRecords.category, "external_support"),
          eq(students.firstName, "Diego"),
        ),
      );
    expect(diegoConsent?.consent_records.granted).toBe(true);
    expect(diegoConsent?.consent_records.text).toContain("Diego");
  });

  it("gives Sofía a visual condition with three adjustments under her mother's consent, and Diego an acknowledged letter", async () => {
    const colegio = "colegio-demo";
    const mother = await userByEmail("familia@convive.test");
    const kid = async (firstName: string) => {
      const [row] = await db()
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.schoolId, colegio),
            eq(students.firstName, firstName),
            eq(students.paternalSurname, "Ramírez"),
          ),
        );
      return row!.id;
    };
    const [sofia, diego] = [await kid("Sofía"), await kid("Diego")];
    const [consent] = await db()
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.studentId, sofia), eq(consentRecords.category, "disability")));
    expect(consent).toMatchObject({ granted: true, userId: mother.id });
    expect(consent!.text).toContain("Sofía");
    const [condition] = await db()
      .select({ c: studentConditions, type: conditionTypes.name })
      .from(studentConditions)
      .innerJoin(
        conditionTypes,
        and(
          eq(conditionTypes.schoolId, studentConditions.schoolId),
          eq(conditionTypes.id, studentConditions.conditionTypeId),
        ),
      )
      .where(and(eq(studentConditions.schoolId, colegio), eq(studentConditions.studentId, sofia)));
    expect(condition).toMatchObject({ type: "Visual", c: { active: true, usaerSupport: true } });
    expect(condition!.c.reviewDate).not.toBeNull();
    expect(condition!.c.createdAt.getTime()).toBeGreaterThan(consent!.recordedAt.getTime());
    const adjustments = await db()
      .select()
      .from(conditionAdjustments)
      .where(eq(conditionAdjustments.conditionId, condition!.c.id));
    expect(adjustments.map((a) => a.kind)).toEqual(["access", "methodological", "assessment"]);
    expect(adjustments.some((a) => a.description.includes("18 pt"))).toBe(true);
    const barriers = await db()
      .select()
      .from(conditionBarriers)
      .where(eq(conditionBarriers.conditionId, condition!.c.id));
    expect(barriers.length).toBeGreaterThan(0);
    const [enrollment] = await db()
      .select()
      .from(conditionedEnrollments)
      .where(and(eq(conditionedEnrollments.schoolId, colegio), eq(conditionedEnrollments.studentId, diego)));
    expect(enrollment).toMatchObject({ reasons: ["disciplinary"], outcome: null });
    expect(enrollment!.commitments).toHaveLength(3);
    expect(enrollment!.reviewDate).not.toBeNull();
    const acks = await db()
      .select()
      .from(letterAcknowledgements)
      .where(eq(letterAcknowledgements.enrollmentId, enrollment!.id));
    expect(acks).toMatchObject([{ role: "family", userId: mother.id }]);
  });

  it("runs the bullying protocol on every bullying incident; the newest open one has a late step and an overdue one", async () => {
    const colegio = "colegio-demo";
    const bullying = await db()
      .select({ id: incidents.id, status: incidents.status })
      .from(incidents)
      .innerJoin(
        incidentTypes,
        and(eq(incidentTypes.schoolId, incidents.schoolId), eq(incidentTypes.id, incidents.typeId)),
      )
      .innerJoin(
        schoolYears,
        and(eq(schoolYears.schoolId, incidents.schoolId), eq(schoolYears.id, incidents.schoolYearId)),
      )
      // The closed 2025-2026 year's incidents predate the school's protocols.
      .where(
        and(eq(incidents.schoolId, colegio), isNotNull(incidentTypes.protocolId), eq(schoolYears.isCurrent, true)),
      );
    expect(bullying.length).toBeGreaterThan(0);
    const running = await db().select().from(incidentProtocols).where(eq(incidentProtocols.schoolId, colegio));
    expect(running.map((p) => p.incidentId).sort()).toEqual(bullying.map((b) => b.id).sort());
    // A closed incident's protocol was completed: no incident is closed with steps pending.
    for (const p of running) {
      const incident = bullying.find((b) => b.id === p.incidentId)!;
      if (incident.status !== "open") expect(p.status).toBe("completed");
    }
    const steps = await db().select().from(incidentProtocolSteps).where(eq(incidentProtocolSteps.schoolId, colegio));
    const overdue = steps.filter((s) => s.status === "pending" && s.overdueNotifiedAt !== null);
    const late = steps.filter((s) => s.status === "done" && s.doneAt! > s.dueAt);
    expect(overdue.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
    const director = await userByEmail("director@convive.test");
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, director.id), eq(notifications.type, "protocol.step-overdue")));
    expect(notices).toHaveLength(overdue.length);
  });
});
