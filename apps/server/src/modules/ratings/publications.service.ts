import type { PublicationGroup, PublicationPreview, PublishBody, PublishResult, UnpublishBody } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { type MeasureInfo, presentFamilyRatings } from "./family.present.ts";
import * as periodsRepo from "./periods.repository.ts";
import type { PeriodsService } from "./periods.service.ts";
import * as pubRepo from "./publications.repository.ts";
import * as repo from "./ratings.repository.ts";
import type { Viewer } from "./ratings.scope.ts";
import { createPublishNotifier } from "./ratings-notifications.ts";

/** The job that tells a group's families once its unpublish window is over. */
export const PUBLISH_NOTIFY_QUEUE = "ratings-publish-notify";
export interface PublishNotifyJob {
  schoolId: string;
  periodId: number;
  groupId: number;
}

/**
 * Publishing grades per group (issue 26 §1). A director previews the groups (students, grades still missing, what a
 * family will see), publishes them — refused while grades are missing unless confirmed — and may unpublish them
 * during RATINGS_PUBLISH_UNDO_SECONDS. Families see nothing and are told nothing until the window is over: then a
 * job of the runner tells them. The job reads the publication's state, so an unpublished group is never told even
 * if its job still runs.
 */
export function createPublicationsService(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  notifications: NotificationsService;
  jobs: JobRunner;
  periods: PeriodsService;
  log: (message: string) => void;
}) {
  const { db, jobs, periods } = deps;
  const notifier = createPublishNotifier(deps);
  const windowSeconds = deps.config.RATINGS_PUBLISH_UNDO_SECONDS;

  /** The period and the groups (of its school year, this school's); any other id 404s. */
  async function scope(viewer: Viewer, periodId: number, groupIds?: readonly number[]) {
    const managed = await periods.managedPeriod(viewer, periodId);
    const { schoolId } = viewer.tenant;
    const groups = await repo.groupsOfYear(
      db,
      schoolId,
      managed.row.schoolYearId,
      viewer.language,
      groupIds && [...groupIds],
    );
    if (groupIds && groups.length !== new Set(groupIds).size) throw new AppError("NOT_FOUND");
    return { ...managed, groups };
  }

  /** Each group: students, missing cells, its live publication and (with `samples`) a family's view of one student. */
  async function describe(
    viewer: Viewer,
    ctx: Awaited<ReturnType<typeof scope>>,
    samples: boolean,
  ): Promise<PublicationGroup[]> {
    const { schoolId } = viewer.tenant;
    const { row, setup, groups } = ctx;
    const ids = groups.map((g) => g.id);
    const active = setup.measures.filter((m) => m.is_active);
    const [completion, live, firsts] = await Promise.all([
      periodsRepo.groupCompletion(
        db,
        schoolId,
        row.schoolYearId,
        row.id,
        active.map((m) => m.id),
        viewer.language,
      ),
      pubRepo.livePublications(db, schoolId, row.id, ids),
      samples ? pubRepo.firstStudents(db, schoolId, ids) : Promise.resolve([]),
    ]);
    const sampleIds = firsts.map((f) => f.id);
    const [values, comments] = await Promise.all([
      pubRepo.ratingsOf(db, schoolId, row.id, sampleIds),
      periodsRepo.familyComments(db, schoolId, sampleIds, [row.id]),
    ]);
    const versions = await repo.versionsOf(db, schoolId, [...new Set(values.map((v) => v.scaleVersionId))]);
    const definitionOf = new Map(versions.map((v) => [v.id, v.definition]));
    const measureOf = new Map<number, MeasureInfo>(setup.measures.map((m) => [m.id, m]));
    return groups.map((g) => {
      const counts = completion.find((c) => c.id === g.id);
      const students = counts?.students ?? 0;
      const publication = live.find((p) => p.groupId === g.id);
      const first = firsts.find((f) => f.groupId === g.id);
      const mine = first ? values.filter((v) => v.studentId === first.id) : [];
      return {
        id: g.id,
        label: g.label,
        students,
        missing: Math.max(0, students * active.length - (counts?.rated ?? 0)),
        publication: publication
          ? {
              published_at: publication.publishedAt.toISOString(),
              notify_at: publication.notifyAt.toISOString(),
              notified: publication.notifiedAt !== null,
              can_unpublish: publication.pending,
            }
          : null,
        sample: first
          ? {
              student: { id: first.id, name: first.name },
              ratings: presentFamilyRatings(mine, measureOf, definitionOf, viewer.language),
              missing: active
                .filter((m) => !mine.some((v) => v.measureId === m.id))
                .map((m) => ({ measure_id: m.id, name_es: m.name_es, name_en: m.name_en })),
              comment: comments.find((c) => c.studentId === first.id)?.text ?? null,
            }
          : null,
      };
    });
  }

  /** The chosen groups (none: every group of the period's year) as the publish dialog shows them. */
  async function preview(viewer: Viewer, periodId: number, groupIds?: number[]): Promise<PublicationPreview> {
    const ctx = await scope(viewer, periodId, groupIds);
    return { period_id: periodId, undo_seconds: windowSeconds, groups: await describe(viewer, ctx, true) };
  }

  /** Publishes the groups; families are told by a job once the window is over. */
  async function publish(viewer: Viewer, periodId: number, body: PublishBody): Promise<PublishResult> {
    const { schoolId } = viewer.tenant;
    const ctx = await scope(viewer, periodId, body.group_ids);
    const before = await describe(viewer, ctx, false);
    const empty = before.filter((g) => g.missing > 0 && !g.publication);
    if (empty.length > 0 && !body.confirmEmpty) {
      const missing = empty.reduce((sum, g) => sum + g.missing, 0);
      throw new AppError("RATINGS_MISSING_GRADES", undefined, {
        missing,
        groups: empty.map((g) => g.label).join(", "),
      });
    }
    const published = await db.transaction(async (tx) => {
      const rows = await pubRepo.publish(tx, schoolId, periodId, body.group_ids, viewer.userId, windowSeconds);
      for (const r of rows) {
        const data: PublishNotifyJob = { schoolId, periodId, groupId: r.groupId };
        await jobs.send(PUBLISH_NOTIFY_QUEUE, data, { tx, startAfter: r.notifyAt });
      }
      return rows;
    });
    const groups = await describe(viewer, ctx, false);
    const notifyAt =
      groups
        .map((g) => g.publication?.notify_at ?? "")
        .sort()
        .at(-1) ?? "";
    return {
      period: (await periods.managedPeriod(viewer, periodId)).period,
      published: published.map((p) => p.groupId),
      notify_at: notifyAt,
      groups,
    };
  }

  /** Unpublishes the groups within their window; a group whose families were (being) told already: 409. */
  async function unpublish(viewer: Viewer, periodId: number, body: UnpublishBody): Promise<PublicationPreview> {
    const { schoolId } = viewer.tenant;
    const ctx = await scope(viewer, periodId, body.group_ids);
    await db.transaction(async (tx) => {
      const live = await pubRepo.livePublications(tx, schoolId, periodId, body.group_ids);
      if (live.some((p) => !p.pending)) throw new AppError("RATINGS_UNPUBLISH_TOO_LATE");
      const done = await pubRepo.unpublish(tx, schoolId, periodId, body.group_ids, viewer.userId);
      if (done.length < live.length) throw new AppError("RATINGS_UNPUBLISH_TOO_LATE");
    });
    return { period_id: periodId, undo_seconds: windowSeconds, groups: await describe(viewer, ctx, false) };
  }

  /**
   * The job: tells the group's families if its publication is still live and its window over (once: the row is
   * claimed in the notifications' transaction). Unpublished: nothing. Not due yet (republished later): sent again
   * for the new time. Returns how many family members were told.
   */
  async function notifyDue(job: PublishNotifyJob): Promise<number> {
    const { schoolId, periodId, groupId } = job;
    const period = await repo.periodById(db, schoolId, periodId);
    if (!period) return 0;
    const delivery = await db.transaction(async (tx) => {
      if (!(await pubRepo.claimDue(tx, schoolId, periodId, groupId))) return null;
      return notifier.published(tx, schoolId, period, groupId);
    });
    if (delivery) {
      delivery.after();
      return delivery.count;
    }
    const [live] = await pubRepo.livePublications(db, schoolId, periodId, [groupId]);
    if (live?.pending) await jobs.send(PUBLISH_NOTIFY_QUEUE, job, { startAfter: live.notifyAt });
    return 0;
  }

  return { preview, publish, unpublish, notifyDue };
}

export type PublicationsService = ReturnType<typeof createPublicationsService>;
