import type { Observation, ObservationBody } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { observationsWhere, requireFilterableStudent, resolveObservationScope } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import * as repo from "./observations.repository.ts";
import { requireStaff, type Viewer } from "./scope.ts";
import { schoolToday } from "./shared.ts";

/**
 * Accompaniment observations (design §4): a positive or neutral note about a student, with recognition points,
 * shown to the family unless the recorder says otherwise.
 */
export function createObservationsService(deps: { db: Db; notifications: NotificationsService }) {
  const { db, notifications } = deps;

  /** Records an observation of an active student with an active type, dated today or earlier (school time). */
  async function create(viewer: Viewer, body: ObservationBody) {
    requireStaff(viewer);
    const { schoolId } = viewer.tenant;
    const student = await repo.findStudent(db, schoolId, body.student_id);
    if (!student) throw new AppError("NOT_FOUND", { student_id: "NOT_FOUND" });
    if (student.status !== "active") throw new AppError("INACTIVE_OPTION", { student_id: "INACTIVE_OPTION" });
    const type = await repo.findObservationType(db, schoolId, body.observation_type_id);
    if (!type) throw new AppError("NOT_FOUND", { observation_type_id: "NOT_FOUND" });
    if (!type.isActive) throw new AppError("INACTIVE_OPTION", { observation_type_id: "INACTIVE_OPTION" });
    if (body.observed_on > (await schoolToday(db, schoolId))) {
      throw new AppError("FUTURE_DATE", { observed_on: "FUTURE_DATE" });
    }
    const { observation, publish } = await db.transaction(async (tx) => {
      const { id } = await repo.insertObservation(tx, {
        schoolId,
        studentId: body.student_id,
        observationTypeId: body.observation_type_id,
        text: body.text,
        observedOn: body.observed_on,
        points: body.points ?? type.points,
        visibleToFamily: body.visible_to_family,
        recordedBy: viewer.userId,
      });
      const { observations } = await repo.loadObservations(tx, schoolId, { ids: [id] });
      const saved = observations[0]!;
      const told = saved.visible_to_family ? await tellFamilies(tx, schoolId, saved) : null;
      return { observation: saved, publish: told?.publish };
    });
    publish?.();
    return observation;
  }

  /**
   * An observation shown to families reaches them (issue 12 §1): each family member of the student is notified,
   * with a link that opens the child's file. Only their own child is named; the text is not in the notice.
   */
  async function tellFamilies(tx: Tx, schoolId: string, observation: Observation) {
    const families = await repo.familyOf(tx, schoolId, observation.student.id);
    return notifications.notify(tx, {
      schoolId,
      userIds: families,
      type: "observation.created.family",
      params: {
        student: observation.student.name,
        author: observation.recorded_by.name,
        observation: observation.type.name_es,
        observation_es: observation.type.name_es,
        observation_en: observation.type.name_en || observation.type.name_es,
        date: observation.observed_on,
      },
      link: `/notifications?student=${observation.student.id}`,
    });
  }

  /**
   * A page of the observations the caller may see, newest first, optionally of one student. A family reads the
   * text with other students' names replaced, by the family-redaction hook (lib/family-reader.ts).
   */
  async function list(viewer: Viewer, query: { student_id?: number; page: number; per_page: number }) {
    const scope = await resolveObservationScope(db, viewer);
    // A family naming another family's child gets 404, not an empty page.
    requireFilterableStudent(scope, query.student_id);
    const { observations, total } = await repo.loadObservations(db, viewer.tenant.schoolId, {
      studentId: query.student_id,
      visible: observationsWhere(scope),
      page: query.page,
      perPage: query.per_page,
    });
    return { observations, total, page: query.page, per_page: query.per_page };
  }

  return { create, list };
}

export type ObservationsService = ReturnType<typeof createObservationsService>;
