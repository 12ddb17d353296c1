import { beforeAll, describe, expect, it } from "vitest";
import i18n from "../../lib/i18n.ts";
import { attachmentProblem, fileSize } from "./attachments.ts";
import { audienceGroups, audienceKey, audienceOf, audienceOptionLabel, countsText, percent } from "./counts.ts";
import { announcementInSearch, withAnnouncement } from "./link.ts";

beforeAll(async () => {
  await i18n.loadNamespaces("announcements");
});
const tIn = (lng: "es" | "en") => i18n.getFixedT(lng);

describe("countsText", () => {
  it("reads 'leído 12/24 · confirmado 6/24' when confirmation was asked, in both languages", async () => {
    await i18n.loadLanguages(["es", "en"]);
    const counts = { recipients: 24, read: 12, confirmed: 6 };
    expect(countsText(tIn("es"), counts, true)).toBe("leído 12/24 · confirmado 6/24");
    expect(countsText(tIn("en"), counts, true)).toBe("read 12/24 · confirmed 6/24");
  });

  it("leaves the confirmed part out when nobody was asked to confirm", () => {
    expect(countsText(tIn("es"), { recipients: 3, read: 0, confirmed: 0 }, false)).toBe("leído 0/3");
    expect(countsText(tIn("en"), { recipients: 3, read: 3, confirmed: 0 }, false)).toBe("read 3/3");
  });
});

describe("percent", () => {
  it("rounds, and stays between 0 and 100 (0 when nobody is addressed)", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 4)).toBe(100);
  });
});

describe("audiences", () => {
  it("go to a select's value and back", () => {
    for (const audience of [
      { kind: "group", id: 12 },
      { kind: "grade", id: 3 },
      { kind: "section", id: 1 },
      { kind: "school" },
    ] as const) {
      expect(audienceOf(audienceKey(audience))).toEqual(audience);
    }
    expect(audienceKey({ kind: "group", id: 12 })).toBe("group:12");
    expect(audienceOf("school")).toEqual({ kind: "school" });
  });

  it("refuse anything else", () => {
    for (const bad of [null, undefined, "", "group", "group:0", "group:-1", "class:3", "school:1", "grade:1.5"]) {
      expect(audienceOf(bad)).toBeNull();
    }
  });

  it("name how many families each choice reaches", async () => {
    await i18n.loadLanguages(["es", "en"]);
    const option = { audience: { kind: "group", id: 4 } as const, label: "3° A Primaria", families: 24 };
    expect(audienceOptionLabel(tIn("es"), option)).toBe("3° A Primaria · 24 familias");
    expect(audienceOptionLabel(tIn("en"), option)).toBe("3° A Primaria · 24 families");
    expect(audienceOptionLabel(tIn("es"), { ...option, families: 1 })).toBe("3° A Primaria · 1 familia");
    expect(audienceOptionLabel(tIn("en"), { ...option, families: 1 })).toBe("3° A Primaria · 1 family");
  });

  it("are offered grouped by kind — school, sections, grades, groups — in the server's order, empty kinds left out", () => {
    const groups = audienceGroups(tIn("en"), [
      { audience: { kind: "group", id: 2 }, label: "1° B Primaria", families: 10 },
      { audience: { kind: "group", id: 1 }, label: "1° A Primaria", families: 12 },
      { audience: { kind: "school" }, label: "Whole school", families: 180 },
      { audience: { kind: "grade", id: 7 }, label: "1° Primaria", families: 22 },
    ]);
    expect(groups).toEqual([
      { group: "Whole school", items: [{ value: "school", label: "Whole school · 180 families" }] },
      { group: "Grades", items: [{ value: "grade:7", label: "1° Primaria · 22 families" }] },
      {
        group: "Groups",
        items: [
          { value: "group:2", label: "1° B Primaria · 10 families" },
          { value: "group:1", label: "1° A Primaria · 12 families" },
        ],
      },
    ]);
  });
});

describe("attachmentProblem", () => {
  const pdf = { name: "circular.pdf", type: "application/pdf", size: 500_000 };
  it("takes the app's upload types within the school's size and at most five files", () => {
    expect(attachmentProblem(pdf, 2, 0)).toBeNull();
    expect(attachmentProblem({ name: "foto.JPG", type: "", size: 1000 }, 2, 4)).toBeNull();
    expect(attachmentProblem(pdf, 2, 5)).toEqual({ key: "tooMany", max: 5 });
    expect(attachmentProblem({ name: "virus.exe", type: "application/x-msdownload", size: 10 }, 2, 0)).toEqual({
      key: "wrongType",
    });
    expect(attachmentProblem({ ...pdf, size: 3 * 1024 * 1024 }, 2, 0)).toEqual({ key: "tooLarge", size: 2 });
  });

  it("shows sizes in the screen's language", () => {
    expect(fileSize(500, "es")).toBe("1 KB");
    expect(fileSize(1.5 * 1024 * 1024, "en")).toBe("1.5 MB");
  });
});

describe("the address", () => {
  it("opens and closes one announcement, keeping the tab", () => {
    expect(withAnnouncement("?tab=messages", 7)).toBe("?tab=messages&announcement=7");
    expect(withAnnouncement("?tab=messages&announcement=7", null)).toBe("?tab=messages");
    expect(withAnnouncement("?announcement=7", null)).toBe("");
    expect(announcementInSearch("?tab=messages&announcement=7")).toBe(7);
    expect(announcementInSearch("?announcement=abc")).toBeNull();
    expect(announcementInSearch("?announcement=0")).toBeNull();
  });
});
