// What app.ts builds once and hands to every module plugin. A module names the few of these it uses in its
// plugin's type (`ModulePlugin<Pick<ModuleDeps, "db" | "events">>`) and reads nothing else; app.ts registers every
// module the same way with the whole context, so a module's needs read from its signature and no module depends
// on app.ts (which imports every module).
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config/config.ts";
import type { Db } from "../db/client.ts";
import type { Caches } from "../plugins/caches.ts";
import type { Background } from "./background.ts";
import type { EventBus } from "./events.ts";
import type { FileJobs } from "./file-pool.ts";
import type { JobRunner } from "./jobs.ts";
import type { Mailer } from "./mailer.ts";

export interface ModuleDeps {
  db: Db;
  config: Config;
  events: EventBus;
  mailer: Mailer;
  /** Looks inside uploads (spreadsheets, ZIPs, pictures, evidence) in worker threads, never on the event loop. */
  files: FileJobs;
  /** The identity and answer caches (plugins/caches.ts), emptied across instances by events. */
  caches: Caches;
  /** Work after the answer (e-mails); closing waits for it before the database goes. */
  background: Background;
  /** The one job runner (lib/jobs.ts): later, scheduled and retried work. A module never starts a timer of its own. */
  jobs: JobRunner;
}

/**
 * The one shape of a server module: a Fastify plugin exported by the module's index.ts, receiving `{ ctx }` with
 * the dependencies it names. Services another module provides (notifications, auth…) are named by their own
 * types, imported from that module's index.ts.
 */
export type ModulePlugin<Needs> = FastifyPluginAsync<{ ctx: Needs }>;
