import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  conversationReads,
  conversations,
  familyLinks,
  groups,
  incidentStudents,
  incidents,
  incidentTimeline,
  messageReads,
  messages,
  schoolYears,
  studentGroups,
  students,
  users,
} from "../schema/index.ts";

const HOUR = 3_600_000;

/**
 * The demo's conversations (issue 27 §4), one per child of familia@ (Sofía and Diego): one about the child's latest
 * incident shown to families (its timeline notes it), read by both parents, with the mother's answer and the
 * orientador joining in, unread yet by the family; the other with a note both parents read and an urgent message
 * read by the mother only. Read state is written as the app writes it: receipts and each reader's pointer.
 */
export async function seedMessages(tx: Tx, schoolId: string) {
  const kids = await tx
    .select({ id: students.id, firstName: students.firstName, groupId: studentGroups.groupId })
    .from(students)
    .innerJoin(
      studentGroups,
      and(eq(studentGroups.schoolId, students.schoolId), eq(studentGroups.studentId, students.id)),
    )
    .innerJoin(
      schoolYears,
      and(
        eq(schoolYears.schoolId, studentGroups.schoolId),
        eq(schoolYears.id, studentGroups.schoolYearId),
        eq(schoolYears.isCurrent, true),
      ),
    )
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.paternalSurname, "Ramírez"),
        eq(students.maternalSurname, "Torres"),
        inArray(students.firstName, ["Sofía", "Diego"]),
      ),
    );
  const sofia = kids.find((k) => k.firstName === "Sofía");
  const diego = kids.find((k) => k.firstName === "Diego");
  if (!sofia || !diego) return;
  const parents = await tx
    .select({ userId: familyLinks.userId, relationship: familyLinks.relationship })
    .from(familyLinks)
    .where(and(eq(familyLinks.schoolId, schoolId), eq(familyLinks.studentId, sofia.id)));
  const mother = parents.find((p) => p.relationship === "mother")?.userId;
  const father = parents.find((p) => p.relationship === "father")?.userId;
  const headOf = async (groupId: number) =>
    (
      await tx
        .select({ id: groups.headTeacherId })
        .from(groups)
        .where(and(eq(groups.schoolId, schoolId), eq(groups.id, groupId)))
    )[0]?.id ?? null;
  const [sofiaHead, diegoHead] = [await headOf(sofia.groupId), await headOf(diego.groupId)];
  const [orientador] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "orientador1@convive.test"));
  if (!mother || !father || !sofiaHead || !diegoHead || !orientador) return;

  /** The child's latest incident shown to families, if any. */
  const incidentOf = async (studentId: number) =>
    (
      await tx
        .select({ id: incidents.id, folio: incidents.folio })
        .from(incidents)
        .innerJoin(
          incidentStudents,
          and(eq(incidentStudents.schoolId, incidents.schoolId), eq(incidentStudents.incidentId, incidents.id)),
        )
        .where(
          and(
            eq(incidents.schoolId, schoolId),
            eq(incidentStudents.studentId, studentId),
            eq(incidents.visibleToFamily, true),
          ),
        )
        .orderBy(desc(incidents.occurredAt))
        .limit(1)
    )[0];
  // The generated incidents fall where they fall: the conversation about an incident is with the family of the
  // child who has one (Diego when he does), the urgent one with the other.
  const diegoIncident = await incidentOf(diego.id);
  const [about, other] = diegoIncident ? [diego, sofia] : [sofia, diego];
  const incident = diegoIncident ?? (await incidentOf(sofia.id));
  const headOfChild = (child: typeof sofia) => (child === sofia ? sofiaHead : diegoHead);

  const now = Date.now();
  type Draft = {
    author: number;
    family: boolean;
    body: string;
    hoursAgo: number;
    urgent?: boolean;
    incidentId?: number;
  };
  /** Writes a conversation with its messages, receipts ([message index, reader, hours ago]) and pointers. */
  async function thread(studentId: number, drafts: Draft[], reads: [number, number, number][]) {
    const last = drafts.at(-1)!;
    const [conversation] = await tx
      .insert(conversations)
      .values({ schoolId, studentId, createdAt: new Date(now - drafts[0]!.hoursAgo * HOUR) })
      .returning({ id: conversations.id });
    const ids: number[] = [];
    for (const d of drafts) {
      const [row] = await tx
        .insert(messages)
        .values({
          schoolId,
          conversationId: conversation!.id,
          studentId,
          incidentId: d.incidentId ?? null,
          authorId: d.author,
          authorIsFamily: d.family,
          body: d.body,
          urgent: d.urgent ?? false,
          createdAt: new Date(now - d.hoursAgo * HOUR),
        })
        .returning({ id: messages.id });
      ids.push(row!.id);
      if (d.incidentId) {
        await tx.insert(incidentTimeline).values({
          schoolId,
          incidentId: d.incidentId,
          event: "message.sent",
          userId: d.author,
          details: { message_id: row!.id, student_id: studentId },
          at: new Date(now - d.hoursAgo * HOUR),
        });
      }
    }
    await tx
      .update(conversations)
      .set({
        lastMessageId: ids.at(-1)!,
        lastMessageAt: new Date(now - last.hoursAgo * HOUR),
        lastAuthorId: last.author,
        lastUrgent: last.urgent ?? false,
      })
      .where(and(eq(conversations.schoolId, schoolId), eq(conversations.id, conversation!.id)));
    if (reads.length > 0) {
      await tx.insert(messageReads).values(
        reads.map(([i, userId, hoursAgo]) => ({
          schoolId,
          messageId: ids[i]!,
          userId,
          readAt: new Date(now - hoursAgo * HOUR),
        })),
      );
    }
    // Each person's pointer: the newest message they read, or their own newest when they had read all before it.
    const people = new Set(drafts.map((d) => d.author).concat(reads.map(([, u]) => u)));
    for (const userId of people) {
      let upTo = 0;
      drafts.forEach((d, i) => {
        const seen = d.author === userId || reads.some(([j, u]) => j === i && u === userId);
        if (seen && upTo === i) upTo = i + 1;
      });
      if (upTo > 0) {
        await tx
          .insert(conversationReads)
          .values({ schoolId, conversationId: conversation!.id, userId, lastReadMessageId: ids[upTo - 1]! });
      }
    }
  }

  const concerning = incident ? ` sobre la incidencia con folio ${incident.folio}` : "";
  await thread(
    about.id,
    [
      {
        author: headOfChild(about),
        family: false,
        body: `Buenas tardes. Les escribo${concerning}. ¿Podrían venir el jueves a las 8:00 para platicarlo con ${about.firstName}?`,
        hoursAgo: 50,
        incidentId: incident?.id,
      },
      { author: mother, family: true, body: "Claro, ahí estaremos el jueves. Gracias por avisarnos.", hoursAgo: 48 },
      {
        author: orientador.id,
        family: false,
        body: "Soy el orientador de la escuela; me sumo a la conversación para acompañarlos en lo que necesiten.",
        hoursAgo: 5,
      },
    ],
    // Both parents read the first; the teacher and the orientador read the answer; nobody of the family has read
    // the orientador's yet (familia@'s inbox shows it unread).
    [
      [0, mother, 49],
      [0, father, 40],
      [1, headOfChild(about), 47],
      [0, orientador.id, 6],
      [1, orientador.id, 6],
    ],
  );

  await thread(
    other.id,
    [
      {
        author: headOfChild(other),
        family: false,
        body: `Buenos días. Les comparto que ${other.firstName} presentó muy bien su exposición de ciencias y le hicimos un reconocimiento frente al grupo.`,
        hoursAgo: 72,
      },
      {
        author: headOfChild(other),
        family: false,
        body: `${other.firstName} se siente mal y tiene 38 °C de temperatura. ¿Pueden pasar a la escuela antes de las 12:00?`,
        hoursAgo: 2,
        urgent: true,
      },
    ],
    // Both parents read the first; only the mother has read the urgent one.
    [
      [0, mother, 71],
      [0, father, 60],
      [1, mother, 1.5],
    ],
  );
}
