import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { createUser, memberOf, uniq } from "../helpers/factories.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";

// Issue 26 §5: a link in an e-mail opens the school's own address on the configured public origin — here a
// custom port — never the server's localhost.
let inbox: Inbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: "http://convive.test:8080", APP_DOMAIN: "convive.test" });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

describe("e-mailed links open the school's address", () => {
  it("an invitation links to the inviting school's subdomain, with the public origin's port", async () => {
    const d = await memberOf(t.app, t.db, "director");
    const email = `${uniq("nora")}@test.convive`;
    const res = await d.as({
      method: "POST",
      url: "/api/school-users",
      payload: {
        email,
        first_name: "Nora",
        paternal_surname: "Vega",
        cell_phone: "55 1",
        profile_id: d.school.profileIds.docente,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [link, ...more] = linksIn((await inbox.waitFor(email)).text);
    expect(more).toEqual([]);
    expect(link).toMatch(
      new RegExp(`^http://${d.school.id}\\.convive\\.test:8080/RecoverPassword\\?invitation=[\\w-]+&lang=es$`),
    );
  });

  it("a password reset asked on a school's address links back to it; asked elsewhere, to the platform", async () => {
    const d = await memberOf(t.app, t.db, "docente");
    const forgot = (host: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/user/forgot-password",
        headers: { host },
        payload: { email: d.user.email },
        remoteAddress: freshIp(),
      });
    expect((await forgot(`${d.school.id}.convive.test:8080`)).statusCode).toBe(200);
    const [onSchool] = linksIn((await inbox.waitFor(d.user.email)).text);
    expect(onSchool).toMatch(new RegExp(`^http://${d.school.id}\\.convive\\.test:8080/RecoverPassword/reset\\?token=`));

    // Someone who is not one of that school's people gets the platform's address, not a school they cannot enter.
    const outsider = await createUser(t.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/forgot-password",
      headers: { host: `${d.school.id}.convive.test:8080` },
      payload: { email: outsider.email },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const [onPlatform] = linksIn((await inbox.waitFor(outsider.email)).text);
    expect(onPlatform).toMatch(/^http:\/\/convive\.test:8080\/RecoverPassword\/reset\?token=/);
  });
});
