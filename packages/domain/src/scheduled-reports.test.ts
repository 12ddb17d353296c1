import { describe, expect, it } from "vitest";
import { reportCron, reportPeriod } from "./scheduled-reports.ts";
import { ScheduledReportBody } from "./schemas/scheduled-reports.ts";

const MX = "America/Mexico_City";

describe("reportCron", () => {
  it.each([
    [{ frequency: "daily", weekday: null, day_of_month: null, time: "07:00" }, "0 7 * * *"],
    [{ frequency: "weekly", weekday: 1, day_of_month: null, time: "07:30" }, "30 7 * * 1"],
    [{ frequency: "weekly", weekday: 0, day_of_month: null, time: "23:59" }, "59 23 * * 0"],
    [{ frequency: "monthly", weekday: null, day_of_month: 28, time: "00:05" }, "5 0 28 * *"],
  ] as const)("%j → %s", (timing, cron) => {
    expect(reportCron(timing)).toBe(cron);
  });
});

describe("reportPeriod", () => {
  it("a daily report at 07:00 covers yesterday 07:00 up to today 07:00 on the school's clock", () => {
    const at = new Date("2026-11-27T13:00:00Z"); // 07:00 in Mexico City (UTC−6)
    const { from, to } = reportPeriod("daily", at, MX);
    expect(from.toISOString()).toBe("2026-11-26T13:00:00.000Z");
    expect(to).toEqual(at);
  });

  it("a weekly report covers the seven days before it", () => {
    const at = new Date("2026-11-30T13:00:00Z");
    expect(reportPeriod("weekly", at, MX).from.toISOString()).toBe("2026-11-23T13:00:00.000Z");
  });

  it("a monthly report covers one calendar month, on the same day", () => {
    const at = new Date("2026-03-15T14:00:00Z");
    expect(reportPeriod("monthly", at, "UTC").from.toISOString()).toBe("2026-02-15T14:00:00.000Z");
    const jan = new Date("2027-01-05T08:00:00Z");
    expect(reportPeriod("monthly", jan, "UTC").from.toISOString()).toBe("2026-12-05T08:00:00.000Z");
  });

  it("follows the wall clock across a daylight-saving change (New York, 8 March 2026)", () => {
    const at = new Date("2026-03-08T11:00:00Z"); // 07:00 EDT, the clocks went forward at 02:00
    // 07:00 EST the day before: 23 hours, as the wall clock counts a day.
    expect(reportPeriod("daily", at, "America/New_York").from.toISOString()).toBe("2026-03-07T12:00:00.000Z");
  });
});

describe("ScheduledReportBody", () => {
  const base = {
    name: "Resumen semanal",
    type: "incident-summary",
    frequency: "weekly",
    weekday: 1,
    time: "07:00",
    format: "pdf",
    recipient_profile_ids: [3],
  };

  it("takes a weekly report to a profile", () => {
    expect(ScheduledReportBody.safeParse(base).success).toBe(true);
  });

  it.each([
    [{ weekday: null }, "weekday", "REPORT_WEEKDAY_REQUIRED"],
    [{ frequency: "monthly", day_of_month: null }, "day_of_month", "REPORT_DAY_RANGE"],
    [{ frequency: "monthly", day_of_month: 31 }, "day_of_month", "REPORT_DAY_RANGE"],
    [{ time: "24:00" }, "time", "REPORT_TIME_INVALID"],
    [{ recipient_profile_ids: [] }, "recipient_user_ids", "REPORT_NO_RECIPIENTS"],
    [{ recipient_emails: [{ email: "nope", language: "es" }] }, "recipient_emails.0.email", "REPORT_EMAIL_INVALID"],
  ])("refuses %j at %s with %s", (change, path, code) => {
    const result = ScheduledReportBody.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join(".") === path);
    expect(issue?.message).toBe(code);
  });
});
