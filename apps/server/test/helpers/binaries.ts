import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Where system daemons live on Debian, searched after PATH (a non-root shell often lacks /usr/sbin). */
const SEARCH = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"].filter(Boolean);

/** The path of an installed executable (redis-server, pgbouncer, haproxy…), or undefined. */
export function findBinary(name: string): string | undefined {
  return SEARCH.map((dir) => join(dir, name)).find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
