import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.ts";

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The school a request names: the subdomain of `<school>.<APP_DOMAIN>`, else the `X-School-Id` header.
 * Never the body. When both name a school they must agree.
 */
export function resolveSchoolId(request: FastifyRequest, appDomain: string): string | null {
  const fromHost = subdomainOf(request.hostname, appDomain);
  const header = request.headers["x-school-id"];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() || null;
  if (fromHost && fromHeader && fromHost !== fromHeader) throw new AppError("NOT_FOUND");
  const id = fromHost ?? fromHeader;
  if (id !== null && !SLUG.test(id)) throw new AppError("NOT_FOUND");
  return id;
}

export function subdomainOf(hostname: string, appDomain: string): string | null {
  const host = hostname.replace(/:\d+$/, "").toLowerCase();
  const suffix = `.${appDomain.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const sub = host.slice(0, -suffix.length);
  return sub && !sub.includes(".") && sub !== "www" && sub !== "api" ? sub : null;
}
