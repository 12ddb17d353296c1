import type { Language } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { type NotificationsService, renderNotification } from "../notifications/index.ts";
import { incidentLink } from "./links.ts";

/** Notification types (notification-texts.json). */
export const ESCALATED = "incident.escalated";
export const ESCALATED_MANY = "incidents.escalated";
export const ESCALATION_ACTED = "incident.escalation.acted";
/** Up to this many incidents escalating at once, one notification each; beyond, one that counts them. */
export const ONE_BY_ONE = 5;
/** At most this many incidents escalate per school and sweep (a school's first sweep after years of data). */
export const SWEEP_LIMIT = 500;

type Row = Record<string, unknown>;
const rowsOf = async (tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
type Params = Record<string, string | number>;
interface Sent {
  userIds: number[];
  type: string;
  params: Params;
  link: string;
}

/**
 * Issue 14 §4, one sweep at a time per instance (escalation.job.ts: a job of the runner every minute):
 * 1. An open incident whose day (school calendar) is at least the school's days ago gets its row in
 *    incident_escalations — `on conflict do nothing returning`: when several instances sweep together, only the
 *    insert that wins returns the incident, so the director(s) hear of it once. They are told in the same
 *    transaction (in-app; pushed over the socket and e-mailed in each one's language after it commits).
 * 2. The first entry of an escalated incident's timeline written by one of those directors after it escalated is
 *    "the director acted": `update … where acted_at is null returning` again lets one instance win, and the
 *    recorder is told once — unless they are that director, or the act was closing or cancelling, which the
 *    incidents module already tells the recorder of (incident.closed / incident.cancelled): one notification.
 */
export function createEscalation(deps: {
  db: Db;
  config: Pick<Config, "PUBLIC_URL" | "APP_DOMAIN">;
  mailer: Mailer;
  notifications: NotificationsService;
  log?: (message: string) => void;
}) {
  const { db, notifications } = deps;
  const log = deps.log ?? (() => undefined);

  async function sweep(): Promise<{ escalated: number; told: number }> {
    // Only the schools with something to do, asked in one statement: the sweep runs every minute on every instance,
    // and two transactions per school each minute would outweigh everything else the database is asked while
    // nothing happens (issue 24: the bell poll's statements per poll count them). The same conditions as below.
    const schools = await rowsOf(
      db,
      sql`select s.id, s.time_zone, d.days,
                 exists (select 1 from incidents i
                          where i.school_id = s.id and i.status = 'open'
                            and i.occurred_at < (((now() at time zone s.time_zone)::date - d.days + 1)::timestamp
                                                  at time zone s.time_zone)
                            and not exists (select 1 from incident_escalations e
                                             where e.school_id = i.school_id and e.incident_id = i.id)) as due,
                 exists (select 1 from incident_escalations e
                           join incident_timeline tl on tl.school_id = e.school_id and tl.incident_id = e.incident_id
                          where e.school_id = s.id and e.acted_at is null and tl.at > e.escalated_at
                            and tl.user_id = any(e.director_ids)) as acted
            from schools s left join strategic_vision_settings st on st.school_id = s.id
                 cross join lateral (select coalesce(st.escalate_after_days, 14)::int as days) d
           where s.is_active`,
    );
    let escalated = 0;
    let told = 0;
    for (const school of schools) {
      const schoolId = String(school.id);
      try {
        if (school.due) escalated += await escalateSchool(schoolId, String(school.time_zone), Number(school.days));
        if (school.acted) told += await tellRecorders(schoolId);
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
        log(`escalation of ${schoolId} failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
      }
    }
    return { escalated, told };
  }

  async function escalateSchool(schoolId: string, timeZone: string, days: number): Promise<number> {
    const sent: Sent[] = [];
    const publishers: (() => void)[] = [];
    const count = await db.transaction(async (tx) => {
      const directors = (
        await rowsOf(
          tx,
          sql`select m.user_id from memberships m join profiles p on p.school_id = m.school_id and p.id = m.profile_id
               where m.school_id = ${schoolId} and m.is_active
                 and (p.template_key = 'director' or p.name = 'Director') order by m.user_id`,
        )
      ).map((r) => Number(r.user_id));
      const ids = `{${directors.join(",")}}`;
      const rows = await rowsOf(
        tx,
        sql`insert into incident_escalations (school_id, incident_id, director_ids)
            select i.school_id, i.id, ${ids}::integer[] from incidents i
             where i.school_id = ${schoolId} and i.status = 'open'
               and i.occurred_at < (((now() at time zone ${timeZone})::date - ${days}::int + 1)::timestamp
                                     at time zone ${timeZone})
               and not exists (select 1 from incident_escalations e
                                where e.school_id = i.school_id and e.incident_id = i.id)
             order by i.occurred_at limit ${SWEEP_LIMIT}
            on conflict do nothing
            returning incident_id`,
      );
      if (rows.length === 0 || directors.length === 0) return rows.length;
      const incidentIds = rows.map((r) => Number(r.incident_id));
      const batches: Sent[] =
        incidentIds.length <= ONE_BY_ONE
          ? (await describe(tx, schoolId, incidentIds)).map((incident) => ({
              userIds: directors,
              type: ESCALATED,
              params: { ...incident.params, days },
              link: incidentLink(incident.id),
            }))
          : [
              {
                userIds: directors,
                type: ESCALATED_MANY,
                params: { count: incidentIds.length, days },
                link: "/strategic-vision",
              },
            ];
      for (const batch of batches) {
        const done = await notifications.notify(tx, { schoolId, ...batch });
        publishers.push(done.publish);
        sent.push({ ...batch, userIds: done.delivered.map((d) => d.userId) });
      }
      return rows.length;
    });
    after(schoolId, publishers, sent);
    return count;
  }

  async function tellRecorders(schoolId: string): Promise<number> {
    const sent: Sent[] = [];
    const publishers: (() => void)[] = [];
    const count = await db.transaction(async (tx) => {
      const acted = await rowsOf(
        tx,
        sql`update incident_escalations e set acted_at = t.at, acted_by = t.user_id,
                   recorder_told_at = case when t.tell then now() end
              from (select distinct on (e2.incident_id) e2.incident_id, tl.at, tl.user_id, tl.event,
                           (tl.user_id <> i.recorded_by and tl.event not in ('closed', 'cancelled')) as tell
                      from incident_escalations e2
                      join incident_timeline tl on tl.school_id = e2.school_id and tl.incident_id = e2.incident_id
                      join incidents i on i.school_id = e2.school_id and i.id = e2.incident_id
                     where e2.school_id = ${schoolId} and e2.acted_at is null and tl.at > e2.escalated_at
                       and tl.user_id = any(e2.director_ids)
                     order by e2.incident_id, tl.at, tl.id) t
             where e.school_id = ${schoolId} and e.incident_id = t.incident_id and e.acted_at is null
            returning e.incident_id, t.user_id, t.tell`,
      );
      const toTell = acted.filter((r) => r.tell === true);
      if (toTell.length === 0) return 0;
      const described = await describe(
        tx,
        schoolId,
        toTell.map((r) => Number(r.incident_id)),
      );
      for (const row of toTell) {
        const incident = described.find((d) => d.id === Number(row.incident_id));
        if (!incident) continue;
        const [actor] = await rowsOf(
          tx,
          sql`select trim(concat_ws(' ', first_name, paternal_surname)) as name from users where id = ${Number(row.user_id)}`,
        );
        const batch: Sent = {
          userIds: [incident.recorderId],
          type: ESCALATION_ACTED,
          params: { ...incident.params, author: String(actor?.name ?? "") },
          link: incidentLink(incident.id),
        };
        const done = await notifications.notify(tx, { schoolId, ...batch });
        publishers.push(done.publish);
        sent.push({ ...batch, userIds: done.delivered.map((d) => d.userId) });
      }
      return toTell.length;
    });
    after(schoolId, publishers, sent);
    return count;
  }

  /** Folio, type (both languages), students and recorder of each incident. */
  async function describe(tx: Tx, schoolId: string, ids: number[]) {
    const rows = await rowsOf(
      tx,
      sql`select i.id, i.folio, i.recorded_by, it.name_es, coalesce(it.name_en, it.name_es) as name_en,
                 (select string_agg(concat_ws(' ', s.first_name, nullif(s.paternal_surname, '')), ', '
                                    order by s.first_name collate "und-x-icu")
                    from incident_students x join students s on s.school_id = x.school_id and s.id = x.student_id
                   where x.school_id = i.school_id and x.incident_id = i.id) as students
            from incidents i join incident_types it on it.school_id = i.school_id and it.id = i.type_id
           where i.school_id = ${schoolId} and i.id = any(${`{${ids.join(",")}}`}::integer[])
           order by i.occurred_at`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      recorderId: Number(r.recorded_by),
      params: {
        folio: Number(r.folio),
        incident: String(r.name_es),
        incident_es: String(r.name_es),
        incident_en: String(r.name_en),
        student: String(r.students ?? ""),
      } satisfies Params,
    }));
  }

  /** After commit: the sockets hear the new counts, and each recipient gets the e-mail in their language. */
  function after(schoolId: string, publishers: (() => void)[], sent: Sent[]) {
    for (const publish of publishers) publish();
    if (sent.length > 0) {
      mail(schoolId, sent).catch((error: unknown) => log(`escalation e-mails failed: ${String(error)}`));
    }
  }

  async function mail(schoolId: string, sent: Sent[]) {
    const ids = [...new Set(sent.flatMap((s) => s.userIds))];
    if (ids.length === 0) return;
    const [zone] = await rowsOf(db, sql`select time_zone from schools where id = ${schoolId}`);
    const boxes = await rowsOf(
      db,
      sql`select id, email, language from users where is_active and id = any(${`{${ids.join(",")}}`}::integer[])`,
    );
    const timeZone = String(zone?.time_zone ?? "America/Mexico_City");
    await Promise.all(
      sent.flatMap((s) =>
        s.userIds.flatMap((userId) => {
          const box = boxes.find((b) => Number(b.id) === userId);
          if (!box) return [];
          const language: Language = box.language === "en" ? "en" : "es";
          const { title, body } = renderNotification(s.type, s.params, language, timeZone);
          return [
            deps.mailer
              .send({
                to: String(box.email),
                subject: title,
                text: `${body}\n\n${schoolLink(deps.config, schoolId, s.link)}\n\nConvive`,
                schoolId,
              })
              .catch((error: unknown) => log(`escalation e-mail to user ${userId} failed: ${String(error)}`)),
          ];
        }),
      ),
    );
  }

  return { sweep };
}

export type Escalation = ReturnType<typeof createEscalation>;
