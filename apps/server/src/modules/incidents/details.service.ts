import {
  type Attachment,
  type IncidentDetail,
  type MeetingMode,
  type MeetingStatus,
  mayReopen,
  type ParentMeeting,
  perm,
  type TimelineEntry,
  type TimelineEvent,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { familyPayload, familyReaderOfUser } from "../../lib/family-reader.ts";
import type { AdjustmentMarkers, HealthAlertMarkers } from "../../lib/student-markers.ts";
import type { Tenant } from "../../plugins/access.ts";
import { listItem, loadIncidents } from "./archive.present.ts";
import { schoolClock } from "./archive.repository.ts";
import { presentAction, schoolDay } from "./details.actions.ts";
import * as repo from "./details.repository.ts";
import { protocolEvidenceIds } from "./protocol.repository.ts";
import { readProtocol } from "./protocol.service.ts";
import { resolveScope, type Scope, seesStudent, type Viewer } from "./scope.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });

/** What the school prints on a PDF besides the incident. */
export interface SchoolHeader {
  name: string;
  timeZone: string;
  /** The logo's URL as stored (an upload, the default, or null). */
  logo: string | null;
}

/** One incident with everything the details screen shows (design §4), as the viewer may see it. */
export function createDetailsService(deps: { db: Db; markers: AdjustmentMarkers; health: HealthAlertMarkers }) {
  const { db } = deps;

  /**
   * Some incidents with everything the details screen shows, as the viewer may see them, in a fixed number of
   * statements whatever their number: the details screen reads one, the family's copy a page of a hundred (issue
   * 30 §3). Those outside the viewer's scope are left out; the order is the ids'.
   */
  async function getMany(
    viewer: Viewer,
    ids: readonly number[],
  ): Promise<{ incidents: IncidentDetail[]; school: SchoolHeader; scope: Scope }> {
    const { schoolId } = viewer.tenant;
    const [scope, school] = await Promise.all([resolveScope(db, viewer), schoolClock(db, schoolId)]);
    const inScope = await repo.incidentsInScope(db, scope, ids);
    const incidentIds = [...new Set(ids)].filter((id) => inScope.has(id));
    if (incidentIds.length === 0) return { incidents: [], school, scope };
    const key = { schoolId, incidentIds };
    const [loadedAll, attachments, allActions, allMeetings, timeline] = await Promise.all([
      loadIncidents(db, scope, incidentIds, viewer.language),
      repo.attachmentRows(db, key),
      repo.actionRows(db, key),
      repo.meetingRows(db, key),
      repo.timelineRows(db, key),
    ]);
    // A family follows only their own children's formative actions and the meetings their household attends.
    const actions = allActions.filter((a) => seesStudent(scope, a.studentId));
    const [completions, attendees, household, internal] = await Promise.all([
      repo.completionRows(
        db,
        schoolId,
        actions.map((a) => a.id),
      ),
      repo.attendeeRows(
        db,
        schoolId,
        allMeetings.map((m) => m.id),
      ),
      scope.kind === "family" ? repo.householdOf(db, schoolId, scope.childIds) : Promise.resolve(null),
      scope.kind === "family" ? protocolEvidenceIds(db, schoolId, incidentIds) : Promise.resolve(new Set<number>()),
    ]);
    const today = schoolDay(new Date(), school.timeZone);
    const of = <T extends { incidentId: number }>(rows: T[], id: number) => rows.filter((r) => r.incidentId === id);
    const byId = new Map(loadedAll.map((loaded) => [loaded.row.id, loaded]));

    const details = incidentIds.flatMap((id): IncidentDetail[] => {
      const loaded = byId.get(id);
      if (!loaded) return [];
      const { row } = loaded;
      const mine = of(actions, id);
      const meetings: ParentMeeting[] = of(allMeetings, id)
        .map((m) => ({
          meeting: m,
          people: attendees
            .filter((p) => p.meetingId === m.id)
            .filter((p) => !household || p.kind === "staff" || household.has(p.id)),
        }))
        .filter(({ people }) => !household || people.some((p) => p.kind === "family"))
        .map(({ meeting: m, people }) => ({
          id: m.id,
          incident_id: id,
          incident_folio: row.folio,
          scheduled_at: m.scheduledAt.toISOString(),
          mode: m.mode as MeetingMode,
          place: m.place,
          meeting_url: m.meetingUrl,
          status: m.status as MeetingStatus,
          agreements: m.agreements,
          minutes: m.minutes,
          attendees: people.map((p) => ({ id: p.id, name: p.name, kind: p.kind as "family" | "staff" })),
          created_by: { id: m.createdBy, name: m.creatorName },
          created_at: m.createdAt.toISOString(),
          updated_at: m.updatedAt.toISOString(),
        }));
      const seen = {
        actions: new Set(mine.map((a) => a.id)),
        meetings: new Set(meetings.map((m) => m.id)),
        internalFiles: internal,
      };
      return [
        {
          ...listItem(loaded),
          detail: row.detail,
          visible_to_family: row.visibleToFamily,
          points: row.points,
          school_year: row.schoolYear,
          period:
            row.periodId === null
              ? null
              : { id: row.periodId, name: row.periodName ?? "", name_en: row.periodNameEn ?? null },
          created_at: row.createdAt.toISOString(),
          closed_at: iso(row.closedAt),
          closed_by: ref(row.closedBy, row.closerName),
          closing_note: row.closingNote,
          cancelled_at: iso(row.cancelledAt),
          cancelled_by: ref(row.cancelledBy, row.cancellerName),
          cancel_reason: row.cancelReason,
          attachments: of(attachments, id)
            .filter((a) => !internal.has(a.id))
            .map(
              (a): Attachment => ({
                id: a.id,
                file_name: a.fileName,
                mime_type: a.mimeType,
                size: a.size,
                url: `/api/incidents/${id}/attachments/${a.id}`,
                uploaded_by: { id: a.uploadedBy, name: a.uploaderName },
                uploaded_at: a.uploadedAt.toISOString(),
              }),
            ),
          formative_actions: mine.map((a) =>
            presentAction(
              a,
              completions.filter((c) => c.actionId === a.id),
              { id, folio: row.folio },
              today,
            ),
          ),
          meetings,
          timeline: of(timeline, id).flatMap((t) => timelineEntry(t, scope, seen, viewer.tenant.grants)),
          allowed: allowed(viewer, { status: row.status, recordedBy: row.recordedBy }),
        },
      ];
    });
    if (scope.kind !== "family") {
      // The adjustment marker (issue 28 §3) and the health alert (issue 29 §4) beside each student, for staff: one
      // statement each for all the incidents. A family never gets them (absent, as the contract says: its own
      // children's record is read in the file).
      const studentIds = [...new Set(details.flatMap((d) => d.students.flatMap((s) => (s.id === null ? [] : [s.id]))))];
      const [marked, alerts] = await Promise.all([
        deps.markers(db, schoolId, studentIds),
        deps.health(db, schoolId, studentIds),
      ]);
      for (const incident of details) {
        incident.students = incident.students.map((s) => ({
          ...s,
          has_adjustments: s.id !== null && marked.has(s.id),
          has_health_alert: s.id !== null && alerts.has(s.id),
        }));
      }
    }
    return { incidents: details, school, scope };
  }

  /** One incident with everything the details screen shows (design §4); 404 outside the viewer's scope. */
  async function get(
    viewer: Viewer,
    id: number,
  ): Promise<{ incident: IncidentDetail; school: SchoolHeader; scope: Scope }> {
    const { incidents, school, scope } = await getMany(viewer, [id]);
    const [incident] = incidents;
    if (!incident) throw new AppError("NOT_FOUND");
    return { incident, school, scope };
  }

  /**
   * The incident as printed and whose copy it is: a family's copy passes the family reader here, before the PDF is
   * drawn (its JSON passes the family-redaction hook instead), and leaves out the staff-only fields.
   */
  async function printable(viewer: Viewer, id: number) {
    const { incident, school, scope } = await get(viewer, id);
    if (scope.kind !== "family") {
      // Issue 30 §2: the school's copy prints the protocol's steps; a family's never does.
      const protocol = await readProtocol(db, scope.schoolId, id, false);
      return { incident, school, reader: "staff" as const, protocol };
    }
    const reader = await familyReaderOfUser(db, scope.schoolId, scope.userId, scope.language, scope.childIds);
    return { incident: await familyPayload(db, reader, incident), school, reader: "family" as const, protocol: null };
  }

  return { get, getMany, printable };
}

export type DetailsService = ReturnType<typeof createDetailsService>;

type TimelineRow = Awaited<ReturnType<typeof repo.timelineRows>>[number];

/**
 * A timeline entry as the viewer may see it. Details never hold names, but a family must not learn about other
 * students' actions or other households' meetings either: those entries are left out, and a closing lists only
 * the waived actions the family can see. A referral to external support shows only to its confidential readers.
 */
function timelineEntry(
  t: TimelineRow,
  scope: Scope,
  seen: { actions: Set<number>; meetings: Set<number>; internalFiles: Set<number> },
  grants: ReadonlySet<string>,
): TimelineEntry[] {
  // A referral to external support is confidential (issue 28 §4): its readers and the student's family only.
  if (t.event === "referral.created" && scope.kind !== "family" && !grants.has("external-support.read")) return [];
  // The protocol's steps (issue 30 §2) are the school's internal work: never on a family's timeline.
  if (t.event.startsWith("protocol.") && scope.kind === "family") return [];
  const details = { ...(t.details ?? {}) };
  if (scope.kind === "family") {
    const num = (k: string) => (typeof details[k] === "number" ? (details[k] as number) : null);
    const studentId = num("student_id");
    const actionId = num("action_id");
    const meetingId = num("meeting_id");
    if (studentId !== null && !seesStudent(scope, studentId)) return [];
    // An acknowledgement names the acknowledging member's children (issue 30 §1): another household's is not theirs.
    const studentIds = Array.isArray(details.student_ids)
      ? details.student_ids.filter((v) => typeof v === "number")
      : [];
    if (studentIds.length > 0 && !studentIds.some((id) => seesStudent(scope, id))) return [];
    delete details.session_id;
    if (actionId !== null && !seen.actions.has(actionId)) return [];
    if (meetingId !== null && !seen.meetings.has(meetingId)) return [];
    // A file that became a protocol step's evidence is left out with its name (see protocolEvidenceIds).
    const attachmentId = num("attachment_id");
    if (attachmentId !== null && seen.internalFiles.has(attachmentId)) return [];
    if (Array.isArray(details.waived_actions)) {
      details.waived_actions = details.waived_actions.filter((a) => typeof a === "number" && seen.actions.has(a));
    }
  }
  return [
    {
      id: t.id,
      at: t.at.toISOString(),
      event: t.event as TimelineEvent,
      user: t.userId === null ? null : { id: t.userId, name: t.userName ?? "" },
      details,
    },
  ];
}

/** What the viewer may do now (the routes that do it check again). */
function allowed(viewer: Viewer, incident: { status: string; recordedBy: number }): IncidentDetail["allowed"] {
  const { grants, profileName }: Tenant = viewer.tenant;
  const open = incident.status === "open";
  const updates = grants.has(perm("incidents", "update"));
  return {
    update: updates && open,
    close: updates && open,
    cancel: updates && open,
    reopen: updates && mayReopen(profileName) && incident.status === "closed",
    add_formative_actions: grants.has(perm("formative-actions", "create")) && open,
    update_formative_actions: grants.has(perm("formative-actions", "update")) && open,
    add_meetings: grants.has(perm("parent-meetings", "create")),
    update_meetings: grants.has(perm("parent-meetings", "update")),
    attach: open && (updates || incident.recordedBy === viewer.userId),
  };
}
