import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contrastWarnings, type SchoolInfo, type UpdateSchoolInfoBody } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { sniffImageType } from "../../lib/files/image-type.ts";
import { presentSchoolSettings, type SchoolRow } from "../../lib/school-presenter.ts";
import { schoolUploadLimitMb, UPLOAD_NAME, UPLOADS_PREFIX } from "../../lib/uploads.ts";
import type { Tenant } from "../../plugins/access.ts";
import { findSchool, updateSchool } from "../schools/index.ts";

const MB = 1024 * 1024;

const present = (s: SchoolRow): SchoolInfo => ({
  ...presentSchoolSettings(s),
  message_starters: s.messageStarters === "scope" ? "scope" : "team",
  contrast_warnings: contrastWarnings([
    s.institutionalColor1,
    s.institutionalColor2,
    s.institutionalColor3,
    s.institutionalColor4,
  ]),
});

/**
 * The school's own information (master configuration › general-information). Every change is announced as
 * `schools.changed`: user payloads (privacy_notice_viewed, school names) and the theme are cached elsewhere.
 */
export function createSchoolInfoService(deps: {
  db: Db;
  events: EventBus;
  uploadsDir: string;
  files: Pick<FileJobs, "reencodeImage">;
}) {
  const { db, uploadsDir } = deps;
  let folderReady: Promise<unknown> | undefined;

  async function get(tenant: Tenant) {
    const school = await findSchool(db, tenant.schoolId);
    if (!school) throw new AppError("NOT_FOUND");
    return present(school);
  }

  /**
   * Saves the fields given. A privacy text that really changes raises privacy_notice_version, so every member's
   * earlier acceptance no longer counts and they are asked again.
   */
  async function update(tenant: Tenant, body: UpdateSchoolInfoBody) {
    const { schoolId } = tenant;
    const row = await db.transaction(async (tx) => {
      // Locked so two edits of the notice at once raise the version twice, never lose one.
      const [current] = await tx.select().from(schools).where(eq(schools.id, schoolId)).for("no key update");
      if (!current) throw new AppError("NOT_FOUND");
      // Quiet hours are a window: both ends or none, as they will be after this change.
      const start = body.quiet_hours_start === undefined ? current.quietHoursStart : body.quiet_hours_start;
      const end = body.quiet_hours_end === undefined ? current.quietHoursEnd : body.quiet_hours_end;
      if ((start === null) !== (end === null)) {
        throw new AppError("VALIDATION", { [start === null ? "quiet_hours_start" : "quiet_hours_end"]: "VALIDATION" });
      }
      const noticeChanged =
        (body.privacy_notice_es !== undefined && body.privacy_notice_es !== current.privacyNoticeEs) ||
        (body.privacy_notice_en !== undefined && body.privacy_notice_en !== current.privacyNoticeEn);
      return updateSchool(tx, schoolId, {
        name: body.name,
        legalName: body.legal_name,
        cct: body.cct,
        address: body.address,
        phone: body.phone,
        email: body.email,
        timeZone: body.time_zone,
        institutionalColor1: body.institutional_color_1,
        institutionalColor2: body.institutional_color_2,
        institutionalColor3: body.institutional_color_3,
        institutionalColor4: body.institutional_color_4,
        maxFileSizeInMb: body.max_file_size_in_mb,
        privacyNoticeEs: body.privacy_notice_es,
        privacyNoticeEn: body.privacy_notice_en,
        privacyNoticeVersion: noticeChanged ? current.privacyNoticeVersion + 1 : undefined,
        quietHoursStart: body.quiet_hours_start,
        quietHoursEnd: body.quiet_hours_end,
        messageStarters: body.message_starters,
      });
    });
    deps.events.emit("schools.changed", { schoolId });
    return present(row!);
  }

  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  /** Deletes a replaced logo when it is one of ours; a seed or external URL is left alone. */
  async function removeUpload(url: string | null | undefined) {
    const name = url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null;
    if (name && UPLOAD_NAME.test(name)) await unlink(join(uploadsDir, name)).catch(() => undefined);
  }

  /**
   * Replaces the logo with a PNG, JPEG or WebP (checked from its bytes; SVG is refused as it can carry
   * scripts) no larger than the school's max_file_size_in_mb. Served at /uploads/<name> like avatars.
   */
  async function setLogo(tenant: Tenant, declared: string, data: Buffer) {
    const limit = await limitMb(tenant.schoolId);
    if (data.length > limit * MB) throw new AppError("FILE_TOO_LARGE", undefined, { size: limit });
    const actual = sniffImageType(data);
    if (!actual || actual !== declared) throw new AppError("INVALID_IMAGE", { logo: "INVALID_IMAGE" });
    // Re-encoded: metadata never reaches storage, and a broken body is refused.
    const clean = await deps.files.reencodeImage(data);
    const name = `${randomBytes(16).toString("hex")}.${clean.ext}`;
    folderReady ??= mkdir(uploadsDir, { recursive: true });
    await folderReady;
    await writeFile(join(uploadsDir, name), clean.data, { flag: "wx" });
    return replaceLogo(tenant.schoolId, `${UPLOADS_PREFIX}${name}`);
  }

  /** Back to the default logo. */
  const removeLogo = (tenant: Tenant) => replaceLogo(tenant.schoolId, null);

  async function replaceLogo(schoolId: string, logo: string | null) {
    const { previous, row } = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ logo: schools.logo })
        .from(schools)
        .where(eq(schools.id, schoolId))
        .for("no key update");
      if (!current) throw new AppError("NOT_FOUND");
      return { previous: current.logo, row: await updateSchool(tx, schoolId, { logo }) };
    });
    deps.events.emit("schools.changed", { schoolId });
    await removeUpload(previous);
    return present(row!);
  }

  return { get, update, limitMb, setLogo, removeLogo };
}

export type SchoolInfoService = ReturnType<typeof createSchoolInfoService>;
