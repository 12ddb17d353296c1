import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailAttachments, emailOutbox, memberships, notifications } from "../../src/db/schema/index.ts";
import { purgeOldNotifications } from "../../src/modules/notifications/index.ts";
import { purgeOldMail } from "../../src/modules/outbox/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";

/**
 * What carries a child's name in transit — the bell's notices and the outbox's e-mails — is not kept like the
 * records themselves: a notice for a year, a sent or failed e-mail for 90 days (docs/architecture.md, retention).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const monthsAgo = (n: number) => new Date(Date.now() - n * 30.5 * 86_400_000);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe("notices and e-mails about children are not kept forever", () => {
  it("the bell forgets notices older than a year, and its count never counts what is gone", async () => {
    const teacher = await memberOf(t.app, t.db, "docente");
    const schoolId = teacher.school.id;
    const notice = (text: string, createdAt: Date) => ({
      schoolId,
      userId: teacher.user.id,
      type: "welcome",
      params: { school: text },
      createdAt,
    });
    await t.db
      .insert(notifications)
      .values([notice("Aviso viejo de Diego", monthsAgo(13)), notice("Aviso de esta semana", daysAgo(2))]);
    await t.db
      .update(memberships)
      .set({ unviewedNotificationsCount: 2 })
      .where(and(eq(memberships.schoolId, schoolId), eq(memberships.userId, teacher.user.id)));

    expect(await purgeOldNotifications(t.db)).toBeGreaterThanOrEqual(1);
    const page = (await teacher.as({ method: "GET", url: "/api/notifications" })).json().data;
    expect(JSON.stringify(page.notifications)).not.toContain("Aviso viejo de Diego");
    expect(JSON.stringify(page.notifications)).toContain("Aviso de esta semana");
    const [member] = await t.db
      .select({ unviewed: memberships.unviewedNotificationsCount })
      .from(memberships)
      .where(and(eq(memberships.schoolId, schoolId), eq(memberships.userId, teacher.user.id)));
    expect(member!.unviewed).toBe(1);
  });

  it("the outbox forgets sent and failed e-mails after 90 days, never one still waiting to go", async () => {
    const director = await memberOf(t.app, t.db, "director");
    const mail = (subject: string, status: "pending" | "sent" | "failed", at: Date) => ({
      schoolId: director.school.id,
      recipient: "familia@example.test",
      subject,
      bodyText: `${subject}: Diego Ramírez`,
      status,
      createdAt: at,
      sentAt: status === "sent" ? at : null,
      failedAt: status === "failed" ? at : null,
    });
    await t.db
      .insert(emailOutbox)
      .values([
        mail("Enviado hace cuatro meses", "sent", daysAgo(120)),
        mail("Fallido hace cuatro meses", "failed", daysAgo(120)),
        mail("Retenido desde hace cuatro meses", "pending", daysAgo(120)),
        mail("Enviado ayer", "sent", daysAgo(1)),
      ]);
    // A report's file goes with the last e-mail that carried it; today's file waits for its e-mails.
    const file = (filename: string, createdAt: Date) => ({
      schoolId: director.school.id,
      filename,
      contentType: "application/pdf",
      content: Buffer.from("%PDF-1.4 Diego Ramírez"),
      createdAt,
    });
    const [oldReport, todays] = await t.db
      .insert(emailAttachments)
      .values([file("resumen-viejo.pdf", daysAgo(120)), file("resumen-de-hoy.pdf", new Date())])
      .returning({ id: emailAttachments.id });
    await t.db
      .insert(emailOutbox)
      .values({ ...mail("Reporte de hace cuatro meses", "sent", daysAgo(120)), attachmentIds: [oldReport!.id] });
    await purgeOldMail(t.db);
    const files = await t.db
      .select({ filename: emailAttachments.filename })
      .from(emailAttachments)
      .where(eq(emailAttachments.schoolId, director.school.id));
    expect(files.map((f) => f.filename)).toEqual(["resumen-de-hoy.pdf"]);
    expect(todays).toBeDefined();
    const left = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.schoolId, director.school.id));
    expect(left.map((m) => m.subject).sort()).toEqual(["Enviado ayer", "Retenido desde hace cuatro meses"]);
  });
});
