import { perm } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import {
  familyLinks,
  familyMembers,
  invitationLinks,
  invitations,
  memberships,
  students,
  users,
} from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createUser, memberOf, uniq } from "../helpers/factories.ts";
import { customMember } from "../helpers/master-configuration.ts";
import { csv, send, waitForJob, XLSX_TYPE, xlsx } from "./import-helpers.ts";
import { peopleSnapshot, seedGroup } from "./people-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADERS_ES = [
  "Matrícula",
  "Nombre",
  "Apellido paterno",
  "Fecha de nacimiento",
  "Género",
  "CURP",
  "Nivel",
  "Grado",
  "Grupo",
  "Código postal",
];

async function studentsOf(schoolId: string) {
  return t.db.select().from(students).where(eq(students.schoolId, schoolId));
}

describe("templates", () => {
  it("downloads each template in the caller's language, as XLSX or CSV", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await seedGroup(t.db, d.school.id);
    const es = await d.as({ method: "GET", url: "/api/imports/templates/students", headers: { "x-language": "es" } });
    expect(es.statusCode).toBe(200);
    expect(es.headers["content-disposition"]).toBe(
      `attachment; filename="plantilla-alumnos.xlsx"; filename*=UTF-8''plantilla-alumnos.xlsx`,
    );
    expect(es.headers["cache-control"]).toBe("private, no-store");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(es.rawPayload as unknown as ArrayBuffer);
    const [data, values] = workbook.worksheets;
    expect((data!.getRow(1).values as string[]).slice(1, 4)).toEqual(["Matrícula *", "Nombre *", "Apellido paterno"]);
    expect(data!.getRow(2).getCell(1).value).toBe("CDA-2026-0001");
    expect((values!.getRow(1).values as string[]).slice(1)).toEqual(["Género", "Estatus", "Nivel", "Grado", "Grupo"]);
    expect((values!.getRow(2).values as string[]).slice(1)).toEqual(["Mujer", "Activo", "Primaria", "1°", "A"]);

    const en = await d.as({
      method: "GET",
      url: "/api/imports/templates/families?format=csv",
      headers: { "x-language": "en" },
    });
    expect(en.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const text = en.body.replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]!.startsWith("Student enrollment *,Relationship *,E-mail *,First name *")).toBe(true);
    const users = await d.as({ method: "GET", url: "/api/imports/templates/users" });
    await workbook.xlsx.load(users.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.at(-1)!.getColumn(1).values).toContain("Docente");
  });

  it("uploaded as is, the example row of every template passes the dry run", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await seedGroup(t.db, d.school.id, null, ["Primaria", "4°", "A"]);
    for (const kind of ["users", "students"]) {
      const template = await d.as({ method: "GET", url: `/api/imports/templates/${kind}` });
      const res = await send(d.as, `/api/imports/${kind}/dry-run`, template.rawPayload, XLSX_TYPE);
      expect(res.json().data, kind).toMatchObject({ total: 1, valid: 1, errors: [] });
    }
  });
});

describe("dry run", () => {
  it("lists every bad row with its number and reason in the caller's language, writing nothing", async () => {
    const d = await memberOf(t.app, t.db, "director");
    await seedGroup(t.db, d.school.id);
    const p = uniq("P");
    await t.db.insert(students).values({ schoolId: d.school.id, enrollment: `${p}-EXIST`, firstName: "Ya" });
    const file = csv(
      [
        HEADERS_ES,
        [`${p}-1`, "Sofía", "Hernández", "2016-04-27", "Mujer", "HEGS160427MDFRRFA2", "Primaria", "1°", "A", "03940"],
        [`${p}-2`, "", "López", "", "", "", "", "", "", ""],
        [`${p}-3`, "Ana", "Ruiz", "", "", "HEGG560427MVZRRL05", "", "", "", ""],
        [`${p}-1`, "Otro", "", "", "", "", "", "", "", ""],
        [`${p}-exist`, "Beto", "", "", "", "", "", "", "", ""],
        [`${p}-4`, "Carla", "", "31/02/2016", "", "", "", "", "", ""],
        [`${p}-5`, "Dan", "", "", "", "", "", "9°", "A", ""],
        [`${p}-6`, "Eva", "", "", "X", "", "", "", "", ""],
        ["", "", "", "", "", "", "", "", "", ""],
        [`${p}-7`, "Fer", "Soto", "27/04/2016", "hombre", "", "", "1°", "a", "3940"],
      ],
      ";",
    );
    const before = await peopleSnapshot(t.db, d.school.id);
    const res = await send(d.as, "/api/imports/students/dry-run", file);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect([body.total, body.valid, body.invalid]).toEqual([9, 2, 7]);
    expect(body.counts.students_created).toBe(2);
    expect(body.errors).toEqual([
      { row: 3, column: "first_name", message: "Campos vacíos" },
      { row: 4, column: "curp", message: "La CURP no es válida (18 caracteres con dígito verificador)." },
      { row: 5, column: "enrollment", message: "Repetido en el archivo (fila 2)." },
      { row: 6, column: "enrollment", message: "Esa matrícula ya está registrada." },
      { row: 7, column: "birthday", message: "La fecha no es válida (AAAA-MM-DD)." },
      { row: 8, column: "group", message: "No existe ese grupo en el ciclo escolar actual." },
      { row: 9, column: "gender", message: "Valor no permitido. Usa: Mujer, Hombre, Otro" },
    ]);
    const en = (await send(d.as, "/api/imports/students/dry-run", file, "text/csv", "en")).json().data;
    expect(en.errors[6].message).toBe("Value not allowed. Use: Female, Male, Other");
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
  });

  it("names what is wrong with the file itself", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const dry = (file: Buffer, type = "text/csv", lang = "es") =>
      send(d.as, "/api/imports/students/dry-run", file, type, lang);
    const missing = await dry(
      csv([
        ["Nombre", "Correo"],
        ["Ana", "a@b.mx"],
      ]),
      "text/csv",
      "en",
    );
    expect(missing.json()).toMatchObject({ code: "IMPORT_MISSING_COLUMNS", message: "Missing columns: Enrollment" });
    expect((await dry(csv([HEADERS_ES]))).json().code).toBe("IMPORT_EMPTY");
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(100)]);
    expect((await dry(xls, "application/vnd.ms-excel")).json().code).toBe("IMPORT_UNREADABLE");
    expect((await dry(Buffer.from("PK\x03\x04garbage"), XLSX_TYPE)).json().code).toBe("IMPORT_UNREADABLE");
    const huge = await dry(Buffer.alloc(21 * 1024 * 1024, 0x41));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: "UPLOAD_TOO_LARGE", message: "El archivo excede 20 MB." });
  });
});

describe("commit", () => {
  it("writes nothing when one row is bad, and every row as a job otherwise", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const { groupId } = await seedGroup(t.db, d.school.id);
    const p = uniq("P");
    const good = [`${p}-1`, "Sofía", "Hernández", "2016-04-27", "Mujer", "", "Primaria", "1°", "A", "03940"];
    const before = await peopleSnapshot(t.db, d.school.id);
    const bad = await send(
      d.as,
      "/api/imports/students/commit",
      csv([HEADERS_ES, good, [`${p}-2`, "", "", "", "", "", "", "", "", ""]]),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: "IMPORT_HAS_ERRORS",
      message: "El archivo tiene filas con errores; no se guardó nada.",
      errors: { "3.first_name": "Campos vacíos" },
    });
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);

    // English headers in an XLSX with a real date cell.
    const file = await xlsx([
      ["Enrollment", "First name", "Paternal surname", "Birthday", "Gender", "Section", "Grade", "Group", "Status"],
      [`${p}-1`, "Sofía", "Hernández", new Date(Date.UTC(2016, 3, 27)), "Female", "Primaria", "1°", "A", "Active"],
      [`${p}-2`, "Leo", "Hernández", "2018-01-09", "male", "", "", "", "Baja"],
    ]);
    const res = await send(d.as, "/api/imports/students/commit", file, XLSX_TYPE, "en");
    expect(res.statusCode).toBe(202);
    expect(res.json().data.job).toMatchObject({
      status: "processing",
      total: 2,
      message: "Processing, please wait...",
    });
    const job = await waitForJob(d.as, res.json().data.job.id, "en");
    expect(job).toMatchObject({ status: "done", processed: 2, message: "Successfully processed", error: null });
    expect(job.counts).toMatchObject({ rows: 2, students_created: 2 });
    const rows = await studentsOf(d.school.id);
    expect(rows.map((s) => [s.enrollment, s.birthday, s.gender, s.status]).sort()).toEqual([
      [`${p}-1`, "2016-04-27", "female", "active"],
      [`${p}-2`, "2018-01-09", "male", "withdrawn"],
    ]);
    const sofia = (
      await d.as({ method: "GET", url: `/api/students/${rows.find((s) => s.firstName === "Sofía")!.id}` })
    ).json();
    expect(sofia.data.student.group.id).toBe(groupId);
  });

  it("runs one import per school at a time, across instances: the second answers 409 and writes nothing", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const elsewhere = await memberOf(t.app, t.db, "director");
    // A second server instance on the same database: the claim lives in import_jobs, not in either process.
    const other = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" }), db: t.db });
    try {
      const p = uniq("P");
      // Large enough that the first job is still writing (all or nothing, one transaction) when the twin request,
      // read and checked beside it, asks for the school's slot: with 50 rows the job could commit first, and the
      // twin was then refused for duplicates instead.
      const rows = 1000;
      const file = csv([["enrollment", "first_name"], ...Array.from({ length: rows }, (_, i) => [`${p}-${i}`, "Ana"])]);
      const commit = "/api/imports/students/commit";
      // On PostgreSQL the first job is held inside its transaction by the school's import lock, taken here first, so
      // the twin meets a running import whatever the machine's speed (racing the two requests, the first job had
      // sometimes committed before the twin was read: 422 duplicates instead of 409). PGlite's one connection runs
      // requests one at a time: there the twin, sent beside the first, still finds its claim.
      const holder = process.env.TEST_DATABASE_URL
        ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        : undefined;
      if (holder) {
        await holder.connect();
        await holder.query("begin");
        await holder.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`imports:${d.school.id}`]);
      }
      const [one, two, third] = holder
        ? [
            await send(d.as, commit, file),
            await send(client(other, d.token, d.school.id), commit, file, "text/csv", "en"),
            await send(elsewhere.as, commit, file),
          ]
        : await Promise.all([
            send(d.as, commit, file),
            send(client(other, d.token, d.school.id), commit, file, "text/csv", "en"),
            send(elsewhere.as, commit, file),
          ]);
      if (holder) {
        await holder.query("commit");
        await holder.end();
      }
      expect([one.statusCode, two.statusCode, third.statusCode]).toEqual([202, 409, 202]);
      expect(two.json()).toEqual({
        code: "IMPORT_IN_PROGRESS",
        message: "An import is already running for this school; wait for it to finish and try again.",
      });
      expect(await waitForJob(d.as, one.json().data.job.id)).toMatchObject({ status: "done", processed: rows });
      expect(await waitForJob(elsewhere.as, third.json().data.job.id)).toMatchObject({ status: "done" });
      expect(await studentsOf(d.school.id)).toHaveLength(rows);

      // Once a job ends, or a file is refused before starting, the school may import again.
      const bad = await send(
        d.as,
        commit,
        csv([
          ["enrollment", "first_name"],
          [`${p}-x`, ""],
        ]),
      );
      expect(bad.json().code).toBe("IMPORT_HAS_ERRORS");
      const next = await send(
        client(other, d.token, d.school.id),
        commit,
        csv([
          ["enrollment", "first_name"],
          [`${p}-y`, "Eva"],
        ]),
      );
      expect(next.statusCode).toBe(202);
      expect(await waitForJob(d.as, next.json().data.job.id)).toMatchObject({ status: "done" });
    } finally {
      await other.close();
    }
  });
});

describe("users and families", () => {
  it("imports staff as invitations, refusing this school's own members", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const elsewhere = await memberOf(t.app, t.db, "docente");
    const here = await createUser(t.db);
    await addMember(t.db, d.school.id, here.id, d.school.profileIds.docente);
    const fresh = `${uniq("nueva")}@test.convive`;
    const header = ["Nombre", "Apellido paterno", "Correo electrónico", "Perfil", "Tipo de capacitador externo"];
    const rows = [
      ["Nora", "Vega", fresh.toUpperCase(), "docente", ""],
      ["X", "", elsewhere.user.email, "Coordinador", "Coach"],
    ];
    const bad = await send(
      d.as,
      "/api/imports/users/dry-run",
      csv([
        header,
        ...rows,
        ["Y", "", here.email, "Docente", ""],
        ["Z", "", "sin-arroba", "Docente", ""],
        ["W", "", fresh, "Rector", ""],
      ]),
    );
    expect(bad.json().data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [4, "email"],
      [5, "email"],
      [6, "email"],
      [6, "profile"],
    ]);
    // The school's profiles, in alphabetical order whatever order the database returns them in.
    const allowed = (bad.json().data.errors[3].message as string)
      .replace(/^Valor no permitido\. Usa: /, "")
      .split(", ");
    expect(allowed).toEqual(expect.arrayContaining(["Director", "Docente", "Familiar"]));
    expect(allowed).toEqual([...allowed].sort((a, b) => a.localeCompare(b, "es")));

    const res = await send(d.as, "/api/imports/users/commit", csv([header, ...rows]));
    const job = await waitForJob(d.as, res.json().data.job.id);
    expect(job.counts).toMatchObject({ invitations: 2 });
    // Nobody's account is created or linked by a file: both rows are invitations, known address or not.
    expect(await t.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    const joined = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.schoolId, d.school.id), eq(memberships.userId, elsewhere.user.id)));
    expect(joined).toEqual([]);
    const invited = await t.db.select().from(invitations).where(eq(invitations.schoolId, d.school.id));
    expect(invited.map((i) => [i.email, i.firstName, i.profileId, i.trainerType]).sort()).toEqual(
      [
        [fresh, "Nora", d.school.profileIds.docente, null],
        [elsewhere.user.email, "X", d.school.profileIds.coordinador, "Coach"],
      ].sort(),
    );
    // A second file with the same addresses finds the open invitations.
    const twice = await send(d.as, "/api/imports/users/dry-run", csv([header, ...rows]));
    expect(twice.json().data.errors.map((e: { message: string }) => e.message)).toEqual([
      "Ya hay una invitación abierta para ese correo en la escuela; reenvíala o cancélala.",
      "Ya hay una invitación abierta para ese correo en la escuela; reenvíala o cancélala.",
    ]);
  });

  it("imports families as one invitation per address with every sibling, linking the school's own at once", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const p = uniq("P");
    await t.db.insert(students).values([
      { schoolId: d.school.id, enrollment: `${p}-1`, firstName: "Sofía" },
      { schoolId: d.school.id, enrollment: `${p}-2`, firstName: "Leo" },
    ]);
    const mom = `${uniq("mama")}@test.convive`;
    const header = [
      "Matrícula del alumno",
      "Parentesco",
      "Correo electrónico",
      "Nombre",
      "RFC",
      "Puede recoger",
      "Contacto de emergencia",
      "Colonia",
    ];
    const goodRows = [
      [`${p}-1`, "Madre", mom, "Laura", "GALL850312AB1", "Sí", "sí", "Del Valle"],
      [`${p}-2`, "mother", mom, "Laura", "", "no", "", ""],
    ];
    const before = await peopleSnapshot(t.db, d.school.id);
    const dry = await send(
      d.as,
      "/api/imports/families/dry-run",
      csv([
        header,
        ...goodRows,
        [`${p}-1`, "Madre", mom, "Laura", "", "", "", ""],
        [`${p}-9`, "Padre", `${uniq("x")}@test.convive`, "Jorge", "", "", "", ""],
        [`${p}-1`, "Vecino", `${uniq("x")}@test.convive`, "Jorge", "GODE561331GR8", "tal vez", "", ""],
        [`${p}-2`, "Padre", d.user.email, "Yo", "", "", "", ""],
      ]),
    );
    expect(dry.json().data.errors.map((e: { row: number; column: string }) => `${e.row}.${e.column}`)).toEqual([
      "4.email",
      "5.student_enrollment",
      "6.relationship",
      "6.rfc",
      "6.can_pick_up",
      "7.email",
    ]);
    expect(dry.json().data.counts).toMatchObject({ invitations: 1, family_links_created: 0 });
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);

    const res = await send(d.as, "/api/imports/families/commit", csv([header, ...goodRows]));
    const job = await waitForJob(d.as, res.json().data.job.id);
    expect(job.counts).toMatchObject({ invitations: 1, family_links_created: 0 });
    expect(await t.db.select().from(users).where(eq(users.email, mom))).toEqual([]);
    const [invited] = await t.db.select().from(invitations).where(eq(invitations.email, mom));
    expect([invited!.profileId, invited!.family?.rfc, invited!.family?.address]).toEqual([
      d.school.profileIds.familiar,
      "GALL850312AB1",
      { neighbourhood: "Del Valle" },
    ]);
    const links = await t.db.select().from(invitationLinks).where(eq(invitationLinks.invitationId, invited!.id));
    expect(links.map((l) => [l.relationship, l.canPickUp, l.isEmergencyContact]).sort()).toEqual([
      ["mother", false, false],
      ["mother", true, true],
    ]);

    // A family member the school already has is linked at once, keeping what the file leaves blank.
    const dad = await createUser(t.db);
    await addMember(t.db, d.school.id, dad.id, d.school.profileIds.familiar);
    await t.db.insert(familyMembers).values({ schoolId: d.school.id, userId: dad.id, phone: "55 1" });
    const direct = await send(
      d.as,
      "/api/imports/families/commit",
      csv([header, [`${p}-1`, "Padre", dad.email, "Jorge", "", "Sí", "", ""]]),
    );
    const directJob = await waitForJob(d.as, direct.json().data.job.id);
    expect(directJob.counts).toMatchObject({ invitations: 0, family_links_created: 1 });
    const [dadLink] = await t.db.select().from(familyLinks).where(eq(familyLinks.userId, dad.id));
    expect([dadLink!.relationship, dadLink!.canPickUp]).toEqual(["father", true]);
    const [kept] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, dad.id));
    expect(kept!.phone).toBe("55 1");
  });
});

describe("imports: permissions and other schools", () => {
  it("needs the massive-upload permission of the kind, and keeps jobs to their school", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const docente = await memberOf(t.app, t.db, "docente", d.school);
    const area = "master-configuration-students-massive-upload";
    const studentsOnly = await customMember(t.app, t.db, d.school, [perm(area, "read"), perm(area, "create")]);
    const file = csv([
      ["enrollment", "first_name"],
      [uniq("P"), "Ana"],
    ]);
    const before = await peopleSnapshot(t.db, d.school.id);
    for (const url of ["/api/imports/students/dry-run", "/api/imports/students/commit", "/api/imports/users/dry-run"]) {
      expect((await send(docente.as, url, file)).statusCode, url).toBe(403);
    }
    expect((await docente.as({ method: "GET", url: "/api/imports/templates/students" })).statusCode).toBe(403);
    expect((await studentsOnly.as({ method: "GET", url: "/api/imports/templates/users" })).statusCode).toBe(403);
    expect((await send(studentsOnly.as, "/api/imports/users/commit", file)).statusCode).toBe(403);
    expect(await peopleSnapshot(t.db, d.school.id)).toEqual(before);
    expect((await studentsOnly.as({ method: "GET", url: "/api/imports/templates/families" })).statusCode).toBe(200);

    const res = await send(studentsOnly.as, "/api/imports/students/commit", file);
    expect(res.statusCode).toBe(202);
    const id = res.json().data.job.id;
    await waitForJob(studentsOnly.as, id);
    const other = await memberOf(t.app, t.db, "director");
    expect((await other.as({ method: "GET", url: `/api/imports/jobs/${id}` })).statusCode).toBe(404);
    expect((await docente.as({ method: "GET", url: `/api/imports/jobs/${id}` })).statusCode).toBe(403);
  });
});
