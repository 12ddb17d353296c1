// Upload limits and stored-file names shared by every module that takes a file (avatars, logos, student
// photos, incident evidence), kept here once so each module stays independent of the others.
import { DEFAULT_MAX_FILE_SIZE_MB } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { schools } from "../db/schema/index.ts";

/** Whatever a school configures, no single upload is read past this (the route's bodyLimit). */
export const UPLOAD_CEILING_MB = 20;
export const UPLOADS_PREFIX = "/uploads/";
/** Pictures of students (minors) are served only to signed-in users, from a folder of their own. */
export const PRIVATE_UPLOADS_PREFIX = "/private-uploads/";
export const PRIVATE_UPLOADS_FOLDER = "private";
/** 128 random bits as hex plus a known extension: nothing else is ever read from the folder. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** The school's max_file_size_in_mb (spec §3; default 2 MB, also without a school), never above the ceiling. */
export async function schoolUploadLimitMb(db: Db, schoolId: string | null): Promise<number> {
  if (!schoolId) return DEFAULT_MAX_FILE_SIZE_MB;
  const [row] = await db.select({ mb: schools.maxFileSizeInMb }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return Math.min(row?.mb ?? DEFAULT_MAX_FILE_SIZE_MB, UPLOAD_CEILING_MB);
}
