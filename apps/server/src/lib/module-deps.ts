// What app.ts builds once and hands to the module plugins. Each plugin names the few of these it uses
// (`Pick<ModuleDeps, "db" | "events">`) and app.ts passes exactly those, so a module's needs read from its
// signature and no module depends on app.ts (which imports every module).
import type { Config } from "../config/config.ts";
import type { Db } from "../db/client.ts";
import type { EventBus } from "./events.ts";
import type { FileJobs } from "./file-pool.ts";
import type { Mailer } from "./mailer.ts";

export interface ModuleDeps {
  db: Db;
  config: Config;
  events: EventBus;
  mailer: Mailer;
  /** Looks inside uploads (spreadsheets, ZIPs, pictures, evidence) in worker threads, never on the event loop. */
  files: FileJobs;
}
