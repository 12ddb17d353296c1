import type { ProfileTemplateKey } from "@convive/domain";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/client.ts";
import { familyLinks, familyMembers, subjects, teachingAssignments } from "../../src/db/schema/index.ts";
import { addMember, client, createUser, login, uniq } from "./factories.ts";
import { type IncidentSchool, incidentSchool } from "./incidents.ts";

type As = IncidentSchool["director"]["as"];
export type Member = IncidentSchool["director"];

/**
 * incidentSchool plus what conversations need (issue 27): a father of a1 beside the mother (receipts per parent),
 * an orientadora (school-wide), a teacher who teaches group A without heading it (the starters setting) and a
 * nurse (no messages permission). a2 has no family member (MESSAGE_NO_FAMILY).
 */
export async function messageSchool(app: FastifyInstance, db: Db) {
  const s = await incidentSchool(app, db);
  const schoolId = s.school.id;
  const member = async (template: ProfileTemplateKey, opts: { firstName?: string; language?: "es" | "en" } = {}) => {
    const user = await createUser(db, opts);
    await addMember(db, schoolId, user.id, s.school.profileIds[template]);
    return { user, token: "", as: client(app, await login(app, user.email), schoolId) } as Member;
  };
  const fatherOfA1 = await member("familiar", { firstName: "Pablo" });
  await db.insert(familyMembers).values({ schoolId, userId: fatherOfA1.user.id });
  await db
    .insert(familyLinks)
    .values({ schoolId, studentId: s.a1.id, userId: fatherOfA1.user.id, relationship: "father" });
  const orientadora = await member("orientador", { firstName: "Olga" });
  const artTeacher = await member("docente", { firstName: "Irma" });
  const [art] = await db
    .insert(subjects)
    .values({ schoolId, name: "Artes", code: uniq("ART") })
    .returning();
  await db
    .insert(teachingAssignments)
    .values({ schoolId, userId: artTeacher.user.id, groupId: s.groupA.id, subjectId: art!.id });
  const nurse = await member("enfermeria");
  return { ...s, fatherOfA1, orientadora, artTeacher, nurse };
}
export type MessageSchool = Awaited<ReturnType<typeof messageSchool>>;

/** Sends a message as `as` about the student; returns the response. */
export const send = (as: As, studentId: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as({ method: "POST", url: `/api/students/${studentId}/messages`, payload: body, headers });

/** Sends and expects 201: the ThreadMessage. */
export async function sent(as: As, studentId: number, body: Record<string, unknown>) {
  const res = await send(as, studentId, body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as ThreadMessageJson;
}

export interface ThreadMessageJson {
  id: number;
  conversation_id: number;
  student_id: number;
  incident_id: number | null;
  incident_folio: string | null;
  author: { id: number; name: string; role: string; family: boolean };
  body: string;
  urgent: boolean;
  created_at: string;
  corrected_at: string | null;
  previous_bodies: { body: string; replaced_at: string }[];
  can_correct: boolean;
  attachments: { id: number; file_name: string; url: string }[];
  read_by: { user_id: number; name: string; read_at: string }[];
}

export interface ConversationJson {
  id: number | null;
  student: { id: number; name: string; group: string | null };
  team: { id: number; name: string; role: string; family: boolean }[];
  family: { id: number; name: string; role: string; family: boolean }[];
  messages: ThreadMessageJson[];
  can_write: boolean;
  can_mark_urgent: boolean;
  cannot_write_reason: string | null;
}

/** The conversation as `as` reads it (expects 200). */
export async function conversation(as: As, studentId: number, lang = "es"): Promise<ConversationJson> {
  const res = await as({
    method: "GET",
    url: `/api/students/${studentId}/conversation`,
    headers: { "accept-language": lang },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
}

export const markRead = (as: As, studentId: number) =>
  as({ method: "POST", url: `/api/students/${studentId}/conversation/read` });

export async function unread(as: As): Promise<{ conversations: number; announcements: number; total: number }> {
  const res = await as({ method: "GET", url: "/api/messages/unread" });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
}
