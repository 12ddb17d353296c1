import {
  type CreateStudentBody,
  type ErrorCode,
  isValidCurp,
  normalizeId,
  type Student,
  type StudentsQuery,
  type UpdateStudentBody,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import type { Address } from "../../db/schema/index.ts";
import { deleteOrInUse, isUniqueViolation } from "../../lib/db-guards.ts";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { currentYear } from "../school-years/index.ts";
import * as repo from "./students.repository.ts";

export const presentStudent = (row: repo.StudentListRow): Student => {
  const s = row.student;
  return {
    id: s.id,
    enrollment: s.enrollment,
    first_name: s.firstName,
    paternal_surname: s.paternalSurname,
    maternal_surname: s.maternalSurname,
    birthday: s.birthday,
    gender: s.gender,
    curp: s.curp,
    photo: s.photo,
    address: s.address ?? {},
    observations: s.observations,
    status: s.status,
    group:
      row.group_id === null
        ? null
        : {
            id: row.group_id,
            name: row.group_name!,
            grade_id: row.grade_id!,
            grade_name: row.grade_name!,
            section_name: row.section_name!,
          },
    family_count: row.family_count,
  };
};

/** Drops empty address parts so a cleared field does not linger as "". */
export const cleanAddress = (address: Address | null | undefined): Address | null | undefined => {
  if (!address) return address;
  const parts = Object.entries(address).filter(([, v]) => typeof v === "string" && v !== "");
  return parts.length > 0 ? (Object.fromEntries(parts) as Address) : null;
};

/** Students of the school (master configuration › students-profile). */
export function createStudentsService(deps: { db: Db }) {
  const { db } = deps;
  const yearIdOf = async (tx: Tx, schoolId: string) => (await currentYear(tx, schoolId))?.id ?? null;

  async function list(tenant: Tenant, query: StudentsQuery) {
    const yearId = await yearIdOf(db, tenant.schoolId);
    const { rows, total } = await repo.listStudents(db, tenant.schoolId, {
      search: query.search || undefined,
      status: query.status,
      groupId: query.group_id,
      gradeId: query.grade_id,
      yearId,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { students: rows.map(presentStudent), total, page: query.page, per_page: query.per_page };
  }

  async function out(tx: Tx, schoolId: string, id: number) {
    const row = await repo.findStudentWithGroup(tx, schoolId, id, await yearIdOf(tx, schoolId));
    if (!row) throw new AppError("NOT_FOUND");
    return presentStudent(row);
  }

  const get = (tenant: Tenant, id: number) => out(db, tenant.schoolId, id);

  /** Field rules the schema cannot say with their own message: the CURP check digit. */
  function checkFields(body: { curp?: string | null }) {
    const fields: Record<string, ErrorCode> = {};
    if (body.curp && !isValidCurp(body.curp)) fields.curp = "INVALID_CURP";
    if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", fields);
  }

  async function checkEnrollmentFree(tx: Tx, schoolId: string, enrollment: string, exceptId?: number) {
    if (await repo.studentByEnrollment(tx, schoolId, enrollment, exceptId)) {
      throw new AppError("ENROLLMENT_TAKEN", { enrollment: "ENROLLMENT_TAKEN" });
    }
  }

  /** Places the student in a group of the current year (or takes them out with null). */
  async function placeInGroup(tx: Tx, schoolId: string, studentId: number, groupId: number | null) {
    const yearId = await yearIdOf(tx, schoolId);
    if (yearId === null) {
      if (groupId === null) return;
      throw new AppError("CURRENT_YEAR_REQUIRED", { group_id: "CURRENT_YEAR_REQUIRED" });
    }
    if (groupId !== null && !(await repo.groupInYear(tx, schoolId, groupId, yearId))) {
      throw new AppError("UNKNOWN_GROUP", { group_id: "UNKNOWN_GROUP" });
    }
    await repo.setStudentGroup(tx, schoolId, studentId, yearId, groupId);
  }

  const taken = (error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError("ENROLLMENT_TAKEN", { enrollment: "ENROLLMENT_TAKEN" });
    throw error;
  };

  async function create(tenant: Tenant, body: CreateStudentBody) {
    const { schoolId } = tenant;
    checkFields(body);
    return db
      .transaction(async (tx) => {
        await checkEnrollmentFree(tx, schoolId, body.enrollment);
        const id = await repo.insertStudent(tx, {
          schoolId,
          enrollment: body.enrollment,
          firstName: body.first_name,
          paternalSurname: body.paternal_surname,
          maternalSurname: body.maternal_surname,
          birthday: body.birthday ?? null,
          gender: body.gender ?? null,
          curp: body.curp ? normalizeId(body.curp) : null,
          address: cleanAddress(body.address) ?? null,
          observations: body.observations ?? null,
          status: body.status,
        });
        if (body.group_id) await placeInGroup(tx, schoolId, id, body.group_id);
        return out(tx, schoolId, id);
      })
      .catch(taken);
  }

  async function update(tenant: Tenant, id: number, body: UpdateStudentBody) {
    const { schoolId } = tenant;
    return db
      .transaction(async (tx) => {
        // Another school's student is not found, whatever was sent: the field rules come after.
        if (!(await repo.findStudent(tx, schoolId, id))) throw new AppError("NOT_FOUND");
        checkFields(body);
        if (body.enrollment !== undefined) await checkEnrollmentFree(tx, schoolId, body.enrollment, id);
        await repo.updateStudent(tx, schoolId, id, {
          enrollment: body.enrollment,
          firstName: body.first_name,
          paternalSurname: body.paternal_surname,
          maternalSurname: body.maternal_surname,
          birthday: body.birthday,
          gender: body.gender,
          curp: body.curp === undefined ? undefined : body.curp ? normalizeId(body.curp) : null,
          address: cleanAddress(body.address),
          observations: body.observations,
          status: body.status,
        });
        if (body.group_id !== undefined) await placeInGroup(tx, schoolId, id, body.group_id);
        return out(tx, schoolId, id);
      })
      .catch(taken);
  }

  /** Deletes a student with their group history and family links (409 IN_USE once other records point at them). */
  async function remove(tenant: Tenant, id: number) {
    const { schoolId } = tenant;
    const photo = await deleteOrInUse(() =>
      db.transaction(async (tx) => {
        const row = await repo.findStudent(tx, schoolId, id);
        if (!row) throw new AppError("NOT_FOUND");
        await repo.deleteStudent(tx, schoolId, id);
        return row.photo;
      }),
    );
    return { id, photo };
  }

  return { list, get, create, update, remove };
}

export type StudentsService = ReturnType<typeof createStudentsService>;
