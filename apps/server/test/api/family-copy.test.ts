import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, rectificationRequests, studentGroups, students } from "../../src/db/schema/index.ts";
import { familyCopyPdf } from "../../src/modules/family-copy/copy.pdf.ts";
import { createOverdueSweep } from "../../src/modules/family-copy/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf, uniq } from "../helpers/factories.ts";
import { schoolDay } from "../helpers/follow-up.ts";
import { type IncidentSchool, incidentSchool, registration } from "../helpers/incidents.ts";
import { pdfText } from "../helpers/pdf-text.ts";

/**
 * Issue 30 §3: the family's own copy (ARCO access) — everything the school holds about their child that is meant
 * for the family, as JSON and as a PDF, other children's names hidden, the download logged — and the family's
 * request to correct their data (rectification), which reaches the Director with its due date (20 days).
 */
let t: TestApp;
let s: IncidentSchool;
type As = IncidentSchool["director"]["as"];
let andrea: typeof students.$inferSelect;

async function ok(response: ReturnType<As>, status = 200) {
  const res = await response;
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}
const es = { "accept-language": "es" };

beforeAll(async () => {
  t = await createTestApp();
  s = await incidentSchool(t.app, t.db);
  // A child of group B whose name is nothing like Ana's, so a leak of it cannot hide behind a shared surname.
  const [row] = await t.db
    .insert(students)
    .values({
      schoolId: s.school.id,
      enrollment: uniq("MAT"),
      firstName: "Andrea",
      paternalSurname: "Alvarado",
      maternalSurname: "Jiménez",
    })
    .returning();
  andrea = row!;
  await t.db
    .insert(studentGroups)
    .values({ schoolId: s.school.id, studentId: andrea.id, schoolYearId: s.year.id, groupId: s.groupB.id });

  // Ana's incidents (shown to families): one names Andrea in its detail.
  await ok(
    s.teacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, { detail: "[inc-ana] Ana empujó a Andrea Alvarado en la fila." }),
    }),
    201,
  );
  for (const n of [2, 3]) {
    await ok(
      s.teacher.as({
        method: "POST",
        url: "/api/incidents",
        payload: registration(s, { detail: `[inc-ana-${n}] Gritó.` }),
      }),
      201,
    );
  }
  // Another child's incident.
  await ok(
    s.otherTeacher.as({
      method: "POST",
      url: "/api/incidents",
      payload: registration(s, {
        students: [{ student_id: s.b1.id, role: "involved" }],
        group_id: s.groupB.id,
        detail: "[inc-beto] Beto rompió un vidrio.",
      }),
    }),
    201,
  );
  // Observations of Ana: one shown to the family, one kept by the staff.
  for (const [mark, visible] of [
    ["[obs-familia]", true],
    ["[obs-interna]", false],
  ] as const) {
    await ok(
      s.teacher.as({
        method: "POST",
        url: "/api/accompaniment-observations",
        payload: {
          student_id: s.a1.id,
          observation_type_id: s.observationType.id,
          text: `${mark} Participó en clase.`,
          observed_on: schoolDay(0),
          visible_to_family: visible,
        },
      }),
      201,
    );
  }
  // A message from her head teacher.
  await ok(
    s.teacher.as({
      method: "POST",
      url: `/api/students/${s.a1.id}/messages`,
      payload: { body: "[mensaje] Les escribo por lo del recreo." },
    }),
    201,
  );
});
afterAll(() => t?.close());

describe("the family's own copy", () => {
  it("holds her child's records meant for the family, nothing of another child or of the staff's, names hidden", async () => {
    const res = await s.motherOfA1.as({ method: "GET", url: `/api/students/${s.a1.id}/family-copy`, headers: es });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/attachment/);
    const copy = res.json();
    expect(copy.student.name).toBe("Ana Pérez Ruiz");
    expect(Object.keys(copy.sections)).toEqual(
      expect.arrayContaining(["profile", "incidents", "observations", "messages", "points", "nursing", "forms"]),
    );
    const text = res.body;
    for (const mark of ["[inc-ana]", "[inc-ana-2]", "[inc-ana-3]", "[obs-familia]", "[mensaje]"]) {
      expect(text).toContain(mark);
    }
    for (const mark of ["[inc-beto]", "[obs-interna]"]) expect(text).not.toContain(mark);
    expect(text).not.toMatch(/Andrea|Alvarado|Beto/);
    expect(text).toMatch(/otro estudiante/i);
    expect(copy.sections.incidents).toHaveLength(3);
  });

  it("comes as a PDF in the family's language, with the same records and no other child named", async () => {
    const res = await s.motherOfA1.as({
      method: "GET",
      url: `/api/students/${s.a1.id}/family-copy?format=pdf`,
      headers: { "accept-language": "en" },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Copy of the data of Ana Pérez Ruiz");
    expect(text).toContain("[obs-familia]");
    expect(text).toContain("[inc-ana]");
    expect(text).toMatch(/another student/i);
    expect(text).not.toMatch(/Andrea|Alvarado|\[inc-beto\]|\[obs-interna\]/);
  });

  it("draws every section field by field in either language, and says so where nothing is recorded", async () => {
    // The worker's drawing (copy.worker.ts runs this same function off the event loop) of the very copy the JSON is.
    const res = await s.motherOfA1.as({ method: "GET", url: `/api/students/${s.a1.id}/family-copy`, headers: es });
    const copy = res.json();
    const spanish = pdfText(await familyCopyPdf(copy, "es"));
    expect(spanish).toContain("Copia de los datos de Ana Pérez Ruiz");
    for (const mark of ["[inc-ana]", "[inc-ana-2]", "[inc-ana-3]", "[obs-familia]", "[mensaje]"]) {
      expect(spanish).toContain(mark);
    }
    expect(spanish).toMatch(/Página 1 \/ \d+/);
    const empty = { ...copy, sections: Object.fromEntries(Object.keys(copy.sections).map((key) => [key, []])) };
    const english = pdfText(await familyCopyPdf(empty, "en"));
    expect(english).toContain("Copy of the data of Ana Pérez Ruiz");
    expect(english).toContain("Nothing recorded.");
    expect(english).not.toContain("[inc-ana]");
  });

  it("is logged: the Director's read log of the child shows the family's download", async () => {
    const log = await ok(
      s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log?per_page=100`, headers: es }),
    );
    const copies = log.data.entries.filter(
      (e: { kind_label: string }) => e.kind_label === "Copia de datos de la familia",
    );
    expect(copies.length).toBeGreaterThanOrEqual(2);
    expect(copies[0].user.id).toBe(s.motherOfA1.user.id);
    expect(copies[0].profile).toBe("Familiar");
  });

  it("is the family's own: another family and another school 404, staff 403", async () => {
    const other = await s.fatherOfB1.as({ method: "GET", url: `/api/students/${s.a1.id}/family-copy` });
    expect(other.statusCode).toBe(404);
    const elsewhere = await memberOf(t.app, t.db, "familiar");
    const cross = await elsewhere.as({ method: "GET", url: `/api/students/${s.a1.id}/family-copy` });
    expect(cross.statusCode).toBe(404);
    const staff = await s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/family-copy` });
    expect(staff.statusCode).toBe(403);
  });
});

describe("rectification", () => {
  it("reaches the Director as a request due in 20 days; her answer reaches the family", async () => {
    const created = await ok(
      s.motherOfA1.as({
        method: "POST",
        url: `/api/students/${s.a1.id}/rectifications`,
        headers: { ...es, "idempotency-key": crypto.randomUUID() },
        payload: { subject: "child", current: "Su segundo apellido dice Ruiz", requested: "Debe decir Ruíz" },
      }),
      201,
    );
    const request = created.data.request;
    expect(request.status).toBe("open");
    expect(request.due_on).toBe(schoolDay(20));

    const bell = await ok(s.director.as({ method: "GET", url: "/api/notifications", headers: es }));
    const notice = JSON.stringify(bell.data);
    expect(notice).toContain("Solicitud de rectificación: Ana Pérez Ruiz");
    const list = await ok(s.director.as({ method: "GET", url: "/api/rectifications", headers: es }));
    expect(list.data.requests.map((r: { id: number }) => r.id)).toContain(request.id);
    expect(list.data.requests[0].requested).toBe("Debe decir Ruíz");

    const answered = await ok(
      s.director.as({
        method: "POST",
        url: `/api/rectifications/${request.id}/answer`,
        headers: { ...es, "idempotency-key": crypto.randomUUID() },
        payload: { outcome: "corrected", answer: "Corregido en su ficha." },
      }),
    );
    expect(answered.data.request.status).toBe("corrected");
    const again = await s.director.as({
      method: "POST",
      url: `/api/rectifications/${request.id}/answer`,
      headers: { ...es, "idempotency-key": crypto.randomUUID() },
      payload: { outcome: "declined", answer: "No." },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("RECTIFICATION_ANSWERED");

    const mine = await ok(s.motherOfA1.as({ method: "GET", url: `/api/students/${s.a1.id}/rectifications` }));
    expect(mine.data.requests[0]).toMatchObject({ status: "corrected", answer: "Corregido en su ficha." });
    const hers = await ok(s.motherOfA1.as({ method: "GET", url: "/api/notifications", headers: es }));
    expect(JSON.stringify(hers.data)).toContain("Datos corregidos: Ana Pérez Ruiz");
  });

  it("only the child's family asks, only the school's Director answers", async () => {
    const body = { subject: "own", current: "Mi teléfono", requested: "555 000 0000" };
    const key = () => ({ "idempotency-key": crypto.randomUUID() });
    const other = await s.fatherOfB1.as({
      method: "POST",
      url: `/api/students/${s.a1.id}/rectifications`,
      headers: key(),
      payload: body,
    });
    expect(other.statusCode).toBe(404);
    const staff = await s.teacher.as({
      method: "POST",
      url: `/api/students/${s.a1.id}/rectifications`,
      headers: key(),
      payload: body,
    });
    expect(staff.statusCode).toBe(403);
    const { data } = await ok(
      s.motherOfA1.as({
        method: "POST",
        url: `/api/students/${s.a1.id}/rectifications`,
        headers: key(),
        payload: body,
      }),
      201,
    );
    const teacher = await s.teacher.as({
      method: "POST",
      url: `/api/rectifications/${data.request.id}/answer`,
      headers: key(),
      payload: { outcome: "declined", answer: "No." },
    });
    expect(teacher.statusCode).toBe(403);
    const otherDirector = await memberOf(t.app, t.db, "director");
    const cross = await otherDirector.as({
      method: "POST",
      url: `/api/rectifications/${data.request.id}/answer`,
      headers: key(),
      payload: { outcome: "declined", answer: "No." },
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe("an overdue request", () => {
  it("is notified to the Director once, the day after its due day passes unanswered", async () => {
    const { data } = await ok(
      s.motherOfA1.as({
        method: "POST",
        url: `/api/students/${s.a1.id}/rectifications`,
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: { subject: "child", current: "Su grupo dice B", requested: "Es el grupo A" },
      }),
      201,
    );
    // Twenty-one days later, as the school's calendar would read it: the due day was yesterday.
    await t.db
      .update(rectificationRequests)
      .set({ dueOn: schoolDay(-1) })
      .where(and(eq(rectificationRequests.schoolId, s.school.id), eq(rectificationRequests.id, data.request.id)));
    const overdue = () =>
      t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, s.director.user.id), eq(notifications.type, "rectification.overdue")));
    const sweep = createOverdueSweep(t.app.ctx);
    await sweep();
    expect(await overdue()).toHaveLength(1);
    await sweep();
    expect(await overdue()).toHaveLength(1);
    const bell = await ok(s.director.as({ method: "GET", url: "/api/notifications", headers: es }));
    expect(JSON.stringify(bell.data)).toContain("Solicitud de rectificación vencida: Ana Pérez Ruiz");
  });
});

describe("who read what, for the family", () => {
  it("shows who at the school opened her child's records: names and profiles only, newest first", async () => {
    await ok(s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/file` }));
    const res = await ok(
      s.motherOfA1.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log/family`, headers: es }),
    );
    const [first] = res.data.entries;
    expect(first).toEqual({
      read_at: expect.any(String),
      kind_label: "Expediente del alumno",
      reader: expect.stringContaining(s.director.user.firstName),
      profile: "Director",
    });
    const times = res.data.entries.map((e: { read_at: string }) => e.read_at);
    expect([...times].sort().reverse()).toEqual(times);
    // Never an address: no e-mail, session or device reaches the family.
    expect(JSON.stringify(res.data)).not.toMatch(/@|session|device|Mozilla/);
    // Her own downloads are hers, not the school's reads.
    expect(res.data.entries.every((e: { profile: string }) => e.profile !== "Familiar")).toBe(true);
  });

  it("is the child's family's: another family 404, staff 403 (they read the full log)", async () => {
    const other = await s.fatherOfB1.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log/family` });
    expect(other.statusCode).toBe(404);
    const staff = await s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log/family` });
    expect(staff.statusCode).toBe(403);
  });

  it("the Director exports one student's log as CSV; a teacher may not", async () => {
    const res = await s.director.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log.csv`, headers: es });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe('"Fecha","Quién","Perfil","Qué","Registro","Sesión","Dispositivo"');
    expect(res.body).toContain("Expediente del alumno");
    expect(res.body).toContain("Copia de datos de la familia");
    const teacher = await s.teacher.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log.csv` });
    expect(teacher.statusCode).toBe(403);
    const otherDirector = await memberOf(t.app, t.db, "director");
    const cross = await otherDirector.as({ method: "GET", url: `/api/students/${s.a1.id}/read-log.csv` });
    expect(cross.statusCode).toBe(404);
  });
});
