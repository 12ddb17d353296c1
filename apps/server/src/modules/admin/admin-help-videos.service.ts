import {
  type AdminHelpVideo,
  type CreateHelpVideoBody,
  helpVideoSource,
  type UpdateHelpVideoBody,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { normaliseScreenUrl } from "../help-videos/index.ts";
import * as repo from "./admin.repository.ts";

const present = (v: repo.HelpVideoRow): AdminHelpVideo => ({
  id: v.id,
  title: v.title,
  video_url: v.videoUrl,
  screen_url: v.screenUrl,
  language: v.language,
  created_at: v.createdAt.toISOString(),
});

/**
 * Help videos attached to screens (spec §2 help-video-creator). The screen URL is stored in the same normal
 * form `videos-by-url` looks it up in, so a video shows on its screen however the root typed the path.
 */
export function createAdminHelpVideosService(deps: { db: Db; helpVideoOrigins: readonly string[] }) {
  const { db } = deps;

  /**
   * Only videos the page's Content-Security-Policy lets play: a YouTube or Vimeo link (embedded player) or a file
   * on one of HELP_VIDEO_ORIGINS. Anything else would be stored only to fail on every screen.
   */
  function checkPlayable(url: string | undefined) {
    if (url === undefined) return;
    const source = helpVideoSource(url);
    if (source?.kind === "embed") return;
    if (source && deps.helpVideoOrigins.includes(source.origin)) return;
    const origins = ["YouTube", "Vimeo", ...deps.helpVideoOrigins].join(", ");
    throw new AppError("VIDEO_HOST_NOT_ALLOWED", { video_url: "VIDEO_HOST_NOT_ALLOWED" }, { origins });
  }

  const list = async () => (await repo.listHelpVideos(db)).map(present);

  async function create(actorId: number, body: CreateHelpVideoBody) {
    checkPlayable(body.video_url);
    const row = await repo.insertHelpVideo(db, {
      title: body.title,
      videoUrl: body.video_url,
      screenUrl: normaliseScreenUrl(body.screen_url),
      language: body.language,
      createdBy: actorId,
    });
    return present(row);
  }

  async function update(id: number, body: UpdateHelpVideoBody) {
    checkPlayable(body.video_url);
    const patch = {
      title: body.title,
      videoUrl: body.video_url,
      screenUrl: body.screen_url === undefined ? undefined : normaliseScreenUrl(body.screen_url),
      language: body.language,
    };
    const changes = Object.values(patch).some((v) => v !== undefined);
    const row = changes ? await repo.updateHelpVideo(db, id, patch) : await repo.findHelpVideo(db, id);
    if (!row) throw new AppError("NOT_FOUND");
    return present(row);
  }

  async function remove(id: number) {
    if (!(await repo.deleteHelpVideo(db, id))) throw new AppError("NOT_FOUND");
  }

  return { list, create, update, remove };
}

export type AdminHelpVideosService = ReturnType<typeof createAdminHelpVideosService>;
