import type { Config } from "../config/config.ts";

/**
 * The one place an e-mailed link is built (issue 26 §5). A school's people open its own address — its subdomain on
 * the configured public origin, `<school>.<APP_DOMAIN>` with PUBLIC_URL's scheme, port and path prefix — because
 * that host is what names the school to the server (plugins/tenancy.ts) and carries its branding; a link to the bare
 * origin would open a sign-in that knows no school, and `localhost:3000` opens nothing on the reader's machine.
 * Mail that concerns no one school (an account's password, for someone in several) uses the platform's address.
 */

type LinkConfig = Pick<Config, "PUBLIC_URL" | "APP_DOMAIN">;
type Params = Record<string, string | number | null | undefined>;

/** `https://colegio.convive.mx/RecoverPassword?invitation=…`: the school's subdomain on the public origin. */
export function schoolLink(config: LinkConfig, schoolId: string, path: string, params?: Params): string {
  const url = new URL(config.PUBLIC_URL);
  url.hostname = `${schoolId.toLowerCase()}.${config.APP_DOMAIN.toLowerCase()}`;
  return withPath(url, path, params);
}

/** The platform's own address (PUBLIC_URL), for mail that belongs to no school. */
export function platformLink(config: LinkConfig, path: string, params?: Params): string {
  return withPath(new URL(config.PUBLIC_URL), path, params);
}

/** Appends the app's path (which may carry its own query) to PUBLIC_URL's path prefix, then the parameters. */
function withPath(url: URL, path: string, params: Params | undefined): string {
  const [pathname = "", query] = path.split("?", 2);
  const prefix = url.pathname.replace(/\/+$/, "");
  url.pathname = `${prefix}/${pathname.replace(/^\/+/, "")}`;
  url.search = query ?? "";
  url.hash = "";
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.append(key, String(value));
  }
  return url.toString();
}
