import { randomBytes } from "node:crypto";
import type { ProfileTemplateKey } from "@convive/domain";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { Db } from "../../src/db/client.ts";
import { memberships, users } from "../../src/db/schema/index.ts";
import { hashPassword } from "../../src/lib/passwords.ts";
import { insertSchoolWithProfiles } from "../../src/modules/schools/schools.repository.ts";

export const PASSWORD = "Prueba.2026!";
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));
export const uniq = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/** A new school of its own, so test files never share rows; profiles seeded from the templates. */
export async function createSchool(db: Db, values: { isActive?: boolean; name?: string } = {}) {
  const id = uniq("esc");
  const { profileIds } = await db.transaction((tx) =>
    insertSchoolWithProfiles(tx, { id, name: values.name ?? `Escuela ${id}`, isActive: values.isActive ?? true }),
  );
  return { id, profileIds: profileIds as Record<ProfileTemplateKey, number> };
}

export async function createUser(
  db: Db,
  values: {
    email?: string;
    root?: 0 | 1;
    passwordUpdated?: 0 | 1;
    isActive?: boolean;
    language?: "es" | "en";
    firstName?: string;
  } = {},
) {
  const email = values.email ?? `${uniq("u")}@test.convive`;
  const [row] = await db
    .insert(users)
    .values({
      firstName: values.firstName ?? "Ana",
      paternalSurname: "Prueba",
      maternalSurname: "López",
      email,
      passwordHash: await hashed(),
      root: values.root ?? 0,
      passwordUpdated: values.passwordUpdated ?? 1,
      isActive: values.isActive ?? true,
      language: values.language ?? "es",
    })
    .returning();
  return row!;
}

export async function addMember(db: Db, schoolId: string, userId: number, profileId: number | null, isActive = true) {
  await db.insert(memberships).values({ schoolId, userId, profileId, isActive });
}

/** A school with a member of the given template, signed in. */
export async function memberOf(
  app: FastifyInstance,
  db: Db,
  template: ProfileTemplateKey,
  school?: Awaited<ReturnType<typeof createSchool>>,
) {
  const s = school ?? (await createSchool(db));
  const user = await createUser(db);
  await addMember(db, s.id, user.id, s.profileIds[template]);
  const token = await login(app, user.email);
  return { school: s, user, token, as: client(app, token, s.id) };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  ip = "10.0.0.1",
): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/login", payload: { email, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token as string;
}

/** Calls the app as a bearer of `token` in `schoolId` (X-School-Id), like the web client does. */
export function client(app: FastifyInstance, token: string, schoolId?: string) {
  return (options: InjectOptions & { url: string }) =>
    app.inject({
      ...options,
      headers: {
        authorization: `Bearer ${token}`,
        ...(schoolId ? { "x-school-id": schoolId } : {}),
        ...(options.headers ?? {}),
      },
    });
}
