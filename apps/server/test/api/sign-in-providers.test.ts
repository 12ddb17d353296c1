import { randomBytes } from "node:crypto";
import { AUTH_CODES, authCodeOf, authFailureMessage, isAuthFailure } from "@convive/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInProviders, users } from "../../src/db/schema/index.ts";
import { REQUEST_LIMITS } from "../../src/modules/auth/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { addMember, client, createSchool, createUser, login, memberOf } from "../helpers/factories.ts";
import {
  callbackOf,
  cookieOf,
  hostOf,
  type LocalProvider,
  providerSignIn,
  spawnProvider,
  startLocalProvider,
} from "../helpers/oidc.ts";

/**
 * Issue 32 §1: OpenID Connect sign-in per school, end to end against a real provider run here (oidc-provider, the
 * same one `npm run dev:oidc` runs): the platform administrator configures it, a member signs in through it
 * (authorization code + PKCE, state, nonce) and gets the own sign-in's session, limited to that school; every
 * refusal the issue lists comes back to the sign-in page as a code of the spec §8 catalogue. Nobody is created and
 * nobody of another school is matched.
 */
let t: TestApp;
let idp: LocalProvider;
type School = Awaited<ReturnType<typeof createSchool>>;
let a: School;
let b: School;
let root: ReturnType<typeof client>;
const SECRET = "a-secret-only-the-school-knows";
const emailOf = (name: string) => `${name}-${randomBytes(3).toString("hex")}@andes.edu.mx`;
const people = {
  teacher: emailOf("docente"),
  unverified: emailOf("sinverificar"),
  stranger: emailOf("nadie"),
  disabled: emailOf("baja"),
  leftSchool: emailOf("salio"),
  otherSchool: emailOf("norte"),
  root: emailOf("root"),
  wrongDomain: `docente-${randomBytes(3).toString("hex")}@gmail.com`,
};
const accounts = [
  { sub: "teacher", email: people.teacher, email_verified: true, name: "Laura", tid: "tenant-andes" },
  { sub: "unverified", email: people.unverified, email_verified: false, name: "Sin verificar" },
  { sub: "stranger", email: people.stranger, email_verified: true, name: "Nadie" },
  { sub: "disabled", email: people.disabled, email_verified: true, name: "Baja" },
  { sub: "left", email: people.leftSchool, email_verified: true, name: "Salió" },
  { sub: "other", email: people.otherSchool, email_verified: true, name: "Norte" },
  { sub: "root", email: people.root, email_verified: true, name: "Root" },
  { sub: "outsider", email: people.wrongDomain, email_verified: true, name: "Gmail", tid: "tenant-other" },
];
const clientOf = (school: School, extra: object = {}) => ({
  client_id: `convive-${school.id}`,
  client_secret: SECRET,
  redirect_uris: [callbackOf(school.id)],
  ...extra,
});
const configure = (school: School, issuer: string, extra: object = {}) =>
  root({
    method: "PUT",
    url: `/api/admin/schools/${school.id}/sign-in-provider`,
    payload: {
      label: "Google",
      issuer,
      client_id: `convive-${school.id}`,
      client_secret: SECRET,
      allowed_domains: [],
      tenant_id: null,
      password_sign_in: true,
      enabled: true,
      director_may_edit: false,
      ...extra,
    },
  });
/** The code the sign-in page was sent back with; the page shows it as a §8 client code's message (es and en). */
function errorOf(landing: string) {
  const code = new URL(landing, "http://x").searchParams.get("oidc_error");
  expect(code && isAuthFailure(code), `${landing} names a failure of the §8 catalogue`).toBe(true);
  expect(Object.keys(AUTH_CODES)).toContain(authCodeOf({ status: 400, code: code! }));
  expect(authFailureMessage({ status: 400, code: code! }, "es")).not.toBe(
    authFailureMessage({ status: 400, code: code! }, "en"),
  );
  return code;
}
/** Accounts holding one of the provider's e-mails: other test files create users in the same database at the same time. */
const countUsers = async () =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            accounts.map((account) => account.email.toLowerCase()),
          ),
        )
    )[0]!.n,
  );

let teacherId: number;

beforeAll(async () => {
  t = await createTestApp({
    SECRETS_KEY: randomBytes(32).toString("base64"),
    OIDC_ALLOW_HTTP_ISSUERS: true,
  });
  a = await createSchool(t.db, { name: "Colegio Andes" });
  b = await createSchool(t.db, { name: "Instituto Norte" });
  idp = await startLocalProvider({ clients: [clientOf(a), clientOf(b)], accounts });
  const admin = await createUser(t.db, { email: people.root, root: 1 });
  root = client(t.app, await login(t.app, admin.email));
  const teacher = await createUser(t.db, { email: people.teacher });
  teacherId = teacher.id;
  await addMember(t.db, a.id, teacher.id, a.profileIds.docente);
  await addMember(t.db, b.id, teacher.id, b.profileIds.docente);
  await addMember(t.db, a.id, (await createUser(t.db, { email: people.unverified })).id, a.profileIds.docente);
  await addMember(
    t.db,
    a.id,
    (await createUser(t.db, { email: people.disabled, isActive: false })).id,
    a.profileIds.docente,
  );
  await addMember(t.db, a.id, (await createUser(t.db, { email: people.leftSchool })).id, a.profileIds.docente, false);
  await addMember(t.db, b.id, (await createUser(t.db, { email: people.otherSchool })).id, b.profileIds.director);
  await addMember(t.db, a.id, (await createUser(t.db, { email: people.wrongDomain })).id, a.profileIds.docente);
  expect((await configure(a, idp.issuer)).statusCode).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe("configuring a school's provider", () => {
  it("keeps the client secret sealed and never answers it; shows the redirect URI to register", async () => {
    const res = await root({ method: "GET", url: `/api/admin/schools/${a.id}/sign-in-provider` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.json().data).toMatchObject({
      provider: { label: "Google", issuer: idp.issuer, has_client_secret: true, password_sign_in: true },
      redirect_uri: callbackOf(a.id),
    });
    const [row] = await t.db.select().from(signInProviders).where(eq(signInProviders.schoolId, a.id));
    expect(row!.clientSecretSealed).not.toContain(SECRET);
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
  });

  it("refuses what cannot work, with a translated reason, and changes nothing", async () => {
    const c = await createSchool(t.db);
    const noSecret = await configure(c, idp.issuer, { client_secret: "" });
    expect(noSecret.statusCode).toBe(422);
    expect(noSecret.json().errors.client_secret).toBe("Escribe el secreto del cliente que te dio el proveedor.");
    const nowhere = await root({
      method: "PUT",
      url: `/api/admin/schools/${c.id}/sign-in-provider`,
      headers: { "accept-language": "en" },
      payload: {
        ...(await configure(a, idp.issuer)).json().data.provider,
        issuer: "http://127.0.0.1:9",
        client_secret: "x",
      },
    });
    expect(nowhere.statusCode).toBe(422);
    const domain = await configure(c, idp.issuer, { allowed_domains: ["@andes.edu.mx"] });
    expect(domain.statusCode).toBe(422);
    expect(Object.values(domain.json().errors)).toContain("Escribe dominios de correo como colegio.edu.mx, sin @.");
    expect(
      (await root({ method: "GET", url: `/api/admin/schools/${c.id}/sign-in-provider` })).json().data.provider,
    ).toBe(null);
    expect((await configure({ ...c, id: "no-such-school" }, idp.issuer)).statusCode).toBe(404);
  });

  it("lets the school's Director change it only where the platform administrator allows it", async () => {
    const director = await memberOf(t.app, t.db, "director", a);
    const body = { ...(await director.as({ method: "GET", url: "/api/sign-in-provider" })).json().data.provider };
    const { has_client_secret: _h, updated_at: _u, director_may_edit: _d, ...change } = body;
    const refused = await director.as({
      method: "PUT",
      url: "/api/sign-in-provider",
      payload: { ...change, label: "Microsoft" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("SIGN_IN_PROVIDER_NOT_DELEGATED");
    expect((await configure(a, idp.issuer, { director_may_edit: true })).statusCode).toBe(200);
    const allowed = await director.as({
      method: "PUT",
      url: "/api/sign-in-provider",
      payload: { ...change, label: "Microsoft" },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.provider).toMatchObject({ label: "Microsoft", director_may_edit: true });
    // The delegation is the administrator's alone; another school's Director reads nothing of this one.
    const own = await director.as({
      method: "PUT",
      url: "/api/sign-in-provider",
      payload: { ...change, director_may_edit: false },
    });
    expect(own.statusCode).toBe(422);
    const intruder = await memberOf(t.app, t.db, "director", b);
    const other = await client(t.app, intruder.token, a.id)({ method: "GET", url: "/api/sign-in-provider" });
    expect(other.statusCode).toBe(404);
    expect((await configure(a, idp.issuer)).statusCode).toBe(200);
  });
});

describe("signing in through the provider", () => {
  it("shows the provider's button on the school's address only", async () => {
    const on = await t.app.inject({ method: "GET", url: "/api/auth/oidc/options", headers: { host: hostOf(a.id) } });
    expect(on.json().data).toEqual({ provider: { label: "Google" }, password_sign_in: true });
    const bare = await t.app.inject({
      method: "GET",
      url: "/api/auth/oidc/options",
      headers: { host: "localhost:3000" },
    });
    expect(bare.json().data).toEqual({ provider: null, password_sign_in: true });
  });

  it("signs a member in with the own sign-in's session, limited to that school", async () => {
    const before = await countUsers();
    const { landing, complete } = await providerSignIn(t.app, a.id, "teacher");
    expect(landing).toBe("/?oidc=complete");
    expect(complete!.statusCode).toBe(200);
    const body = complete!.json().data;
    expect(body).toMatchObject({ token_type: "Bearer", user: { id: teacherId, schools: [{ id: a.id }] } });
    expect(cookieOf(complete!, "convive_refresh")).toBeTruthy();
    // Spec §4: in the school it lands on the role's view, and is asked for the privacy notice first.
    const me = await client(t.app, body.access_token, a.id)({ method: "GET", url: `/api/users/${teacherId}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({ roles: [{ name: "Docente" }], privacy_notice_viewed: 0 });
    // Its school switcher offers this school alone, on every later read of the user too.
    expect(me.json().data.user.schools.map((s: { id: string }) => s.id)).toEqual([a.id]);
    // The teacher is in Instituto Norte too: this session does not reach it; the password one does.
    const elsewhere = await client(t.app, body.access_token, b.id)({ method: "GET", url: `/api/users/${teacherId}` });
    expect(elsewhere.statusCode).toBe(404);
    const password = await login(t.app, people.teacher);
    const viaPassword = await client(t.app, password, b.id)({ method: "GET", url: `/api/users/${teacherId}` });
    expect(viaPassword.statusCode).toBe(200);
    expect(
      viaPassword
        .json()
        .data.user.schools.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    // The §4 lifecycle: the refresh rotates the pair and keeps the session's school.
    const xsrf = "abcdefghijklmnopqrstuv";
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { convive_refresh: cookieOf(complete!, "convive_refresh")!, "XSRF-TOKEN": xsrf },
      headers: { "x-xsrf-token": xsrf },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().data.access_token;
    expect((await client(t.app, next, b.id)({ method: "GET", url: `/api/users/${teacherId}` })).statusCode).toBe(404);
    expect(await countUsers()).toBe(before);
  });

  it("refuses an e-mail the provider has not verified", async () => {
    expect(errorOf((await providerSignIn(t.app, a.id, "unverified")).landing)).toBe("OIDC_EMAIL_UNVERIFIED");
  });

  it("creates nobody and matches nobody of another school (nor the platform administrator)", async () => {
    const before = await countUsers();
    expect(errorOf((await providerSignIn(t.app, a.id, "stranger")).landing)).toBe("OIDC_UNKNOWN_USER");
    expect(errorOf((await providerSignIn(t.app, a.id, "other")).landing)).toBe("OIDC_UNKNOWN_USER");
    expect(errorOf((await providerSignIn(t.app, a.id, "root")).landing)).toBe("OIDC_UNKNOWN_USER");
    expect(await countUsers()).toBe(before);
  });

  it("refuses a disabled user and a member the school deactivated: 'Usuario desactivado'", async () => {
    expect(errorOf((await providerSignIn(t.app, a.id, "disabled")).landing)).toBe("USER_DEACTIVATED");
    expect(errorOf((await providerSignIn(t.app, a.id, "left")).landing)).toBe("USER_DEACTIVATED");
  });

  it("refuses an e-mail domain the school does not allow, and another tenant", async () => {
    expect((await configure(a, idp.issuer, { allowed_domains: ["andes.edu.mx"] })).statusCode).toBe(200);
    expect(errorOf((await providerSignIn(t.app, a.id, "outsider")).landing)).toBe("OIDC_DOMAIN_NOT_ALLOWED");
    expect((await providerSignIn(t.app, a.id, "teacher")).landing).toBe("/?oidc=complete");
    expect((await configure(a, idp.issuer, { tenant_id: "tenant-andes" })).statusCode).toBe(200);
    expect(errorOf((await providerSignIn(t.app, a.id, "outsider")).landing)).toBe("OIDC_TENANT_MISMATCH");
    expect((await providerSignIn(t.app, a.id, "teacher")).landing).toBe("/?oidc=complete");
    expect((await configure(a, idp.issuer)).statusCode).toBe(200);
  });

  it("refuses a tampered state, a tampered nonce, another browser's answer and a replay", async () => {
    const state = await providerSignIn(t.app, a.id, "teacher", {
      back: (url) => url.searchParams.set("state", "forged-state"),
    });
    expect(errorOf(state.landing)).toBe("OIDC_STATE_MISMATCH");
    const nonce = await providerSignIn(t.app, a.id, "teacher", {
      there: (url) => url.searchParams.set("nonce", "forged-nonce"),
    });
    expect(errorOf(nonce.landing)).toBe("OIDC_TOKEN_INVALID");
    const otherBrowser = await providerSignIn(t.app, a.id, "teacher", { flowCookie: () => "someone-elses" });
    expect(errorOf(otherBrowser.landing)).toBe("OIDC_FLOW_EXPIRED");
    // The same answer delivered twice: the sign-in it belonged to is spent.
    let answer: URL | undefined;
    await providerSignIn(t.app, a.id, "teacher", {
      back: (url) => {
        answer = new URL(url);
      },
    });
    const replay = await t.app.inject({
      method: "GET",
      url: `${answer!.pathname}${answer!.search}`,
      headers: { host: answer!.host },
    });
    expect(errorOf(replay.headers.location as string)).toBe("OIDC_FLOW_EXPIRED");
  });

  it("refuses a code that was already spent (revoked at its first use) and a sign-in the person cancelled", async () => {
    let spent: URL | undefined;
    const first = await providerSignIn(t.app, a.id, "teacher", {
      back: (url) => {
        spent = new URL(url);
      },
    });
    expect(first.landing).toBe("/?oidc=complete");
    // A new sign-in of this browser handed the first one's code (an attacker replaying it): the provider refuses.
    const again = await providerSignIn(t.app, a.id, "teacher", {
      back: (url) => url.searchParams.set("code", spent!.searchParams.get("code")!),
    });
    expect(errorOf(again.landing)).toBe("OIDC_CODE_REJECTED");
    expect(errorOf((await providerSignIn(t.app, a.id, { cancel: true })).landing)).toBe("OIDC_DENIED");
  });

  it("ends the provider's session like any other: a disabled user's refresh and token are refused (spec §4)", async () => {
    const email = emailOf("pronto-baja");
    const user = await createUser(t.db, { email });
    await addMember(t.db, a.id, user.id, a.profileIds.docente);
    const local = await startLocalProvider({
      clients: [clientOf(a, { client_id: `convive-${a.id}-2` })],
      accounts: [{ sub: "soon", email, email_verified: true, name: "Pronto" }],
    });
    try {
      expect((await configure(a, local.issuer, { client_id: `convive-${a.id}-2` })).statusCode).toBe(200);
      const { complete } = await providerSignIn(t.app, a.id, "soon");
      const token = complete!.json().data.access_token;
      const off = await root({ method: "PATCH", url: `/api/admin/users/${user.id}`, payload: { is_active: false } });
      expect(off.statusCode, off.body).toBe(200);
      const me = await client(t.app, token, a.id)({ method: "GET", url: `/api/users/${user.id}` });
      expect(me.statusCode).toBe(401);
      const xsrf = "abcdefghijklmnopqrstuv";
      const refresh = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh",
        cookies: { convive_refresh: cookieOf(complete!, "convive_refresh")!, "XSRF-TOKEN": xsrf },
        headers: { "x-xsrf-token": xsrf },
      });
      expect(refresh.statusCode).toBe(401);
      expect(authCodeOf({ status: 401, code: refresh.json().code })).toBe("user-token-expired");
    } finally {
      await local.close();
      expect((await configure(a, idp.issuer)).statusCode).toBe(200);
    }
  });

  it("refuses a stranger looping on the provider button past the address's limit, with the catalogue's code", async () => {
    const startFrom = (remoteAddress: string) =>
      t.app.inject({ method: "GET", url: "/api/auth/oidc/start", headers: { host: hostOf(a.id) }, remoteAddress });
    const loop = "203.0.113.77";
    // Each start keeps a flow row: a school behind one address may start 300 in a quarter hour (limits.ts).
    for (let i = 0; i < REQUEST_LIMITS.oidcStartPerAddress; i++) {
      const went = await startFrom(loop);
      expect(new URL(went.headers.location as string).origin).toBe(new URL(idp.issuer).origin);
    }
    const refused = await startFrom(loop);
    expect(errorOf(refused.headers.location as string)).toBe("TOO_MANY_REQUESTS");
    // Another address (another school's network) is not held back by it.
    const other = await startFrom("203.0.113.78");
    expect(new URL(other.headers.location as string).origin).toBe(new URL(idp.issuer).origin);
  });

  it("keeps a password-only school's members out of password sessions when it turns the password off", async () => {
    expect((await configure(a, idp.issuer, { password_sign_in: false })).statusCode).toBe(200);
    const options = await t.app.inject({
      method: "GET",
      url: "/api/auth/oidc/options",
      headers: { host: hostOf(a.id) },
    });
    expect(options.json().data).toEqual({ provider: { label: "Google" }, password_sign_in: false });
    const password = await login(t.app, people.teacher);
    const refused = await client(t.app, password, a.id)({ method: "GET", url: `/api/users/${teacherId}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("PASSWORD_SIGN_IN_OFF");
    // The same password session still enters the teacher's other school; the provider's enters this one.
    const viaPassword = await client(t.app, password, b.id)({ method: "GET", url: `/api/users/${teacherId}` });
    expect(viaPassword.statusCode).toBe(200);
    expect(
      viaPassword
        .json()
        .data.user.schools.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const { complete } = await providerSignIn(t.app, a.id, "teacher");
    const via = await client(
      t.app,
      complete!.json().data.access_token,
      a.id,
    )({ method: "GET", url: `/api/users/${teacherId}` });
    expect(via.statusCode).toBe(200);
    expect((await configure(a, idp.issuer)).statusCode).toBe(200);
  });
});

describe("a provider out of step or out of reach", () => {
  let skewed: Awaited<ReturnType<typeof spawnProvider>>;
  let c: School;
  let d: School;
  const email = emailOf("reloj");

  beforeAll(async () => {
    c = await createSchool(t.db);
    d = await createSchool(t.db);
    const user = await createUser(t.db, { email });
    await addMember(t.db, c.id, user.id, c.profileIds.docente);
    await addMember(t.db, d.id, user.id, d.profileIds.docente);
    // Its clock runs 100 s behind ours. Tokens of 90 s end 10 s before our now (within openid-client's 30 s
    // tolerance); tokens of 30 s ended 70 s before it.
    skewed = await spawnProvider(
      {
        clients: [clientOf(c, { id_token_seconds: 90 }), clientOf(d, { id_token_seconds: 30 })],
        accounts: [{ sub: "clock", email, email_verified: true, name: "Reloj" }],
      },
      -100,
    );
    expect((await configure(c, skewed.issuer)).statusCode).toBe(200);
    expect((await configure(d, skewed.issuer)).statusCode).toBe(200);
  }, 60_000);
  afterAll(() => skewed?.kill());

  it("tolerates a small clock skew and refuses a token that arrives expired", async () => {
    expect((await providerSignIn(t.app, c.id, "clock")).landing).toBe("/?oidc=complete");
    expect(errorOf((await providerSignIn(t.app, d.id, "clock")).landing)).toBe("OIDC_TOKEN_EXPIRED");
  });

  it("says the provider is down, and the password sign-in still works", async () => {
    await skewed.kill();
    expect(errorOf((await providerSignIn(t.app, c.id, "clock")).landing)).toBe("OIDC_PROVIDER_UNAVAILABLE");
    const password = await login(t.app, email);
    const me = await client(t.app, password, c.id)({ method: "GET", url: "/api/school_years/percentage-completed" });
    expect([200, 403]).toContain(me.statusCode);
    const own = await t.app.inject({
      method: "GET",
      url: "/api/schoolInformation",
      headers: { authorization: `Bearer ${password}`, host: hostOf(c.id) },
    });
    expect(own.statusCode).toBe(200);
  });
});
