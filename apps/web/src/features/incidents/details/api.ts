import {
  type Attachment,
  type FormativeAction,
  FormativeActionBody,
  type IncidentCategory,
  type IncidentDetail,
  type MeetingAttendeeOptions,
  type ParentMeeting,
  ParentMeetingBody,
  type RegistrationOptions,
  UpdateFormativeActionBody,
  UpdateIncidentBody,
  UpdateParentMeetingBody,
  type UserRef,
} from "@convive/domain";
import { localGuidelines, REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, download } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export type { FormativeAction, IncidentDetail, ParentMeeting, UserRef };

/** Every query of this view sits under ["incident-details", schoolId, …]. */
const useKey = () => {
  const { schoolId } = useSession();
  return useCallback((...parts: readonly unknown[]) => ["incident-details", schoolId, ...parts] as const, [schoolId]);
};

/** One incident as the caller may see it (404 outside their scope: no retry, the screen says so). */
export function useIncident(id: number) {
  const key = useKey();
  return useQuery({
    queryKey: key("incident", id),
    queryFn: () => api<{ data: { incident: IncidentDetail } }>(`/api/incidents/${id}`).then((r) => r.data.incident),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => count < 2 && !("status" in error && (error.status === 404 || error.status === 403)),
  });
}

/** What every save of this view refreshes: the incident (its timeline, states and `allowed` all move). */
const useIncidentKey = (id: number) => [useKey()("incident", id)];

/** After any change: the incident again (its timeline, states and `allowed` all move). */
export function useRefreshIncident(id: number) {
  const client = useQueryClient();
  const key = useKey();
  return useCallback(() => client.invalidateQueries({ queryKey: key("incident", id) }), [client, key, id]);
}

/** Categories with their types' formative guidelines (suggestions when adding an action). */
export function useCategories(enabled: boolean) {
  const key = useKey();
  return useQuery({
    queryKey: key("categories"),
    queryFn: () =>
      api<{ data: { categories: IncidentCategory[] } }>("/api/incident-categories").then((r) => r.data.categories),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The guidelines of one type in the reader's language, or none when the type is no longer listed. */
export function guidelinesOf(categories: readonly IncidentCategory[] | undefined, typeId: number, language: string) {
  const type = categories?.flatMap((c) => c.types).find((t) => t.id === typeId);
  return type ? localGuidelines(type, language) : [];
}

/**
 * Staff who may be made responsible for an action: from the registration options when the caller may register,
 * otherwise from the meeting attendees (parent-meeting managers); else nobody beyond who is already assigned.
 */
export function useStaff(incidentId: number, source: "registration" | "attendees" | null) {
  const key = useKey();
  return useQuery({
    queryKey: key("staff", source, source === "attendees" ? incidentId : null),
    queryFn: async (): Promise<UserRef[]> => {
      if (source === "registration") {
        const r = await api<{ data: RegistrationOptions }>("/api/incidents/registration-options");
        return r.data.staff;
      }
      const r = await api<{ data: { staff: UserRef[] } }>(`/api/incidents/${incidentId}/meeting-attendees`);
      return r.data.staff;
    },
    enabled: source !== null,
    staleTime: 5 * 60_000,
  });
}

/** Family members of the incident's students and the school's staff, for a meeting. */
export function useMeetingAttendees(incidentId: number, enabled: boolean) {
  const key = useKey();
  return useQuery({
    queryKey: key("attendees", incidentId),
    queryFn: () =>
      api<{ data: MeetingAttendeeOptions }>(`/api/incidents/${incidentId}/meeting-attendees`).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

// ───────────────────────── statuses ─────────────────────────

export const closeIncident = (id: number, body: { closing_note: string; waive_pending_actions: boolean }) =>
  api(`/api/incidents/${id}/close`, { method: "POST", body });
export const cancelIncident = (id: number, reason: string) =>
  api(`/api/incidents/${id}/cancel`, { method: "POST", body: { reason } });
export const reopenIncident = (id: number, reason: string) =>
  api(`/api/incidents/${id}/reopen`, { method: "POST", body: { reason } });

export type StatusChange =
  | { kind: "close"; closing_note: string; waive_pending_actions: boolean }
  | { kind: "cancel" | "reopen"; reason: string };
/** Closes, cancels or reopens the incident. */
export const useChangeStatus = (incidentId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (change: StatusChange) => {
      if (change.kind === "close") {
        const { kind: _, ...body } = change;
        return closeIncident(incidentId, body);
      }
      return (change.kind === "cancel" ? cancelIncident : reopenIncident)(incidentId, change.reason);
    },
    invalidates: useIncidentKey(incidentId),
  });

// ───────────────────────── corrections and evidence ─────────────────────────

/** Corrects an open incident; the body carries only the fields that change. */
export const updateIncident = (id: number, body: UpdateIncidentBody) =>
  api(`/api/incidents/${id}`, { method: "PATCH", body });
/** Corrects the incident with the fields that changed (checked by the schema before it goes). */
export const useCorrectIncident = (incidentId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (changes: Record<string, unknown>) => updateIncident(incidentId, UpdateIncidentBody.parse(changes)),
    invalidates: useIncidentKey(incidentId),
  });

/** One evidence file, sent raw (its own Content-Type) with its name in the query. */
export const uploadAttachment = (incidentId: number, file: File) =>
  api<{ data: { attachment: Attachment } }>(
    `/api/incidents/${incidentId}/attachments?name=${encodeURIComponent(file.name)}`,
    { method: "POST", body: file },
  ).then((r) => r.data.attachment);

// ───────────────────────── formative actions ─────────────────────────

export const createAction = (incidentId: number, body: FormativeActionBody, key?: string) =>
  api(`/api/incidents/${incidentId}/formative-actions`, { method: "POST", body, idempotencyKey: key });
export const updateAction = (id: number, body: UpdateFormativeActionBody) =>
  api(`/api/formative-actions/${id}`, { method: "PATCH", body });
export const completeOccurrence = (id: number, on: string) =>
  api(`/api/formative-actions/${id}/completions`, { method: "POST", body: { occurrence_on: on } });
export const uncompleteOccurrence = (id: number, on: string) =>
  api(`/api/formative-actions/${id}/completions/${on}`, { method: "DELETE" });
/** Creates a formative action of the incident (with the form's key) or updates the one given. */
export const useSaveAction = (incidentId: number, actionId: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: Record<string, unknown>, key: string) =>
      actionId
        ? updateAction(actionId, UpdateFormativeActionBody.parse(body))
        : createAction(incidentId, FormativeActionBody.parse(body), key),
    invalidates: useIncidentKey(incidentId),
  });
/**
 * Ticks or unticks one occurrence; busy until the incident has been fetched again, so the optimistic tick
 * (`saving`) gives way to the server's truth without a flicker.
 */
export const useTickOccurrence = (incidentId: number, actionId: number, o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ on, done }: { on: string; done: boolean }) =>
      done ? completeOccurrence(actionId, on) : uncompleteOccurrence(actionId, on),
    invalidates: useIncidentKey(incidentId),
  });
export const waiveAction = (id: number, reason: string) =>
  api(`/api/formative-actions/${id}/waive`, { method: "POST", body: { reason } });
export const useWaiveAction = (incidentId: number, actionId: number, o?: SaveOptions) =>
  useSave({ ...o, call: (reason: string) => waiveAction(actionId, reason), invalidates: useIncidentKey(incidentId) });

// ───────────────────────── parent meetings ─────────────────────────

export const createMeeting = (incidentId: number, body: ParentMeetingBody, key?: string) =>
  api(`/api/incidents/${incidentId}/meetings`, { method: "POST", body, idempotencyKey: key });
export const updateMeeting = (id: number, body: UpdateParentMeetingBody) =>
  api(`/api/parent-meetings/${id}`, { method: "PATCH", body });
/** Schedules a parent meeting (with the form's key) or updates the one given. */
export const useSaveMeeting = (incidentId: number, meetingId: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: Record<string, unknown>, key: string) =>
      meetingId
        ? updateMeeting(meetingId, UpdateParentMeetingBody.parse(body))
        : createMeeting(incidentId, ParentMeetingBody.parse(body), key),
    invalidates: useIncidentKey(incidentId),
  });

// ───────────────────────── files ─────────────────────────

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The printable PDF of one incident, in the caller's language (an authenticated GET, so fetched, not linked). On a
 * computer it opens in a new tab, ready to print; on a phone, or when the tab is blocked, it is downloaded.
 */
export async function openPdf(id: number, folio: number) {
  const phone = window.matchMedia("(pointer: coarse)").matches;
  // The tab is opened now, inside the click, or the browser would block it after the wait.
  const tab = phone ? null : window.open("", "_blank");
  try {
    const file = await download(`/api/incidents/${id}/pdf`, { timeoutMs: REQUEST_TIMEOUT_MS.mobile });
    if (tab) {
      const url = URL.createObjectURL(file.blob);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      saveBlob(file.blob, file.name ?? `incidencia-${folio}.pdf`);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** An attachment's bytes: its URL needs the bearer token, so it is fetched rather than linked. */
export const fetchAttachment = (url: string, signal?: AbortSignal) =>
  download(url, { timeoutMs: REQUEST_TIMEOUT_MS.mobile, signal }).then((file) => file.blob);
