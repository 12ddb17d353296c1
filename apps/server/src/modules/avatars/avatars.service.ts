import { randomBytes } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { FileJobs } from "../../lib/file-pool.ts";
import { IMAGE_TYPES, type ImageType, sniffImageType } from "../../lib/files/image-type.ts";
import { type PRIVATE_UPLOADS_FOLDER, schoolUploadLimitMb, UPLOAD_NAME, UPLOADS_PREFIX } from "../../lib/uploads.ts";
import type { Principal, Tenant } from "../../plugins/access.ts";
import type { UsersService } from "../users/index.ts";
import { findUserById, updateUserRow } from "../users/index.ts";

const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type])) as Record<
  string,
  ImageType
>;

/**
 * Profile pictures: stored under UPLOADS_DIR with an unguessable name and served at /uploads/<name>,
 * re-encoded in a file worker once their type is confirmed.
 */
export function createAvatarsService(deps: {
  db: Db;
  uploadsDir: string;
  users: Pick<UsersService, "userPayload">;
  events: EventBus;
  files: Pick<FileJobs, "reencodeImage">;
}) {
  const { db, uploadsDir } = deps;
  let folderReady: Promise<unknown> | undefined;

  const limitMb = (schoolId: string | null) => schoolUploadLimitMb(db, schoolId);

  /** Replaces the caller's own avatar; another user's id is 404 whoever asks. */
  async function save(principal: Principal, tenant: Tenant | null, userId: number, declared: string, data: Buffer) {
    if (userId !== principal.userId) throw new AppError("NOT_FOUND");
    const actual = sniffImageType(data);
    if (!actual || actual !== declared) throw new AppError("INVALID_IMAGE", { image: "INVALID_IMAGE" });
    // Re-encoded: metadata (GPS position, camera) never reaches storage.
    const clean = await deps.files.reencodeImage(data);
    const name = `${randomBytes(16).toString("hex")}.${clean.ext}`;
    folderReady ??= mkdir(uploadsDir, { recursive: true });
    await folderReady;
    await writeFile(join(uploadsDir, name), clean.data, { flag: "wx" });
    const previous = (await findUserById(db, userId))?.imageProfile;
    await updateUserRow(db, userId, { imageProfile: `${UPLOADS_PREFIX}${name}` });
    // Drops the cached GET api/users/{id} answers (the bell poll) so the new picture shows at once.
    deps.events.emit("users.changed", { userId });
    await removeUpload(previous);
    return deps.users.userPayload(userId, tenant);
  }

  /** Deletes a replaced picture when it is one of ours; a seed or external URL is left alone. */
  async function removeUpload(url: string | null | undefined) {
    const name = url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null;
    if (name && UPLOAD_NAME.test(name)) await unlink(join(uploadsDir, name)).catch(() => undefined);
  }

  /** A stored upload with its content type, or null when the name is not one of ours or is gone. */
  async function read(
    name: string,
    folder: "" | typeof PRIVATE_UPLOADS_FOLDER = "",
  ): Promise<{ type: ImageType; data: Buffer } | null> {
    const match = UPLOAD_NAME.exec(name);
    if (!match) return null;
    const data = await readFile(join(uploadsDir, folder, name)).catch(() => null);
    return data ? { type: TYPE_OF_EXTENSION[match[1]!]!, data } : null;
  }

  return { limitMb, save, read };
}

export type AvatarsService = ReturnType<typeof createAvatarsService>;
