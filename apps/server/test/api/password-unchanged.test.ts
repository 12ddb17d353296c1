import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { client, createUser, login, PASSWORD } from "../helpers/factories.ts";

// Issue 26 §6: the forced change (and the account's) must not keep the current password as the new one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string, password: string, lang: string) =>
  client(
    t.app,
    token,
  )({
    method: "POST",
    url: "/api/user/change-password",
    headers: { "x-language": lang },
    payload: { current_password: PASSWORD, password, password_confirmation: password },
  });

describe("a new password must differ from the current one", () => {
  it.each([
    ["forced change (temporary password)", 0, "es", "La nueva contraseña debe ser distinta de la actual."],
    ["account's change", 1, "en", "The new password must be different from the current one."],
  ] as const)("the %s refuses the current password, in the reader's language", async (_, updated, lang, message) => {
    const user = await createUser(t.db, { passwordUpdated: updated });
    const token = await login(t.app, user.email);
    const res = await change(token, PASSWORD, lang);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "PASSWORD_UNCHANGED", message });
    // Nothing changed: still a forced change pending, and the old password still signs in.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordUpdated).toBe(updated);
    await login(t.app, user.email);

    // A different one is taken and ends the forced change.
    expect((await change(token, "Otra.Clave.2026", lang)).statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordUpdated).toBe(1);
  });
});
