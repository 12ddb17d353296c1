/**
 * What the benches share besides `runBench`: their settings from the environment, how they sign in, and how they
 * read percentiles off their timings. Kept apart from run.ts, which only decides how a bench process ends, because
 * helper modules that are not a bench's entry point (poll-real-use.ts) need these and not that.
 */
import type { FastifyInstance } from "fastify";
import { COLEGIO_ID } from "../apps/server/src/db/seed/colegio-demo.ts";
import { DEMO_PASSWORD } from "../apps/server/src/db/seed/demo.ts";

/** A positive number from the environment variable `name`, or `fallback` when it is unset or empty. */
export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** The same, rounded: for counts (incidents, rounds, requests), which loops and SQL need whole. */
export const positiveInteger = (name: string, fallback: number) => Math.round(positiveNumber(name, fallback));

/** A signed-in user, with everything a bench sends or checks as them. */
export interface Account {
  /** Names the user in a bench's errors and tables. */
  label: string;
  token: string;
  userId: number;
  /** Bearer token and school: what every API call as this user carries. */
  headers: Record<string, string>;
}

/** Whom to sign in as, when not one of the demo school's accounts. */
export interface SignInSchool {
  schoolId: string;
  password: string;
}

const DEMO_SCHOOL: SignInSchool = { schoolId: COLEGIO_ID, password: DEMO_PASSWORD };

/**
 * Signs in through the real POST /login. `server` is the base URL of a listening server, or the app itself
 * for benches that keep sockets out of their figures (app.inject). Throws unless it answers 200 with a token.
 */
export async function signIn(
  server: string | FastifyInstance,
  email: string,
  label = email,
  school: SignInSchool = DEMO_SCHOOL,
): Promise<Account> {
  const { status, body } = await postLogin(server, { email, password: school.password });
  const token = body.data?.access_token;
  const userId = body.data?.user?.id;
  if (status !== 200 || !token || typeof userId !== "number") {
    throw new Error(`sign-in as ${email}: ${status} ${JSON.stringify(body)}`);
  }
  return { label, token, userId, headers: { authorization: `Bearer ${token}`, "x-school-id": school.schoolId } };
}

interface LoginBody {
  data?: { access_token?: string; user?: { id?: number } };
}

async function postLogin(server: string | FastifyInstance, credentials: { email: string; password: string }) {
  if (typeof server !== "string") {
    const res = await server.inject({ method: "POST", url: "/login", payload: credentials });
    return { status: res.statusCode, body: res.json() as LoginBody };
  }
  const res = await fetch(`${server}/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  return { status: res.status, body: (await res.json()) as LoginBody };
}

/**
 * Nearest-rank percentile of `values` (any order, at least one): the smallest value with at least p % of them at
 * or below it.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The smallest value with more than p % of `values` at or below it (any order; undefined when there are none):
 * one rank above `percentile` when p % of the count is a whole number. The socket benches (fan-out, the bell
 * poll's real use) have always reported this one; it stays so their figures compare with earlier runs.
 */
export function percentileAbove(values: readonly number[], p: number): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
