import {
  editableUntil,
  isPeriodOpen,
  type Language,
  managesRatings,
  perm,
  type RatingPeriod,
  type RatingScope,
  ratingScope,
} from "@convive/domain";
import type { FastifyRequest } from "fastify";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requestLanguage } from "../../lib/language.ts";
import type { Tenant } from "../../plugins/access.ts";
import { myChildIds, myGroupIds } from "../incidents/index.ts";
import type { PeriodRow } from "./ratings.repository.ts";

/** Who is asking: the school, the member and the language the answer's labels are written in. */
export interface Viewer {
  tenant: Tenant;
  userId: number;
  language: Language;
}

export const viewerOf = (request: FastifyRequest): Viewer => ({
  tenant: request.tenant!,
  userId: request.principal!.userId,
  language: requestLanguage(request.headers),
});

/** What the viewer may do with ratings, with the ids their scope depends on. */
export interface Access {
  kind: RatingScope;
  /** Groups the member heads or teaches (any year); for `own`, the only ones they read and rate. */
  groupIds: number[];
  /** A family's children. */
  childIds: number[];
  /** Writes ratings and comments (scorings.create or scorings.update; never a family). */
  canRate: boolean;
  /** Reopens and publishes periods, reads completion (Director). */
  manages: boolean;
}

/** `ownGroups`: read the groups the member heads or teaches even when the scope does not need them (`mine`). */
export async function accessOf(tx: Tx, viewer: Viewer, ownGroups = true): Promise<Access> {
  const { schoolId, profileName, grants } = viewer.tenant;
  const kind = ratingScope(profileName, grants);
  if (kind === "family") {
    const childIds = await myChildIds(tx, schoolId, viewer.userId);
    return { kind, groupIds: [], childIds, canRate: false, manages: false };
  }
  const groupIds = kind === "own" || ownGroups ? await myGroupIds(tx, schoolId, viewer.userId) : [];
  const canRate = grants.has(perm("scorings", "create")) || grants.has(perm("scorings", "update"));
  return { kind, groupIds, childIds: [], canRate, manages: managesRatings(grants) };
}

/** Staff read a group when their scope reaches it; any other id is as if it did not exist. */
export function requireGroupInScope(access: Access, groupId: number) {
  if (access.kind === "family") throw new AppError("FORBIDDEN");
  if (access.kind === "own" && !access.groupIds.includes(groupId)) throw new AppError("NOT_FOUND");
}

export function requireRater(access: Access) {
  if (!access.canRate) throw new AppError("FORBIDDEN");
}

export function requireManager(access: Access) {
  if (!access.manages) throw new AppError("FORBIDDEN");
}

/** The period as the grid shows it: dates, whether it may be edited today, reopened, published. */
export function presentPeriod(row: PeriodRow, graceDays: number, today: string, now = new Date()): RatingPeriod {
  const reopenedUntil = row.reopenedUntil ? row.reopenedUntil.toISOString() : null;
  const state =
    today < row.startsOn
      ? "upcoming"
      : isPeriodOpen({ endsOn: row.endsOn, reopenedUntil }, graceDays, today, now)
        ? "open"
        : "closed";
  return {
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    order: row.order,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    editable_until: editableUntil(row.endsOn, graceDays),
    state,
    reopened_until: reopenedUntil && new Date(reopenedUntil).getTime() > now.getTime() ? reopenedUntil : null,
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
    current: row.startsOn <= today && today <= row.endsOn,
  };
}

/** Writes need the period open: 409 PERIOD_CLOSED past its grace (unless reopened), PERIOD_NOT_STARTED before. */
export function requireOpen(period: RatingPeriod) {
  if (period.state === "closed") throw new AppError("PERIOD_CLOSED");
  if (period.state === "upcoming") throw new AppError("PERIOD_NOT_STARTED");
}
