import { buildApp } from "./app.ts";
import { loadConfig } from "./config/config.ts";
import { seedDemoIfEmpty } from "./db/seed/demo.ts";

const config = loadConfig();
const app = await buildApp({ config });
if (config.DEMO_DATA) {
  const started = Date.now();
  if (await seedDemoIfEmpty(app.ctx.db, (m) => app.log.info(m))) {
    app.log.info(`demo data loaded in ${Date.now() - started} ms (password Convive.2026!)`);
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}
await app.listen({ port: config.PORT, host: config.HOST });
