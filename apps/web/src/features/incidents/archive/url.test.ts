import type { ArchiveFilters } from "@convive/domain";
import { describe, expect, it } from "vitest";
import {
  actionStatesToFetch,
  activeFilterCount,
  apiQuery,
  archiveSearch,
  clearedFilters,
  countQuery,
  parseActionsSearch,
  parseArchiveSearch,
  parseDetailsId,
  parseTab,
  tabSearch,
  withFilters,
} from "./url.ts";

const parse = (query: string) => parseArchiveSearch(new URLSearchParams(query));

const type = (id: number, category_id: number) => ({
  id,
  category_id,
  name_es: `Tipo ${id}`,
  name_en: null,
  classification: "minor" as const,
  default_points: 0,
  notify_family: true,
  guidelines: [],
  guidelines_en: [],
  is_active: true,
  protocol_id: null,
  incidents_count: 0,
});
const catalogue: ArchiveFilters = {
  categories: [
    { id: 1, name_es: "Convivencia", name_en: null, order: 0, is_active: true, types: [type(10, 1), type(11, 1)] },
    { id: 2, name_es: "Académica", name_en: null, order: 1, is_active: true, types: [type(20, 2)] },
  ],
  sections: [
    { id: 100, name: "Primaria", name_en: "Primary" },
    { id: 200, name: "Secundaria", name_en: null },
  ],
  grades: [
    { id: 110, name: "1°", section_id: 100 },
    { id: 120, name: "2°", section_id: 100 },
    { id: 210, name: "1°", section_id: 200 },
  ],
  groups: [
    { id: 1101, label: "1° A", grade_id: 110 },
    { id: 1201, label: "2° A", grade_id: 120 },
    { id: 2101, label: "1° A Sec", grade_id: 210 },
  ],
  subjects: [],
  recorders: [],
};

describe("parseArchiveSearch", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({ sort: "-occurred_at", page: 1 });
  });

  it("reads every filter", () => {
    const state = parse(
      "from=2026-03-01&to=2026-03-31&status=open&classification=very-serious&category_id=1&type_id=10" +
        "&section_id=100&grade_id=110&group_id=1101&subject_id=5&student_id=77&recorded_by=9&q=%20pelea%20&sort=folio&page=3",
    );
    expect(state).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      status: "open",
      classification: "very-serious",
      category_id: 1,
      type_id: 10,
      section_id: 100,
      grade_id: 110,
      group_id: 1101,
      subject_id: 5,
      student_id: 77,
      recorded_by: 9,
      q: "pelea",
      sort: "folio",
      page: 3,
    });
  });

  it("ignores malformed values instead of failing", () => {
    expect(
      parse(
        "from=2026-02-30&to=ayer&status=deleted&classification=x&category_id=-1&type_id=1.5&group_id=abc&sort=name&page=0",
      ),
    ).toEqual({ sort: "-occurred_at", page: 1 });
    expect(parse("student_id=99999999999&page=100001&q=%20%20")).toEqual({ sort: "-occurred_at", page: 1 });
  });

  it("caps the search text at 100 characters", () => {
    expect(parse(`q=${"a".repeat(150)}`).q).toHaveLength(100);
  });
});

describe("archiveSearch", () => {
  it("round-trips through the URL", () => {
    const query =
      "from=2026-03-01&status=closed&category_id=1&type_id=10&group_id=1101&q=folio+12&sort=-classification&page=2";
    const state = parse(query);
    expect(parse(archiveSearch(state).toString())).toEqual(state);
  });

  it("leaves out defaults so links stay short", () => {
    expect(archiveSearch({ sort: "-occurred_at", page: 1 }).toString()).toBe("");
    expect(archiveSearch({ sort: "folio", page: 1, status: "open" }).toString()).toBe("status=open&sort=folio");
  });

  it("keeps parameters that are not the archive's and drops the details id", () => {
    const base = new URLSearchParams("tab=incidents&id=5&status=open&foo=bar");
    expect(archiveSearch({ sort: "-occurred_at", page: 2 }, base).toString()).toBe("tab=incidents&foo=bar&page=2");
  });
});

describe("apiQuery", () => {
  it("always sends sort, and page and per_page for the list", () => {
    expect(apiQuery(parse("status=open&page=4"))).toBe("status=open&sort=-occurred_at&page=4&per_page=25");
  });

  it("leaves the page out for the export", () => {
    expect(apiQuery(parse("q=pelea&sort=folio&page=4"), false)).toBe("q=pelea&sort=folio");
  });

  it("counts the same filters on every page and in every order", () => {
    const first = countQuery(apiQuery(parse("q=pelea&status=open&sort=folio&page=1")));
    expect(first).toBe("status=open&q=pelea");
    expect(countQuery(apiQuery(parse("status=open&q=pelea&page=7")))).toBe(first);
  });
});

describe("activeFilterCount", () => {
  it("counts a date range once and ignores sort and page", () => {
    expect(activeFilterCount(parse("from=2026-03-01&to=2026-03-31&sort=folio&page=3"))).toBe(1);
    expect(activeFilterCount(parse("to=2026-03-31"))).toBe(1);
    expect(activeFilterCount(parse("status=open&q=x&student_id=3&recorded_by=2"))).toBe(4);
    expect(activeFilterCount(parse(""))).toBe(0);
  });
});

describe("clearedFilters", () => {
  it("keeps only the sort", () => {
    expect(clearedFilters(parse("status=open&q=x&sort=folio&page=9"))).toEqual({ sort: "folio", page: 1 });
  });
});

describe("withFilters", () => {
  it("goes back to page 1 and removes emptied filters", () => {
    const next = withFilters(parse("status=open&q=pelea&page=5"), { status: undefined, q: "" });
    expect(next).toEqual({ sort: "-occurred_at", page: 1 });
  });

  it("sets the category when a type is picked", () => {
    expect(withFilters(parse(""), { type_id: 20 }, catalogue)).toMatchObject({ category_id: 2, type_id: 20 });
  });

  it("drops a type of another category when the category changes", () => {
    expect(withFilters(parse("category_id=1&type_id=10"), { category_id: 2 }, catalogue).type_id).toBeUndefined();
    expect(withFilters(parse("category_id=2&type_id=20"), { category_id: 2 }, catalogue).type_id).toBe(20);
  });

  it("keeps the type when the category is cleared", () => {
    const next = withFilters(parse("category_id=1&type_id=10"), { category_id: undefined }, catalogue);
    expect(next.category_id).toBeUndefined();
    expect(next.type_id).toBe(10);
  });

  it("fills grade and section from a group, and section from a grade", () => {
    expect(withFilters(parse(""), { group_id: 2101 }, catalogue)).toMatchObject({
      section_id: 200,
      grade_id: 210,
      group_id: 2101,
    });
    expect(withFilters(parse("group_id=1101"), { grade_id: 120 }, catalogue)).toEqual({
      sort: "-occurred_at",
      page: 1,
      section_id: 100,
      grade_id: 120,
    });
  });

  it("drops grade and group outside a new section", () => {
    const next = withFilters(parse("section_id=100&grade_id=110&group_id=1101"), { section_id: 200 }, catalogue);
    expect(next).toEqual({ sort: "-occurred_at", page: 1, section_id: 200 });
  });

  it("keeps grade and group inside the section", () => {
    const start = parse("section_id=100&grade_id=110&group_id=1101");
    expect(withFilters(start, { status: "open" }, catalogue)).toMatchObject({ grade_id: 110, group_id: 1101 });
  });

  it("never drops the sort", () => {
    expect(withFilters(parse("sort=folio"), { sort: undefined }).sort).toBe("-occurred_at");
    expect(withFilters(parse(""), { sort: "classification" }).sort).toBe("classification");
  });
});

describe("tabs and formative actions", () => {
  it("reads the tab", () => {
    expect(parseTab(new URLSearchParams("tab=actions"))).toBe("actions");
    expect(parseTab(new URLSearchParams("tab=acknowledgements"))).toBe("acknowledgements");
    expect(parseTab(new URLSearchParams("tab=other"))).toBe("incidents");
  });

  it("reads scope and state with defaults, and never `all` without the grant", () => {
    const p = new URLSearchParams("scope=all&state=completed");
    expect(parseActionsSearch(p, true, "mine")).toEqual({ scope: "all", state: "completed" });
    expect(parseActionsSearch(p, false, "mine")).toEqual({ scope: "mine", state: "completed" });
    expect(parseActionsSearch(new URLSearchParams("state=nope"), true, "all")).toEqual({ scope: "all", state: "open" });
  });

  it("switches tab and keeps the other tab's parameters", () => {
    const archive = new URLSearchParams("status=open&q=x&page=2&id=4");
    expect(tabSearch(archive, "actions").toString()).toBe("status=open&q=x&page=2&tab=actions");
    const actions = new URLSearchParams("tab=actions&scope=all&state=overdue");
    expect(tabSearch(actions, "incidents").toString()).toBe("scope=all&state=overdue");
    // The group chosen in the archive carries over: the families of that group that have not acknowledged.
    expect(tabSearch(new URLSearchParams("group_id=7"), "acknowledgements").toString()).toBe(
      "group_id=7&tab=acknowledgements",
    );
  });

  it("asks for overdue and pending in the default view", () => {
    expect(actionStatesToFetch("open")).toEqual(["overdue", "pending"]);
    expect(actionStatesToFetch("all")).toEqual([undefined]);
    expect(actionStatesToFetch("waived")).toEqual(["waived"]);
  });
});

describe("parseDetailsId", () => {
  it("reads a positive id and nothing else", () => {
    expect(parseDetailsId(new URLSearchParams("id=42&status=open"))).toBe(42);
    for (const bad of ["", "id=", "id=0", "id=-3", "id=4.2", "id=abc", "id=99999999999"]) {
      expect(parseDetailsId(new URLSearchParams(bad))).toBeNull();
    }
  });
});
