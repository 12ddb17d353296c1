import { afterEach, describe, expect, it } from "vitest";
import { draftKey, readDraft, writeDraft } from "./draft.ts";

describe("the typed draft", () => {
  afterEach(() => sessionStorage.clear());

  it("is kept per kind, user and school", () => {
    expect(draftKey("incident", 7, "colegio-demo")).toBe("convive.registration.incident.7.colegio-demo");
    expect(draftKey("observation", null, null)).toBe("convive.registration.observation.-.-");
  });

  it("comes back as written, and goes when cleared", () => {
    const key = draftKey("incident", 7, "colegio-demo");
    expect(readDraft(key)).toBeNull();
    writeDraft(key, { detail: "Empujó a un compañero", students: [{ id: 1 }] });
    expect(readDraft(key)).toEqual({ detail: "Empujó a un compañero", students: [{ id: 1 }] });
    writeDraft(key, null);
    expect(readDraft(key)).toBeNull();
  });

  it("ignores what it cannot read (another version, broken JSON)", () => {
    sessionStorage.setItem("a", JSON.stringify({ v: 99, values: {} }));
    sessionStorage.setItem("b", "{not json");
    expect(readDraft("a")).toBeNull();
    expect(readDraft("b")).toBeNull();
  });
});
