import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config/config.ts";
import { seedDemoIfEmpty } from "./db/seed/demo.ts";

const config = loadConfig();
const app = await buildApp({ config });

// A promise some library started and nobody awaited (a Redis publish cut by a restart) must not end every
// school's session: log it and keep serving. An uncaught exception leaves the process in an unknown state, so
// that one shuts down gracefully below (exit code 1; the supervisor starts a fresh process).
process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled promise rejection"));

// SIGTERM/SIGINT: stop accepting, let in-flight calls finish (new ones get 503), close the sockets, then Redis and
// the database pool (Fastify's preClose/onClose hooks, in that order), and exit 0 — or exit 1 after the grace period.
// close-with-grace is the Fastify team's small library for exactly this: it also handles the second signal
// (exit at once) and the time limit, which hand-written handlers tend to get wrong.
closeWithGrace(
  {
    delay: config.SHUTDOWN_GRACE_SECONDS * 1000,
    logger: { error: (message: unknown) => app.log.error(message) },
    skip: ["unhandledRejection"],
  },
  async ({ signal, err }) => {
    if (err) app.log.fatal({ err }, "uncaught exception: shutting down");
    else app.log.info(`${signal ?? "exit"}: finishing in-flight calls, then closing`);
    await app.close();
    app.log.info("closed");
  },
);

if (config.DEMO_DATA) {
  const started = Date.now();
  if (await seedDemoIfEmpty(app.ctx.db, (m) => app.log.info(m))) {
    app.log.info(`demo data loaded in ${Date.now() - started} ms (password Convive.2026!)`);
  }
}
await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
