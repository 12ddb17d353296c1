import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schools } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, memberOf } from "../helpers/factories.ts";
import { jpeg, png } from "../helpers/images.ts";

const MB = 1024 * 1024;
/** A file whose first bytes say PNG, padded to `bytes`. */

let t: TestApp;
let uploads: string;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), "convive-uploads-"));
  t = await createTestApp({ UPLOADS_DIR: uploads });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

const upload = (as: ReturnType<typeof client>, userId: number, type: string, body: Buffer, lang = "es") =>
  as({
    method: "POST",
    url: `/api/users/${userId}/avatar`,
    headers: { "content-type": type, "accept-language": lang },
    payload: body,
  });

describe("POST /api/users/:id/avatar", () => {
  it("stores the picture under a random name, sets image_profile and serves the file", async () => {
    const { user, as } = await memberOf(t.app, t.db, "docente");
    // Read once first: the bell poll's cached answer must not hide the new picture.
    expect((await as({ method: "GET", url: `/api/users/${user.id}` })).json().data.user.image_profile).toBeNull();
    const picture = png(2048);
    const res = await upload(as, user.id, "image/png", picture);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.user.image_profile;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(res.json().data.user.imageProfile).toBe(url);

    const me = await as({ method: "GET", url: `/api/users/${user.id}` });
    expect(me.json().data.user.image_profile).toBe(url);

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    // Re-encoded before storing: still a PNG of the same picture, without what was appended to the upload.
    expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
    expect(served.rawPayload.length).toBeLessThan(picture.length);
  });

  it("replaces the previous picture and deletes its file", async () => {
    const { user, as } = await memberOf(t.app, t.db, "docente");
    const first = (await upload(as, user.id, "image/png", png())).json().data.user.image_profile as string;
    const second = await upload(as, user.id, "image/jpeg", jpeg());
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user.image_profile).toMatch(/\.jpg$/);
    expect(readdirSync(uploads)).not.toContain(first.split("/").pop());
    expect((await t.app.inject({ method: "GET", url: first })).statusCode).toBe(404);
  });

  it("refuses a file above the school's max_file_size_in_mb with 413 and the school's figure", async () => {
    const { user, school, as } = await memberOf(t.app, t.db, "director");
    await t.db.update(schools).set({ maxFileSizeInMb: 1 }).where(eq(schools.id, school.id));
    const big = png(1.5 * MB);

    const es = await upload(as, user.id, "image/png", big);
    expect(es.statusCode).toBe(413);
    expect(es.json()).toMatchObject({ code: "FILE_TOO_LARGE", message: "Imágenes que exceden el tamaño de 1mb" });
    const en = await upload(as, user.id, "image/png", big, "en");
    expect(en.json().message).toBe("Images that exceed the size of 1mb");
    // Streamed without a Content-Length: reading stops at the first byte past the limit.
    const streamed = await as({
      method: "POST",
      url: `/api/users/${user.id}/avatar`,
      headers: { "content-type": "image/png" },
      payload: Readable.from([big.subarray(0, MB), big.subarray(MB)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().code).toBe("FILE_TOO_LARGE");

    // The same file fits once the school allows more.
    await t.db.update(schools).set({ maxFileSizeInMb: 3 }).where(eq(schools.id, school.id));
    expect((await upload(as, user.id, "image/png", big)).statusCode).toBe(200);
  });

  it("uses the 2 MB default for a root user without a school", async () => {
    const root = await createUser(t.db, { root: 1 });
    const as = client(t.app, await login(t.app, root.email));
    const res = await upload(as, root.id, "image/png", png(2 * MB + 1), "en");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Images that exceed the size of 2mb");
    expect((await upload(as, root.id, "image/png", png(2 * MB))).statusCode).toBe(200);
  });

  it("checks the type from the content, not the header: a text file sent as image/png is 422", async () => {
    const { user, as } = await memberOf(t.app, t.db, "docente");
    const text = await upload(as, user.id, "image/png", Buffer.from("hola, no soy una imagen\n"));
    expect(text.statusCode).toBe(422);
    expect(text.json().code).toBe("INVALID_IMAGE");
    // A real PNG claimed to be a JPEG is refused too.
    expect((await upload(as, user.id, "image/jpeg", png())).statusCode).toBe(422);
    expect((await upload(as, user.id, "image/png", Buffer.alloc(0))).statusCode).toBe(422);
    const me = await as({ method: "GET", url: `/api/users/${user.id}` });
    expect(me.json().data.user.image_profile).toBeNull();
  });

  it("answers 404 for another user's id, even a member of the same school", async () => {
    const a = await memberOf(t.app, t.db, "director");
    const b = await memberOf(t.app, t.db, "docente", a.school);
    const res = await upload(a.as, b.user.id, "image/png", png());
    expect(res.statusCode).toBe(404);
    const other = await b.as({ method: "GET", url: `/api/users/${b.user.id}` });
    expect(other.json().data.user.image_profile).toBeNull();
  });

  it("answers 401 without a token and never serves names that are not uploads", async () => {
    const { user } = await memberOf(t.app, t.db, "docente");
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/users/${user.id}/avatar`,
      headers: { "content-type": "image/png" },
      payload: png(),
    });
    expect(anonymous.statusCode).toBe(401);
    for (const name of ["..%2F..%2Fpackage.json", "abc.png", `${"a".repeat(32)}.svg`, `${"a".repeat(32)}.png`]) {
      expect((await t.app.inject({ method: "GET", url: `/uploads/${name}` })).statusCode).toBe(404);
    }
  });
});
