import { type Language, perm, ratingScope } from "@convive/domain";
import type { FastifyRequest } from "fastify";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { Tenant } from "../../plugins/access.ts";
import { myChildIds, myGroupIds } from "../incidents/index.ts";
import { findStudents, studentsOfGroups } from "./points.repository.ts";

/**
 * Who reads and gives recognition points (the ratings scopes, domain `ratingScope`): a family their own children
 * (only what is shown to families), a teacher the students of the groups they head or teach, scorings.search the
 * whole school. Anything else does not exist for the reader (404, as another school's ids).
 */

export interface Reader {
  tenant: Tenant;
  userId: number;
  language?: Language;
}

export type PointsScope =
  | { kind: "school" }
  | { kind: "own"; groupIds: number[] }
  | { kind: "family"; childIds: number[] };

export const readerOf = (request: FastifyRequest): Reader => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

export async function scopeOf(tx: Tx, reader: Reader): Promise<PointsScope> {
  const { schoolId, profileName, grants } = reader.tenant;
  const kind = ratingScope(profileName, grants);
  if (kind === "school") return { kind };
  if (kind === "family") return { kind, childIds: await myChildIds(tx, schoolId, reader.userId) };
  return { kind, groupIds: await myGroupIds(tx, schoolId, reader.userId) };
}

/** The students of `ids` the scope reaches (they exist in the school). */
export async function reachable(tx: Tx, schoolId: string, scope: PointsScope, ids: number[]): Promise<Set<number>> {
  if (scope.kind === "family") return new Set(ids.filter((id) => scope.childIds.includes(id)));
  if (scope.kind === "own") return new Set(await studentsOfGroups(tx, schoolId, scope.groupIds, ids));
  return new Set((await findStudents(tx, schoolId, ids)).map((s) => s.id));
}

/** 404 unless the scope reaches the student. */
export async function requireStudent(tx: Tx, schoolId: string, scope: PointsScope, studentId: number) {
  if (!(await reachable(tx, schoolId, scope, [studentId])).has(studentId)) throw new AppError("NOT_FOUND");
}

/** A school-wide manager of ratings (scorings.search + scorings.update: the Director) takes back any award. */
export const managesPoints = (reader: Reader, scope: PointsScope) =>
  scope.kind === "school" && reader.tenant.grants.has(perm("scorings", "update"));
