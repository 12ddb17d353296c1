import { describe, expect, it } from "vitest";
import { threadHref, threadInSearch, withThread } from "./link.ts";

describe("the address of a conversation", () => {
  it("opens the Messages tab of /notifications, with the thread when one is named", () => {
    expect(threadHref()).toBe("/notifications?tab=messages");
    expect(threadHref(42)).toBe("/notifications?tab=messages&thread=42");
  });

  it("adds and removes the thread, keeping the rest (a student's file open beside it, the filters)", () => {
    expect(withThread("?tab=messages&student=9&q=ana", 42)).toBe("?tab=messages&student=9&q=ana&thread=42");
    expect(withThread("?tab=messages&thread=42", null)).toBe("?tab=messages");
    expect(withThread("?thread=42", null)).toBe("");
  });

  it("reads only a well-formed id", () => {
    expect(threadInSearch("?tab=messages&thread=42")).toBe(42);
    expect(threadInSearch("?thread=0")).toBeNull();
    expect(threadInSearch("?thread=4x")).toBeNull();
    expect(threadInSearch("?tab=messages")).toBeNull();
  });
});
