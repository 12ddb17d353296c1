import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoApp, type DemoApp, type DemoClient } from "../helpers/demo-app.ts";

/**
 * Issue 29 §5 on the demo: two forms sent to 3° A Primaria's families — a closed transport survey with answers and
 * an open permission slip about half answered, Sofía's still to do for her mother (familia@); the Director's
 * completion view reads N of M per group.
 */

let t: DemoApp;
let director: DemoClient;
let familia: DemoClient;
type SentForm = { id: number; title: string; status: string; students: number; submitted: number };

beforeAll(async () => {
  t = await createDemoApp();
  director = await t.as("director@convive.test");
  familia = await t.as("familia@convive.test");
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe("demo forms", () => {
  it("one closed with answers, one open about half answered", async () => {
    const res = await director({ method: "GET", url: "/api/forms" });
    expect(res.statusCode, res.body).toBe(200);
    const list: SentForm[] = res.json().data.forms;
    const closed = list.find((f) => f.status === "closed")!;
    const open = list.find((f) => f.status === "open")!;
    expect(closed.submitted / closed.students).toBeGreaterThan(0.6);
    expect(open.submitted / open.students).toBeGreaterThan(0.3);
    expect(open.submitted / open.students).toBeLessThan(0.7);
    const summary = (await director({ method: "GET", url: `/api/forms/${closed.id}/summary` })).json().data.summary;
    expect(summary.questions[0].options.reduce((n: number, o: { count: number }) => n + o.count, 0)).toBe(
      closed.submitted,
    );
  });

  it("Sofía's mother has the permission slip to answer", async () => {
    const sofia = await t.studentId("Sofía", "Ramírez");
    const list: SentForm[] = (await familia({ method: "GET", url: "/api/forms" })).json().data.forms;
    const open = list.find((f) => f.status === "open")!;
    const mine = (await familia({ method: "GET", url: `/api/forms/${open.id}/mine` })).json().data.form;
    expect(mine.editable).toBe(true);
    expect(mine.children.find((c: { student: { id: number } }) => c.student.id === sofia).status).toBe("pending");
  });
});
