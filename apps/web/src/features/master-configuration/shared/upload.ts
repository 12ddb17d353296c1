import { api } from "../../../lib/api.ts";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const MB = 1024 * 1024;

/** POSTs a file as the raw request body; a failure comes back as ApiError like every call. */
export const postRaw = <T>(path: string, file: File): Promise<T> => api<T>(path, { method: "POST", body: file });
