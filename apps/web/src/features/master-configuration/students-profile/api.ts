import type {
  CreateFamilyMemberBody,
  CreateStudentBody,
  FamilyMember,
  Invitation,
  PHOTO_OUTCOMES,
  Student,
  UpdateFamilyMemberBody,
  UpdateStudentBody,
} from "@convive/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { typed } from "../imports/api.ts";
import { MC, useMcKey } from "../shared/keys.ts";
import { postRaw } from "../shared/upload.ts";

export const PER_PAGE = 20;

export interface StudentsFilter {
  search: string;
  groupId: string | null;
  status: string | null;
  page: number;
}

interface Page {
  students: Student[];
  total: number;
  page: number;
  per_page: number;
}

export function useStudents(filter: StudentsFilter) {
  const key = useMcKey();
  const params = new URLSearchParams({ page: String(filter.page), per_page: String(PER_PAGE) });
  if (filter.search.trim()) params.set("search", filter.search.trim());
  if (filter.groupId) params.set("group_id", filter.groupId);
  if (filter.status) params.set("status", filter.status);
  return useQuery({
    queryKey: key("students", params.toString()),
    queryFn: () => api<{ data: Page }>(`/api/students?${params}`).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("student", id),
    queryFn: () => api<{ data: { student: Student } }>(`/api/students/${id}`).then((r) => r.data.student),
    enabled: id !== null,
  });
}

export const createStudent = (body: CreateStudentBody, key?: string) =>
  api<{ data: { student: Student } }>("/api/students", { method: "POST", body, idempotencyKey: key }).then(
    (r) => r.data.student,
  );
export const updateStudent = (id: number, body: UpdateStudentBody) =>
  api<{ data: { student: Student } }>(`/api/students/${id}`, { method: "PATCH", body }).then((r) => r.data.student);
export const deleteStudent = (id: number) => api(`/api/students/${id}`, { method: "DELETE" });

export const uploadPhoto = (id: number, file: File) =>
  postRaw<{ data: { student: Student } }>(`/api/students/${id}/photo`, typed(file, "application/octet-stream")).then(
    (r) => r.data.student,
  );
export const removePhoto = (id: number) =>
  api<{ data: { student: Student } }>(`/api/students/${id}/photo`, { method: "DELETE" }).then((r) => r.data.student);

export interface PhotoResult {
  file: string;
  enrollment: string;
  status: (typeof PHOTO_OUTCOMES)[number] | "error";
  student_id: number | null;
  message: string;
}

export const uploadPhotoZip = (file: File) =>
  postRaw<{ data: { results: PhotoResult[]; assigned: number; refused: number } }>(
    "/api/students/photos",
    typed(file, "application/zip"),
  ).then((r) => r.data);

export const uploadPhotoByEnrollment = (enrollment: string, file: File) =>
  postRaw<{ data: { result: PhotoResult } }>(
    `/api/students/photos/${encodeURIComponent(enrollment)}`,
    typed(file, "application/octet-stream"),
  ).then((r) => r.data.result);

/** The student's family members and the open invitations that will add more once accepted. */
export function useFamilyMembers(studentId: number | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("family-members", studentId),
    queryFn: () =>
      api<{ data: { family_members: FamilyMember[]; invitations: Invitation[] } }>(
        `/api/students/${studentId}/family-members`,
      ).then((r) => r.data),
    enabled: studentId !== null,
  });
}

/** A family member of the school is linked at once; anyone else is invited (the same answer, known or not). */
export interface CreatedFamilyMember {
  family_member: FamilyMember | null;
  invitation: Invitation | null;
}

export const resendFamilyInvitation = (studentId: number, invitationId: number) =>
  api(`/api/students/${studentId}/family-invitations/${invitationId}/resend`, { method: "POST" });
export const cancelFamilyInvitation = (studentId: number, invitationId: number) =>
  api(`/api/students/${studentId}/family-invitations/${invitationId}`, { method: "DELETE" });

export const addFamilyMember = (studentId: number, body: CreateFamilyMemberBody, key?: string) =>
  api<{ data: CreatedFamilyMember }>(`/api/students/${studentId}/family-members`, {
    method: "POST",
    body,
    idempotencyKey: key,
  }).then((r) => r.data);
export const updateFamilyMember = (studentId: number, userId: number, body: UpdateFamilyMemberBody) =>
  api(`/api/students/${studentId}/family-members/${userId}`, { method: "PATCH", body });
export const unlinkFamilyMember = (studentId: number, userId: number) =>
  api(`/api/students/${studentId}/family-members/${userId}`, { method: "DELETE" });

export const useDeleteStudent = (o?: SaveOptions) => useSave({ ...o, call: deleteStudent, invalidates: MC });
/** Creates a student, or updates the one given; answers the saved student. */
export const useSaveStudent = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: CreateStudentBody, key: string) => (id ? updateStudent(id, body) : createStudent(body, key)),
    invalidates: MC,
  });

type FamilyMemberSave =
  | { studentId: number; userId: null; body: CreateFamilyMemberBody }
  | { studentId: number; userId: number; body: UpdateFamilyMemberBody };
/** Adds a family member (linked at once or invited: the answer says which) or updates one (answering null). */
export const useSaveFamilyMember = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: async (save: FamilyMemberSave, key: string) => {
      if (save.userId === null) return addFamilyMember(save.studentId, save.body, key);
      await updateFamilyMember(save.studentId, save.userId, save.body);
      return null;
    },
    invalidates: MC,
  });

export const useResendFamilyInvitation = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ studentId, id }: { studentId: number; id: number }) => resendFamilyInvitation(studentId, id),
    invalidates: MC,
  });
export const useCancelFamilyInvitation = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ studentId, id }: { studentId: number; id: number }) => cancelFamilyInvitation(studentId, id),
    invalidates: MC,
  });
export const useUnlinkFamilyMember = (o?: SaveOptions) =>
  useSave({
    ...o,
    call: ({ studentId, userId }: { studentId: number; userId: number }) => unlinkFamilyMember(studentId, userId),
    invalidates: MC,
  });

/** A student's photo replaced (checked first by the screen) or removed; both answer the student. */
export const useUploadPhoto = (studentId: number, o?: SaveOptions) =>
  useSave({ ...o, call: (file: File) => uploadPhoto(studentId, file), invalidates: MC });
export const useRemovePhoto = (studentId: number, o?: SaveOptions) =>
  useSave<void, Student>({ ...o, call: () => removePhoto(studentId), invalidates: MC });
