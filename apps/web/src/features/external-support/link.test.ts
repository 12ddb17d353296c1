import { describe, expect, it } from "vitest";
import { referralInSearch } from "./link.ts";
import { referralListQuery, statusFilter } from "./list-query.ts";

describe("the address of a referral", () => {
  it("reads only a well-formed id (the review reminder links to /support?referral=<id>)", () => {
    expect(referralInSearch(new URLSearchParams("referral=42"))).toBe(42);
    expect(referralInSearch(new URLSearchParams("student=9&fileTab=external-support&referral=7"))).toBe(7);
    expect(referralInSearch(new URLSearchParams("referral=0"))).toBeNull();
    expect(referralInSearch(new URLSearchParams("referral=4x"))).toBeNull();
    expect(referralInSearch(new URLSearchParams("student=9"))).toBeNull();
  });
});

describe("the support screen's list query", () => {
  it("asks for the open referrals of the first page by default", () => {
    expect(referralListQuery({ status: "open", due: "", group_id: "", q: "" }, 1)).toBe(
      "status=open&limit=20&offset=0",
    );
  });

  it("names the due reviews, the group and the searched name, and pages by 20", () => {
    expect(referralListQuery({ status: "all", due: "true", group_id: "12", q: "  Diego " }, 3)).toBe(
      "status=all&limit=20&offset=40&due=true&group_id=12&q=Diego",
    );
  });

  it("reads a status from the address, or the default", () => {
    expect(statusFilter("closed")).toBe("closed");
    expect(statusFilter("everything")).toBe("open");
    expect(statusFilter("")).toBe("open");
  });
});
