import type { AdminHelpVideo, CreateHelpVideoBody, UpdateHelpVideoBody } from "@convive/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";

export const helpVideosKey = ["admin", "help-videos"] as const;

/** Every help video of the platform (GET api/admin/help-videos). */
export function useAdminHelpVideos() {
  return useQuery({
    queryKey: helpVideosKey,
    queryFn: () =>
      api<{ data: { helpVideos: AdminHelpVideo[] } }>("/api/admin/help-videos", { noSchool: true }).then(
        (r) => r.data.helpVideos,
      ),
  });
}

export const createHelpVideo = (body: CreateHelpVideoBody, key?: string) =>
  api("/api/admin/help-videos", { method: "POST", body, noSchool: true, idempotencyKey: key });

export const updateHelpVideo = (id: number, body: UpdateHelpVideoBody) =>
  api(`/api/admin/help-videos/${id}`, { method: "PATCH", body, noSchool: true });

export const deleteHelpVideo = (id: number) =>
  api(`/api/admin/help-videos/${id}`, { method: "DELETE", noSchool: true });

/** Creates a help video, or edits the one given. */
export const useSaveHelpVideo = (id: number | null, o?: SaveOptions) =>
  useSave({
    ...o,
    call: (body: CreateHelpVideoBody, key: string) => (id ? updateHelpVideo(id, body) : createHelpVideo(body, key)),
    invalidates: [helpVideosKey],
  });

export const useDeleteHelpVideo = (o?: SaveOptions) =>
  useSave({ ...o, call: deleteHelpVideo, invalidates: [helpVideosKey] });
