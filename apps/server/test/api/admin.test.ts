import { PROFILE_TEMPLATES } from "@convive/domain";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createSchool, createUser, login, memberOf, uniq } from "../helpers/factories.ts";

let t: TestApp;
let asRoot: ReturnType<typeof client>;
let rootId: number;

beforeAll(async () => {
  t = await createTestApp();
  const root = await createUser(t.db, { root: 1 });
  rootId = root.id;
  asRoot = client(t.app, await login(t.app, root.email));
});
afterAll(() => t.close());

const slug = () => uniq("adm");
const newUser = (extra: Record<string, unknown> = {}) => ({
  first_name: "Lucía",
  paternal_surname: "Hernández",
  maternal_surname: "Ruiz",
  email: `${uniq("nuevo")}@test.convive`,
  cell_phone: "5512345678",
  ...extra,
});

describe("schools", () => {
  it("creates a school with the six template profiles and lists it with member counts", async () => {
    const id = slug();
    const res = await asRoot({
      method: "POST",
      url: "/api/admin/schools",
      payload: { id, name: "Colegio Andes", cct: "09PPR0001A", email: "" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { school, profiles } = res.json().data;
    expect(school).toMatchObject({
      id,
      name: "Colegio Andes",
      cct: "09PPR0001A",
      email: null,
      time_zone: "America/Mexico_City",
      is_active: true,
      member_count: 0,
    });
    expect(profiles.map((p: { template_key: string }) => p.template_key).sort()).toEqual(
      PROFILE_TEMPLATES.map((p) => p.key).sort(),
    );
    expect(profiles).toHaveLength(6);

    const listed = (await asRoot({ method: "GET", url: "/api/admin/schools" })).json().data.schools;
    expect(listed.find((s: { id: string }) => s.id === id)).toMatchObject({ member_count: 0, active_member_count: 0 });
    const own = await asRoot({ method: "GET", url: `/api/admin/schools/${id}/profiles` });
    expect(own.json().data.profiles).toHaveLength(6);
  });

  it("refuses bad slugs and a missing name with 422 and field errors", async () => {
    for (const id of ["ab", "-abc", "abc-", "Abc", "a_b", "esc uno", "x".repeat(64), "www", "api", "admin", "socket"]) {
      const res = await asRoot({ method: "POST", url: "/api/admin/schools", payload: { id, name: "Escuela" } });
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toMatchObject({ code: "VALIDATION", errors: { id: expect.any(String) } });
    }
    const noName = await asRoot({ method: "POST", url: "/api/admin/schools", payload: { id: slug() } });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors).toHaveProperty("name");
    const badZone = await asRoot({
      method: "POST",
      url: "/api/admin/schools",
      payload: { id: slug(), name: "E", time_zone: "Mars/Base" },
    });
    expect(badZone.json().errors).toHaveProperty("time_zone");
  });

  it("answers 409 CONFLICT for a slug already taken", async () => {
    const { id } = await createSchool(t.db);
    const res = await asRoot({ method: "POST", url: "/api/admin/schools", payload: { id, name: "Otra" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", errors: { id: expect.any(String) } });
  });

  it("edits and deactivates a school; its members are then refused; unknown school is 404", async () => {
    const { as, school } = await memberOf(t.app, t.db, "director");
    const res = await asRoot({
      method: "PATCH",
      url: `/api/admin/schools/${school.id}`,
      payload: { name: "Nuevo nombre", is_active: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.school).toMatchObject({
      name: "Nuevo nombre",
      is_active: false,
      member_count: 1,
      active_member_count: 1,
    });
    expect((await as({ method: "GET", url: "/api/users" })).json().code).toBe("USER_DEACTIVATED");
    const missing = await asRoot({
      method: "PATCH",
      url: `/api/admin/schools/${slug()}`,
      payload: { is_active: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("access", () => {
  /** Every admin route, read from the OpenAPI document so a new route cannot skip this check. */
  async function adminRoutes(ids: { school: string; user: number; video: number }) {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const payloads: Record<string, Record<string, unknown>> = {
      "POST /api/admin/schools": { id: slug(), name: "Intrusa" },
      "PATCH /api/admin/schools/{id}": { name: "Cambiada", is_active: false },
      "POST /api/admin/users": newUser({ root: 1 }),
      "POST /api/admin/users/{id}/memberships": { school_id: ids.school, profile_id: 1 },
      "PATCH /api/admin/users/{id}": { is_active: false },
      "POST /api/admin/help-videos": {
        title: "X",
        video_url: "https://videos.convive.mx/x.mp4",
        screen_url: "/archive",
      },
      "PATCH /api/admin/help-videos/{id}": { title: "Cambiado" },
    };
    return Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => {
          const id = path.includes("/schools/") ? ids.school : path.includes("/users/") ? ids.user : ids.video;
          const key = `${m.toUpperCase()} ${path}`;
          return {
            method: m.toUpperCase() as "GET" | "POST" | "PATCH" | "DELETE",
            url: path.replace("{id}", String(id)),
            payload: payloads[key],
            key,
          };
        }),
      );
  }

  it("answers 403 ROOT_ONLY to a Director and 401 to nobody on every admin route, changing nothing", async () => {
    const { as, school, user } = await memberOf(t.app, t.db, "director");
    const video = (
      await asRoot({
        method: "POST",
        url: "/api/admin/help-videos",
        payload: { title: "V", video_url: "https://videos.convive.mx/v.mp4", screen_url: `/${slug()}` },
      })
    ).json().data.helpVideo;
    const routes = await adminRoutes({ school: school.id, user: user.id, video: video.id });
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const snapshot = async () => ({
      schools: (await asRoot({ method: "GET", url: "/api/admin/schools" }))
        .json()
        .data.schools.find((s: { id: string }) => s.id === school.id),
      user: (await asRoot({ method: "GET", url: `/api/admin/users?search=${encodeURIComponent(user.email)}` })).json()
        .data,
      videos: (await asRoot({ method: "GET", url: "/api/admin/help-videos" }))
        .json()
        .data.helpVideos.filter((v: { id: number }) => v.id === video.id),
    });
    const before = await snapshot();
    for (const { key, ...route } of routes) {
      const denied = await as(route);
      expect(denied.statusCode, key).toBe(403);
      expect(denied.json().code, key).toBe("ROOT_ONLY");
      const anonymous = await t.app.inject(route);
      expect(anonymous.statusCode, key).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect(before.user.total).toBe(1);
    expect(before.videos).toHaveLength(1);
  });

  it("makes a root on a temporary password change it first", async () => {
    const fresh = await createUser(t.db, { root: 1, passwordUpdated: 0 });
    const res = await client(t.app, await login(t.app, fresh.email))({ method: "GET", url: "/api/admin/schools" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("FORBIDDEN");
  });
});

describe("users", () => {
  it("creates a member without handing over a password: the account is invited by e-mail (issue 26 §4)", async () => {
    const school = await createSchool(t.db);
    const body = newUser({ school_id: school.id, profile_id: school.profileIds.docente });
    const res = await asRoot({ method: "POST", url: "/api/admin/users", payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const { user, invitation_sent } = res.json().data;
    expect(invitation_sent).toBe(true);
    expect(res.json().data).not.toHaveProperty("temporary_password");
    expect(user).toMatchObject({ email: body.email, root: 0, password_updated: 0, is_active: true });
    expect(user.memberships).toEqual([
      expect.objectContaining({ school_id: school.id, profile_name: "Docente", is_active: true }),
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/password_hash|passwordHash|\$argon2/);

    const listed = await asRoot({
      method: "GET",
      url: `/api/admin/users?search=${encodeURIComponent(body.email.toUpperCase())}`,
    });
    expect(listed.json().data).toMatchObject({ total: 1, users: [expect.objectContaining({ id: user.id })] });
  });

  it("keeps a given password unreturned and refuses a taken e-mail with 409 EMAIL_TAKEN", async () => {
    const body = newUser({ password: "Temporal.2026" });
    const res = await asRoot({ method: "POST", url: "/api/admin/users", payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ invitation_sent: false });
    expect(
      (await t.app.inject({ method: "POST", url: "/login", payload: { email: body.email, password: "Temporal.2026" } }))
        .statusCode,
    ).toBe(200);
    const again = await asRoot({
      method: "POST",
      url: "/api/admin/users",
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "EMAIL_TAKEN", errors: { email: expect.any(String) } });
  });

  it("refuses a profile of another school with 422 and creates nothing", async () => {
    const [a, b] = [await createSchool(t.db), await createSchool(t.db)];
    const body = newUser({ school_id: a.id, profile_id: b.profileIds.director });
    const res = await asRoot({ method: "POST", url: "/api/admin/users", payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "PROFILE_NOT_IN_SCHOOL", errors: { profile_id: expect.any(String) } });
    const listed = await asRoot({ method: "GET", url: `/api/admin/users?search=${encodeURIComponent(body.email)}` });
    expect(listed.json().data.total).toBe(0);
    const half = await asRoot({ method: "POST", url: "/api/admin/users", payload: newUser({ school_id: a.id }) });
    expect(half.json().errors).toHaveProperty("profile_id");
  });

  it("adds memberships: one per school, with that school's own profile", async () => {
    const [a, b] = [await createSchool(t.db), await createSchool(t.db)];
    const user = await createUser(t.db);
    const url = `/api/admin/users/${user.id}/memberships`;
    const added = await asRoot({
      method: "POST",
      url,
      payload: { school_id: a.id, profile_id: a.profileIds.coordinador },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.user.memberships).toEqual([
      expect.objectContaining({ school_id: a.id, profile_id: a.profileIds.coordinador }),
    ]);
    expect(
      (await asRoot({ method: "POST", url, payload: { school_id: a.id, profile_id: a.profileIds.docente } }))
        .statusCode,
    ).toBe(409);
    const foreign = await asRoot({
      method: "POST",
      url,
      payload: { school_id: b.id, profile_id: a.profileIds.docente },
    });
    expect(foreign.json().code).toBe("PROFILE_NOT_IN_SCHOOL");
    const unknownSchool = await asRoot({ method: "POST", url, payload: { school_id: slug(), profile_id: 1 } });
    expect(unknownSchool.statusCode).toBe(422);
    expect(unknownSchool.json().errors).toHaveProperty("school_id");
    expect(
      (
        await asRoot({
          method: "POST",
          url: "/api/admin/users/2147483647/memberships",
          payload: { school_id: a.id, profile_id: a.profileIds.docente },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("disabling a signed-in user makes their token answer 401 at once and ends their sessions", async () => {
    const { as, user } = await memberOf(t.app, t.db, "docente");
    expect((await as({ method: "GET", url: `/api/users/${user.id}` })).statusCode).toBe(200);
    const off = await asRoot({ method: "PATCH", url: `/api/admin/users/${user.id}`, payload: { is_active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.user.is_active).toBe(false);
    expect((await as({ method: "GET", url: `/api/users/${user.id}` })).statusCode).toBe(401);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
    // Re-enabling does not revive the ended sessions.
    await asRoot({ method: "PATCH", url: `/api/admin/users/${user.id}`, payload: { is_active: true } });
    expect((await as({ method: "GET", url: `/api/users/${user.id}` })).statusCode).toBe(401);
  });

  it("does not let the root disable their own account", async () => {
    const res = await asRoot({ method: "PATCH", url: `/api/admin/users/${rootId}`, payload: { is_active: false } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("CANNOT_DEACTIVATE_SELF");
  });

  it("pages and searches users by name", async () => {
    const tag = uniq("Apellido").replace("-", "");
    for (const first of ["Ana", "Beto", "Carla"]) {
      await asRoot({
        method: "POST",
        url: "/api/admin/users",
        payload: newUser({ first_name: first, paternal_surname: tag }),
      });
    }
    const page1 = (await asRoot({ method: "GET", url: `/api/admin/users?search=${tag}&per_page=2` })).json().data;
    expect(page1).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(page1.users.map((u: { first_name: string }) => u.first_name)).toEqual(["Ana", "Beto"]);
    const page2 = (
      await asRoot({ method: "GET", url: `/api/admin/users?search=${encodeURIComponent(`carla ${tag}`)}&page=1` })
    ).json().data;
    expect(page2.users.map((u: { first_name: string }) => u.first_name)).toEqual(["Carla"]);
    expect((await asRoot({ method: "GET", url: `/api/admin/users?search=${tag}%25` })).json().data.total).toBe(0);
  });
});

describe("help videos", () => {
  it("are created, edited and deleted by root and shown on their screen through videos-by-url", async () => {
    const screen = `/incident-details/${slug()}`;
    const created = await asRoot({
      method: "POST",
      url: "/api/admin/help-videos",
      payload: {
        title: "Cómo registrar",
        video_url: "https://videos.convive.mx/registro.mp4",
        screen_url: `${screen.toUpperCase()}/?tab=1`,
        language: "es",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json().data.helpVideo;
    expect(video.screen_url).toBe(screen);

    const { as } = await memberOf(t.app, t.db, "director");
    const shown = async () =>
      (await as({ method: "POST", url: "/api/jitscore-modules/videos-by-url", payload: { url: screen } })).json().data
        .helpVideos;
    expect(await shown()).toEqual([expect.objectContaining({ id: video.id, title: "Cómo registrar" })]);

    const edited = await asRoot({
      method: "PATCH",
      url: `/api/admin/help-videos/${video.id}`,
      payload: { title: "Registrar una incidencia" },
    });
    expect(edited.json().data.helpVideo).toMatchObject({ title: "Registrar una incidencia", screen_url: screen });
    expect((await asRoot({ method: "GET", url: "/api/admin/help-videos" })).json().data.helpVideos).toContainEqual(
      edited.json().data.helpVideo,
    );

    expect((await asRoot({ method: "DELETE", url: `/api/admin/help-videos/${video.id}` })).statusCode).toBe(200);
    expect(await shown()).toEqual([]);
    expect((await asRoot({ method: "DELETE", url: `/api/admin/help-videos/${video.id}` })).statusCode).toBe(404);
    expect(
      (await asRoot({ method: "PATCH", url: `/api/admin/help-videos/${video.id}`, payload: { title: "x" } }))
        .statusCode,
    ).toBe(404);
  });

  it("takes only videos the page's Content-Security-Policy lets play: YouTube, Vimeo or a configured origin", async () => {
    const post = (video_url: string, language = "es") =>
      asRoot({
        method: "POST",
        url: "/api/admin/help-videos",
        headers: { "accept-language": language },
        payload: { title: "Video", video_url, screen_url: `/${slug()}` },
      });
    expect((await post("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).statusCode).toBe(201);
    expect((await post("https://vimeo.com/76979871")).statusCode).toBe(201);
    const elsewhere = await post("https://evil.example/video.mp4", "en");
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.video_url).toBe(
      "That video could not play: use a link from YouTube, Vimeo, https://videos.convive.mx.",
    );
  });

  it("refuses a video URL that is not http(s), a screen that is not a path and an unknown language", async () => {
    const res = await asRoot({
      method: "POST",
      url: "/api/admin/help-videos",
      payload: { title: "Malo", video_url: "javascript:alert(1)", screen_url: "no es ruta", language: "fr" },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["language", "screen_url", "video_url"]);
  });
});
