import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { Language, PhotoResult } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { students } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { PRIVATE_UPLOADS_FOLDER, PRIVATE_UPLOADS_PREFIX, schoolUploadLimitMb, UPLOAD_NAME } from "../../lib/uploads.ts";
import type { Tenant } from "../../plugins/access.ts";
import { render } from "../../plugins/errors.ts";
import * as repo from "./students.repository.ts";

const MB = 1024 * 1024;
/** A bulk ZIP may carry a whole school's photos; each one inside still obeys the school's limit. */
export const PHOTO_ZIP_MAX_MB = 100;
/**
 * Pictures of one ZIP re-encoded at once: each is a job of the file workers, so this only keeps one school's
 * ZIP from taking every worker while other schools wait (the ZIP's own caps are settings: ZIP_MAX_*).
 */
const ENCODE_CONCURRENCY = 2;

type Result = z.infer<typeof PhotoResult>;
const ASSIGNED = { es: "Foto asignada", en: "Photo assigned" } as const;

/** Student photos: one at a time, or many named by enrollment (CDA-2026-0001.jpg) in a ZIP. */
export function createPhotosService(deps: {
  db: Db;
  uploadsDir: string;
  files: Pick<FileJobs, "readArchive" | "reencodeImage">;
}) {
  const { db, uploadsDir, files } = deps;
  let folderReady: Promise<unknown> | undefined;

  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  const tooLarge = (mb: number) => new AppError("FILE_TOO_LARGE", undefined, { size: mb });

  async function store(data: Buffer, ext: string) {
    const name = `${randomBytes(16).toString("hex")}.${ext}`;
    folderReady ??= mkdir(join(uploadsDir, PRIVATE_UPLOADS_FOLDER), { recursive: true });
    await folderReady;
    await writeFile(join(uploadsDir, PRIVATE_UPLOADS_FOLDER, name), data, { flag: "wx" });
    return `${PRIVATE_UPLOADS_PREFIX}${name}`;
  }

  /** Deletes a replaced photo when it is one of ours; a seed or external URL is left alone. */
  async function removeUpload(url: string | null | undefined) {
    const name = url?.startsWith(PRIVATE_UPLOADS_PREFIX) ? url.slice(PRIVATE_UPLOADS_PREFIX.length) : null;
    if (name && UPLOAD_NAME.test(name))
      await unlink(join(uploadsDir, PRIVATE_UPLOADS_FOLDER, name)).catch(() => undefined);
  }

  async function replacePhoto(schoolId: string, studentId: number, photo: string | null) {
    const [previous] = await db
      .select({ photo: students.photo })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
    if (!previous) {
      await removeUpload(photo);
      throw new AppError("NOT_FOUND");
    }
    await repo.updateStudent(db, schoolId, studentId, { photo });
    await removeUpload(previous.photo);
  }

  /** Checks, re-encodes (metadata stripped) and stores one picture as the student's photo. */
  async function save(tenant: Tenant, studentId: number, data: Buffer) {
    if (!(await repo.findStudent(db, tenant.schoolId, studentId))) throw new AppError("NOT_FOUND");
    const mb = await limitMb(tenant.schoolId);
    if (data.length > mb * MB) throw tooLarge(mb);
    const image = await files.reencodeImage(data);
    await replacePhoto(tenant.schoolId, studentId, await store(image.data, image.ext));
  }

  async function clear(tenant: Tenant, studentId: number) {
    await replacePhoto(tenant.schoolId, studentId, null);
  }

  /** One file named by enrollment; refusals are answered as errors (422 UNKNOWN_ENROLLMENT, 413, 422). */
  async function saveByEnrollment(tenant: Tenant, enrollment: string, data: Buffer, lang: Language): Promise<Result> {
    const student = await repo.studentByEnrollment(db, tenant.schoolId, enrollment);
    if (!student) throw new AppError("UNKNOWN_ENROLLMENT", { enrollment: "UNKNOWN_ENROLLMENT" });
    await save(tenant, student.id, data);
    return { file: enrollment, enrollment, status: "assigned", student_id: student.id, message: ASSIGNED[lang] };
  }

  /** Every file of the ZIP, each assigned or refused with the reason in the caller's language. */
  async function saveZip(tenant: Tenant, zip: Buffer, lang: Language) {
    const mb = await limitMb(tenant.schoolId);
    const entries = await files.readArchive(zip, mb * MB);
    const results: Result[] = new Array(entries.length);
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const i = next++;
        const entry = entries[i]!;
        const file = basename(entry.name);
        const enrollment = file.slice(0, file.length - extname(file).length).trim();
        const refuse = (status: Result["status"], message: string) => {
          results[i] = { file: entry.name, enrollment, status, student_id: null, message };
        };
        const student = await repo.studentByEnrollment(db, tenant.schoolId, enrollment);
        if (!student) {
          refuse("unknown_enrollment", render("UNKNOWN_ENROLLMENT", lang));
          continue;
        }
        if (entry.tooBig) {
          refuse("too_big", render("FILE_TOO_LARGE", lang, { size: mb }));
          continue;
        }
        try {
          const image = await files.reencodeImage(entry.data ?? Buffer.alloc(0));
          await replacePhoto(tenant.schoolId, student.id, await store(image.data, image.ext));
          results[i] = {
            file: entry.name,
            enrollment,
            status: "assigned",
            student_id: student.id,
            message: ASSIGNED[lang],
          };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === "INVALID_IMAGE") refuse("bad_type", render("INVALID_IMAGE", lang));
          else if (error.code === "IMAGE_TOO_MANY_PIXELS" || error.code === "FILE_TOO_COMPLEX") {
            refuse("too_big", render(error.code, lang, error.params));
          } else throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: ENCODE_CONCURRENCY }, worker));
    const assigned = results.filter((r) => r.status === "assigned").length;
    return { results, assigned, refused: results.length - assigned };
  }

  return { limitMb, save, clear, saveByEnrollment, saveZip, removeUpload };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
