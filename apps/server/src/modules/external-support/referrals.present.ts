import type { Language, MessageAttachment, Referral, ReferralFollowUp } from "@convive/domain";
import type { Viewer } from "../incidents/index.ts";
import { canWrite, type SupportAccess } from "./access.ts";
import type * as repo from "./referrals.repository.ts";

export type FollowUpRow = Awaited<ReturnType<typeof repo.followUpsOf>>[number];

/** What a referral is presented with besides its row: its entries, files, the consent now and the school's day. */
export interface ReferralExtras {
  followUps: readonly FollowUpRow[];
  /** Files by follow-up id. */
  followUpFiles: ReadonlyMap<number, MessageAttachment[]>;
  /** The signed consent documents by referral id (the newest is shown). */
  consentFiles: ReadonlyMap<number, MessageAttachment[]>;
  consentGranted: boolean;
  today: string;
}

export const typeLabel = (names: { name: string; nameEn: string }, language: Language | undefined) =>
  language === "en" ? names.nameEn : names.name;

/** A follow-up entry; null when the reader is a family member and the entry is internal. */
export function presentFollowUp(
  f: FollowUpRow,
  files: ReadonlyMap<number, MessageAttachment[]>,
  family: boolean,
): ReferralFollowUp | null {
  if (family && f.f.internal) return null;
  return {
    id: f.f.id,
    author: { id: f.f.authorId, name: f.authorName, role: "", family: false },
    body: f.f.body,
    internal: f.f.internal,
    created_at: f.f.createdAt.toISOString(),
    attachments: files.get(f.f.id) ?? [],
  };
}

/** A referral as the reader sees it: a family member gets neither the internal notes nor the internal entries. */
export function presentReferral(
  row: repo.ReferralRow,
  extras: ReferralExtras,
  access: SupportAccess,
  viewer: Viewer,
): Referral {
  const r = row.r;
  const entries = extras.followUps
    .filter((f) => f.f.referralId === r.id)
    .flatMap((f) => presentFollowUp(f, extras.followUpFiles, access.family) ?? []);
  return {
    id: r.id,
    student: access.student,
    trainer_type: {
      id: r.trainerTypeId,
      label: typeLabel({ name: row.typeName, nameEn: row.typeNameEn }, viewer.language),
    },
    specialist: r.specialist,
    institution: r.institution,
    contact: r.contact,
    reason: r.reason,
    status: r.status as Referral["status"],
    outcome: r.outcome,
    start_date: r.startDate,
    next_review_date: r.nextReviewDate,
    review_due: r.status !== "closed" && r.nextReviewDate !== null && r.nextReviewDate <= extras.today,
    responsible: r.responsibleId === null ? null : { id: r.responsibleId, name: row.responsibleName },
    consent: { granted: extras.consentGranted, document: extras.consentFiles.get(r.id)?.at(-1) ?? null },
    internal_notes: access.family ? null : r.internalNotes,
    // A family learns of the incident only when the incident itself is shown to families.
    incident_id: access.family && row.incidentForFamilies !== true ? null : r.incidentId,
    created_by: { id: r.createdBy, name: row.creatorName },
    created_at: r.createdAt.toISOString(),
    follow_ups: entries,
    can_edit: r.status !== "closed" && canWrite(viewer, access, "external-support", "update"),
  };
}
