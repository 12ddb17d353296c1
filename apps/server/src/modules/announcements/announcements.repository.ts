// The SQL of announcements (issue 27 §2). Raw SQL where a query groups or joins across five tables: each carries
// its school condition on every table it reads (the tenancy wall, lib/tenant-db.ts, written out).
import type { AnnouncementAudience, Language } from "@convive/domain";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { announcements } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

type Q = Db | Tx;
/** A section's name in the reader's language (`s`: sections). */
const sectionName = (language: Language) => (language === "en" ? sql`coalesce(s.name_en, s.name)` : sql`s.name`);
const rowsOf = async <T>(q: Q, query: ReturnType<typeof sql>) =>
  ((await q.execute(query)) as unknown as { rows: T[] }).rows;

/** The audience as SQL over `g` (groups) and `gr` (grades): the groups it reaches. */
function audienceWhere(audience: AnnouncementAudience) {
  switch (audience.kind) {
    case "group":
      return sql`g.id = ${audience.id}`;
    case "grade":
      return sql`g.grade_id = ${audience.id}`;
    case "section":
      return sql`gr.section_id = ${audience.id}`;
    default:
      return sql`true`;
  }
}

/** The family members (active Familiar members linked to an active student of the group this year), per group. */
const FAMILIES_OF_GROUPS = (schoolId: string, yearId: number) => sql`
  select distinct g.id as group_id, fl.user_id
    from groups g
    join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
    join student_groups sg on sg.school_id = g.school_id and sg.group_id = g.id and sg.school_year_id = ${yearId}
    join students st on st.school_id = sg.school_id and st.id = sg.student_id and st.status = 'active'
    join family_links fl on fl.school_id = sg.school_id and fl.student_id = sg.student_id
    join memberships m on m.school_id = fl.school_id and m.user_id = fl.user_id and m.is_active
   where g.school_id = ${schoolId} and g.school_year_id = ${yearId}`;

export interface GroupOption {
  groupId: number;
  group: string;
  grade: string;
  gradeId: number;
  sectionId: number;
  section: string;
  families: number;
}

/** The year's groups in class order with their section and grade names and how many families each reaches. */
export async function groupsOfYear(q: Q, schoolId: string, yearId: number, language: Language) {
  return rowsOf<GroupOption>(
    q,
    sql`
    with fam as (${FAMILIES_OF_GROUPS(schoolId, yearId)})
    select g.id as "groupId", g.name as "group", gr.name as grade, gr.id as "gradeId", s.id as "sectionId",
           ${language === "en" ? sql`coalesce(s.name_en, s.name)` : sql`s.name`} as section,
           (select count(*)::int from fam where fam.group_id = g.id) as families
      from groups g
      join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
      join sections s on s.school_id = gr.school_id and s.id = gr.section_id
     where g.school_id = ${schoolId} and g.school_year_id = ${yearId}
     order by s."order", s.id, gr."order", gr.id, g.name, g.id`,
  );
}

/** Writes the recipients of an announcement in one statement; how many rows. */
export async function insertRecipients(
  tx: Tx,
  schoolId: string,
  announcementId: number,
  yearId: number,
  audience: AnnouncementAudience,
) {
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`
    with fam as (${FAMILIES_OF_GROUPS(schoolId, yearId)} and ${audienceWhere(audience)}),
    ins as (
      insert into announcement_recipients (school_id, announcement_id, user_id, group_id)
      select ${schoolId}, ${announcementId}, user_id, group_id from fam
      on conflict do nothing
      returning 1)
    select count(*)::int as n from ins`,
  );
  return rows[0]?.n ?? 0;
}

export interface AnnouncementRow {
  id: number;
  authorId: number;
  authorName: string;
  authorRole: string | null;
  audienceKind: string;
  audienceId: number | null;
  /** The group's, grade's or section's name as audienceLabel writes it; null for the whole school. */
  audienceName: string | null;
  title: string;
  body: string;
  needsConfirmation: boolean;
  createdAt: Date;
  recipients: number;
  read: number;
  confirmed: number;
  myReadAt: Date | null;
  myConfirmedAt: Date | null;
  mine: boolean;
}

/**
 * Announcements newest first, with their totals (distinct family members) and the reader's own state. `scope`:
 * every one of the school, those a teacher sent or that reached her groups, or those a family member received.
 */
export async function listAnnouncements(
  q: Q,
  schoolId: string,
  reader: { userId: number; language: Language },
  scope: { kind: "school" } | { kind: "groups"; groupIds: number[] } | { kind: "family" },
  page: { cursor?: number; limit: number; id?: number },
) {
  const uid = reader.userId;
  const where = [
    sql`a.school_id = ${schoolId}`,
    page.cursor ? sql`a.id < ${page.cursor}` : sql`true`,
    page.id ? sql`a.id = ${page.id}` : sql`true`,
  ];
  if (scope.kind === "family")
    where.push(sql`exists (select 1 from announcement_recipients r
      where r.school_id = a.school_id and r.announcement_id = a.id and r.user_id = ${uid})`);
  if (scope.kind === "groups") {
    const ids = `{${scope.groupIds.map(Number).join(",")}}`;
    where.push(sql`(a.author_id = ${uid} or exists (select 1 from announcement_recipients r
      where r.school_id = a.school_id and r.announcement_id = a.id and r.group_id = any(${ids}::int[])))`);
  }
  const role = reader.language === "en" ? sql`coalesce(p.name_en, p.name)` : sql`p.name`;
  const section = sectionName(reader.language);
  // Named from the audience's own rows, whatever school year its group belongs to (a past year's still reads).
  const audienceName = sql`case a.audience_kind
      when 'group' then (select concat_ws(' ', gr.name, g.name, ${section}) from groups g
        join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
        join sections s on s.school_id = gr.school_id and s.id = gr.section_id
       where g.school_id = a.school_id and g.id = a.audience_id)
      when 'grade' then (select concat_ws(' ', ${section}, gr.name) from grades gr
        join sections s on s.school_id = gr.school_id and s.id = gr.section_id
       where gr.school_id = a.school_id and gr.id = a.audience_id)
      when 'section' then (select ${section} from sections s where s.school_id = a.school_id and s.id = a.audience_id)
    end`;
  return rowsOf<AnnouncementRow>(
    q,
    sql`
    select a.id, a.author_id as "authorId",
           concat_ws(' ', u.first_name, nullif(u.paternal_surname, ''), nullif(u.maternal_surname, '')) as "authorName",
           ${role} as "authorRole", a.audience_kind as "audienceKind", a.audience_id as "audienceId",
           ${audienceName} as "audienceName", a.title, a.body,
           a.needs_confirmation as "needsConfirmation", a.created_at as "createdAt",
           coalesce(t.recipients, 0) as recipients, coalesce(t.read, 0) as read, coalesce(t.confirmed, 0) as confirmed,
           me.read_at as "myReadAt", me.confirmed_at as "myConfirmedAt", me.user_id is not null as mine
      from announcements a
      join users u on u.id = a.author_id
      left join memberships m on m.school_id = a.school_id and m.user_id = a.author_id
      left join profiles p on p.school_id = m.school_id and p.id = m.profile_id
      left join lateral (
        select count(distinct r.user_id)::int as recipients,
               count(distinct r.user_id) filter (where r.read_at is not null)::int as read,
               count(distinct r.user_id) filter (where r.confirmed_at is not null)::int as confirmed
          from announcement_recipients r where r.school_id = a.school_id and r.announcement_id = a.id) t on true
      left join lateral (
        select min(r.read_at) as read_at, min(r.confirmed_at) as confirmed_at, min(r.user_id) as user_id
          from announcement_recipients r
         where r.school_id = a.school_id and r.announcement_id = a.id and r.user_id = ${uid}) me on true
     where ${sql.join(where, sql` and `)}
     order by a.id desc
     limit ${page.limit}`,
  );
}

/** Per target group: recipients, read and confirmed (distinct family members). */
export async function groupStats(q: Q, schoolId: string, announcementId: number, language: Language) {
  return rowsOf<{ groupId: number; group: string; recipients: number; read: number; confirmed: number }>(
    q,
    sql`
    select r.group_id as "groupId", concat_ws(' ', gr.name, g.name, ${sectionName(language)}) as "group",
           count(*)::int as recipients,
           count(*) filter (where r.read_at is not null)::int as read,
           count(*) filter (where r.confirmed_at is not null)::int as confirmed
      from announcement_recipients r
      join groups g on g.school_id = r.school_id and g.id = r.group_id
      join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
      join sections s on s.school_id = gr.school_id and s.id = gr.section_id
     where r.school_id = ${schoolId} and r.announcement_id = ${announcementId}
     group by r.group_id, gr.name, g.name, s.name, s.name_en, s."order", s.id, gr."order", gr.id
     order by s."order", s.id, gr."order", gr.id, g.name`,
  );
}

/** Family members still to read (or to confirm, when asked), with their children in the group, by group. */
export async function pendingOf(
  q: Q,
  schoolId: string,
  announcementId: number,
  confirmation: boolean,
  language: Language,
) {
  return rowsOf<{ userId: number; name: string; group: string; students: string[]; read: boolean }>(
    q,
    sql`
    select r.user_id as "userId",
           concat_ws(' ', u.first_name, nullif(u.paternal_surname, ''), nullif(u.maternal_surname, '')) as name,
           concat_ws(' ', gr.name, g.name, ${sectionName(language)}) as "group", r.read_at is not null as read,
           coalesce(array(
             select concat_ws(' ', st.first_name, nullif(st.paternal_surname, ''), nullif(st.maternal_surname, ''))
               from family_links fl
               join student_groups sg on sg.school_id = fl.school_id and sg.student_id = fl.student_id
                    and sg.group_id = r.group_id and sg.school_year_id = g.school_year_id
               join students st on st.school_id = fl.school_id and st.id = fl.student_id
              where fl.school_id = r.school_id and fl.user_id = r.user_id
              order by st.paternal_surname, st.maternal_surname, st.first_name), '{}') as students
      from announcement_recipients r
      join users u on u.id = r.user_id
      join groups g on g.school_id = r.school_id and g.id = r.group_id
      join grades gr on gr.school_id = g.school_id and gr.id = g.grade_id
      join sections s on s.school_id = gr.school_id and s.id = gr.section_id
     where r.school_id = ${schoolId} and r.announcement_id = ${announcementId}
       and ${confirmation ? sql`r.confirmed_at is null` : sql`r.read_at is null`}
     order by s."order", s.id, gr."order", gr.id, g.name, u.paternal_surname, u.first_name`,
  );
}

/** Marks the reader's rows read (and confirmed); how many rows changed. */
export async function markRecipient(q: Q, schoolId: string, announcementId: number, userId: number, confirm: boolean) {
  const rows = await rowsOf<{ n: number }>(
    q,
    sql`
    with up as (
      update announcement_recipients
         set read_at = coalesce(read_at, now())
             ${confirm ? sql`, confirmed_at = coalesce(confirmed_at, now())` : sql``}
       where school_id = ${schoolId} and announcement_id = ${announcementId} and user_id = ${userId}
         and ${confirm ? sql`confirmed_at is null` : sql`read_at is null`}
      returning 1)
    select count(*)::int as n from up`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The pending family members not reminded in the last 12 hours: marks them reminded and returns their ids (one
 * statement, so two reminders at once remind each person once).
 */
export async function takeReminders(tx: Tx, schoolId: string, announcementId: number, confirmation: boolean) {
  const rows = await rowsOf<{ userId: number }>(
    tx,
    sql`
    update announcement_recipients set reminded_at = now()
     where school_id = ${schoolId} and announcement_id = ${announcementId}
       and ${confirmation ? sql`confirmed_at is null` : sql`read_at is null`}
       and (reminded_at is null or reminded_at < now() - interval '12 hours')
    returning user_id as "userId"`,
  );
  return [...new Set(rows.map((r) => r.userId))];
}

/** The recipients whose e-mail is not yet written: marks them mailed and returns them (the mail job's claim). */
export async function takeUnmailed(tx: Tx, schoolId: string, announcementId: number) {
  const rows = await rowsOf<{ userId: number }>(
    tx,
    sql`
    update announcement_recipients set mailed_at = now()
     where school_id = ${schoolId} and announcement_id = ${announcementId} and mailed_at is null
    returning user_id as "userId"`,
  );
  return [...new Set(rows.map((r) => r.userId))];
}

/** Distinct user ids of an announcement's recipients. */
export async function recipientIds(q: Q, schoolId: string, announcementId: number) {
  const rows = await rowsOf<{ userId: number }>(
    q,
    sql`select distinct user_id as "userId" from announcement_recipients
         where school_id = ${schoolId} and announcement_id = ${announcementId}`,
  );
  return rows.map((r) => r.userId);
}

/** Announcements a family member has not opened. */
export async function unreadCount(q: Q, schoolId: string, userId: number) {
  const rows = await rowsOf<{ n: number }>(
    q,
    sql`select count(distinct announcement_id)::int as n from announcement_recipients
         where school_id = ${schoolId} and user_id = ${userId} and read_at is null`,
  );
  return rows[0]?.n ?? 0;
}

/** E-mail addresses and languages of users. */
export async function mailboxes(q: Q, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const ids = `{${userIds.map(Number).join(",")}}`;
  return rowsOf<{ id: number; email: string; language: string | null }>(
    q,
    sql`select id, email, language from users where id = any(${ids}::int[])`,
  );
}

/** Writes the announcement row. */
export async function insertAnnouncement(
  tx: Tx,
  schoolId: string,
  values: {
    authorId: number;
    audienceKind: string;
    audienceId: number | null;
    title: string;
    body: string;
    needsConfirmation: boolean;
  },
) {
  return forSchool(tx, schoolId).insert(announcements, values).returning({ id: announcements.id });
}

/** Title, body and the school's clock, for the e-mails. */
export async function titleOf(q: Q, schoolId: string, announcementId: number) {
  return rowsOf<{ title: string; body: string; timeZone: string }>(
    q,
    sql`select a.title, a.body, s.time_zone as "timeZone" from announcements a join schools s on s.id = a.school_id
         where a.school_id = ${schoolId} and a.id = ${announcementId}`,
  );
}
