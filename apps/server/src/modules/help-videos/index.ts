// The help-videos module's public surface: the plugin app.ts registers (the videos for a screen) and how a screen
// URL is stored and compared (admin edits the videos).
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { helpVideosRoutes } from "./help-videos.routes.ts";

export { normaliseScreenUrl } from "./screen-url.ts";

export const helpVideosModule: ModulePlugin<Pick<ModuleDeps, "db">> = async (app, { ctx }) => {
  await app.register(helpVideosRoutes, { db: ctx.db });
};
