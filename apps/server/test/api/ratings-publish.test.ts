import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notifications } from "../../src/db/schema/index.ts";
import { insertStarterGradeSetup, ratingSetup } from "../../src/modules/grade-config/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { type Inbox, startInbox } from "../helpers/inbox.ts";
import { type IncidentSchool, incidentSchool } from "../helpers/incidents.ts";
import { passPublishWindow } from "../helpers/publish.ts";

/**
 * Issue 26 §1, publishing grades safely: per group, a preview that counts the missing grades and shows what a
 * family will see, a publish that refuses missing grades unless confirmed, families told only after the unpublish
 * window (never when unpublished within it), unpublishing refused after it, another school's period or group 404.
 */

let t: TestApp;
let smtp: Inbox;

beforeAll(async () => {
  smtp = await startInbox();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type As = IncidentSchool["director"]["as"];

async function prepared() {
  const s = await incidentSchool(t.app, t.db);
  await insertStarterGradeSetup(t.db, s.school.id, s.director.user.id);
  const setup = await ratingSetup(t.db, s.school.id);
  return { ...s, measures: setup.measures.filter((m) => m.is_active) };
}
type School = Awaited<ReturnType<typeof prepared>>;

const rate = (s: School, studentId: number, measureId: number, value: string) =>
  s.director.as({
    method: "PUT",
    url: "/api/ratings/cells",
    payload: { student_id: studentId, period_id: s.period.id, measure_id: measureId, value },
  });
/** Every active measure of the student rated (conduct 9, habits on levels "A"). */
async function rateAll(s: School, studentId: number) {
  for (const m of s.measures) {
    const res = await rate(s, studentId, m.id, m.kind === "conduct" ? "9" : "A");
    expect(res.statusCode, res.body).toBe(200);
  }
}
const publish = (as: As, s: School, groupIds: number[], confirmEmpty?: boolean) =>
  as({
    method: "POST",
    url: `/api/ratings/periods/${s.period.id}/publish`,
    payload: { group_ids: groupIds, ...(confirmEmpty === undefined ? {} : { confirmEmpty }) },
  });
const unpublish = (as: As, s: School, groupIds: number[]) =>
  as({ method: "POST", url: `/api/ratings/periods/${s.period.id}/unpublish`, payload: { group_ids: groupIds } });
const familyPeriods = async (as: As) => {
  const res = await as({ method: "GET", url: "/api/ratings/family" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.children[0].periods as { period: { id: number } }[];
};
const toldAbout = async (s: School) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.schoolId, s.school.id), eq(notifications.type, "ratings.published.family")));
const mailsTo = (emails: string[]) => t.db.select().from(emailOutbox).where(inArray(emailOutbox.recipient, emails));

describe("publishing grades per group", () => {
  it("previews each group with its missing grades and what a family will see", async () => {
    const s = await prepared();
    // Alan comes first in the class list (Alan, Ana): the sample a family's view is shown for.
    await rate(s, s.a2.id, s.measures.find((m) => m.kind === "conduct")!.id, "9");
    const res = await s.director.as({
      method: "GET",
      url: `/api/ratings/periods/${s.period.id}/publication?group_ids=${s.groupA.id}`,
      headers: { "x-language": "es" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [group, ...rest] = res.json().data.preview.groups;
    expect(rest).toEqual([]);
    // Two students (Ana, Alan) × every active measure, one rated.
    expect(group).toMatchObject({
      id: s.groupA.id,
      students: 2,
      missing: 2 * s.measures.length - 1,
      publication: null,
    });
    expect(group.sample.student).toEqual({ id: s.a2.id, name: expect.stringMatching(/^Alan/) });
    expect(group.sample.ratings).toEqual([expect.objectContaining({ kind: "conduct", value: "9", label: "9" })]);
    expect(group.sample.missing).toHaveLength(s.measures.length - 1);
    // Only a director; the group and the period must be this school's.
    const teacher = await s.teacher.as({ method: "GET", url: `/api/ratings/periods/${s.period.id}/publication` });
    expect(teacher.statusCode).toBe(403);
  });

  it("refuses missing grades unless confirmed, and shows one group's families only", async () => {
    const s = await prepared();
    await rateAll(s, s.a1.id);
    await rateAll(s, s.b1.id);
    const refused = await publish(s.director.as, s, [s.groupA.id]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RATINGS_MISSING_GRADES" });
    expect(refused.json().message).toContain("Sin calificar");
    const english = await s.director.as({
      method: "POST",
      url: `/api/ratings/periods/${s.period.id}/publish`,
      payload: { group_ids: [s.groupA.id] },
      headers: { "x-language": "en" },
    });
    expect(english.json().message).toContain("grades are missing");

    const done = await publish(s.director.as, s, [s.groupA.id], true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.published).toEqual([s.groupA.id]);
    expect(done.json().data.groups[0].publication).toMatchObject({ notified: false, can_unpublish: true });
    // Ten minutes by default before anyone is told.
    const wait = Date.parse(done.json().data.notify_at) - Date.now();
    expect(wait).toBeGreaterThan(590_000);
    expect(wait).toBeLessThanOrEqual(600_000);
    // Within the window: nobody sees nor hears anything.
    expect(await familyPeriods(s.motherOfA1.as)).toEqual([]);
    expect(await toldAbout(s)).toEqual([]);

    expect(await passPublishWindow(t.app, s.school.id, s.period.id)).toBe(1);
    expect((await familyPeriods(s.motherOfA1.as)).map((p) => p.period.id)).toEqual([s.period.id]);
    // Beto's group (B) was not published: his father sees nothing, and was not told.
    expect(await familyPeriods(s.fatherOfB1.as)).toEqual([]);
    const card = await s.fatherOfB1.as({ method: "GET", url: `/api/scorecard/students/${s.b1.id}` });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.scorecard.periods).toEqual([]);
    expect((await toldAbout(s)).map((n) => n.userId)).toEqual([s.motherOfA1.user.id]);
    expect(await mailsTo([s.fatherOfB1.user.email])).toEqual([]);
    expect(await mailsTo([s.motherOfA1.user.email])).toHaveLength(1);

    // After the window: unpublishing is refused, in words.
    const late = await unpublish(s.director.as, s, [s.groupA.id]);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: "RATINGS_UNPUBLISH_TOO_LATE" });
  });

  it("unpublished within the window: families never see it and are never told", async () => {
    const s = await prepared();
    await rateAll(s, s.a1.id);
    await rateAll(s, s.a2.id);
    // Every grade of group A given: no confirmation needed.
    const done = await publish(s.director.as, s, [s.groupA.id]);
    expect(done.statusCode, done.body).toBe(200);
    const undone = await unpublish(s.director.as, s, [s.groupA.id]);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.preview.groups[0].publication).toBeNull();
    // The job's time comes: it finds nothing to do.
    expect(await passPublishWindow(t.app, s.school.id, s.period.id)).toBe(0);
    expect(await familyPeriods(s.motherOfA1.as)).toEqual([]);
    expect(await toldAbout(s)).toEqual([]);
    expect(await mailsTo([s.motherOfA1.user.email])).toEqual([]);
    const card = await s.motherOfA1.as({ method: "GET", url: `/api/scorecard/students/${s.a1.id}` });
    expect(card.json().data.scorecard.periods).toEqual([]);
  });

  it("answers 404 for another school's period or group, 403 to a teacher", async () => {
    const s = await prepared();
    const other = await prepared();
    expect((await publish(s.director.as, other, [s.groupA.id], true)).statusCode).toBe(404);
    const foreignGroup = await s.director.as({
      method: "POST",
      url: `/api/ratings/periods/${s.period.id}/publish`,
      payload: { group_ids: [other.groupA.id], confirmEmpty: true },
    });
    expect(foreignGroup.statusCode).toBe(404);
    expect((await unpublish(s.director.as, s, [other.groupA.id])).statusCode).toBe(404);
    const preview = await s.director.as({
      method: "GET",
      url: `/api/ratings/periods/${other.period.id}/publication`,
    });
    expect(preview.statusCode).toBe(404);
    expect((await publish(s.teacher.as, s, [s.groupA.id], true)).statusCode).toBe(403);
    expect(await toldAbout(other)).toEqual([]);
  });
});
