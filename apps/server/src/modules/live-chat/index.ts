// The live-chat module: the platform's chat widget settings for the signed-in header. Public surface: its plugin.
import { liveChatOf } from "../../config/config.ts";
import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { liveChatRoutes } from "./live-chat.routes.ts";

export const liveChatModule: ModulePlugin<Pick<ModuleDeps, "config">> = async (app, { ctx }) => {
  await app.register(liveChatRoutes, { liveChat: liveChatOf(ctx.config) });
};
