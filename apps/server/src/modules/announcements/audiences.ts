import type { AnnouncementAudience, AnnouncementAudiences, Language } from "@convive/domain";
import { incidentScope, ROLE_FAMILIAR } from "@convive/domain";
import type { Db } from "../../db/client.ts";
import type { Tenant } from "../../plugins/access.ts";
import { myGroupIds } from "../incidents/index.ts";
import * as repo from "./announcements.repository.ts";

export const WHOLE_SCHOOL = { es: "Toda la escuela", en: "Whole school" } as const;

/** Staff whose data scope is the whole school address any audience; a teacher only the groups she heads or teaches. */
export const addressesEverything = (tenant: Tenant) =>
  tenant.profileName !== ROLE_FAMILIAR && incidentScope(tenant.profileName, tenant.grants) === "school";

/** A group "3° A Primaria"; a grade "Primaria 3°"; a section by its name; the school. */
export function audienceLabel(
  audience: { kind: string; id?: number | null },
  groups: readonly repo.GroupOption[],
  language: Language,
): string {
  if (audience.kind === "school") return WHOLE_SCHOOL[language];
  if (audience.kind === "group") {
    const g = groups.find((x) => x.groupId === audience.id);
    // With the section: 3° A of Primaria and of Secundaria must read apart in a school with both.
    return g ? `${g.grade} ${g.group} ${g.section}` : "—";
  }
  if (audience.kind === "grade") {
    const g = groups.find((x) => x.gradeId === audience.id);
    return g ? `${g.section} ${g.grade}` : "—";
  }
  return groups.find((x) => x.sectionId === audience.id)?.section ?? "—";
}

/**
 * What the sender may address this year, each with how many families it reaches (a family with two children in a
 * grade counts once per group, as its figures will). Sections, grades and the school only for school-wide staff.
 */
export async function audiencesFor(
  db: Db,
  who: { tenant: Tenant; userId: number; language: Language },
  yearId: number,
): Promise<{ options: AnnouncementAudiences["options"]; groups: repo.GroupOption[] }> {
  const groups = await repo.groupsOfYear(db, who.tenant.schoolId, yearId, who.language);
  const sum = (list: readonly repo.GroupOption[]) => list.reduce((n, g) => n + g.families, 0);
  const option = (audience: AnnouncementAudience, reached: readonly repo.GroupOption[]) => ({
    audience,
    label: audienceLabel(audience, groups, who.language),
    families: sum(reached),
  });
  if (!addressesEverything(who.tenant)) {
    const mine = new Set(await myGroupIds(db, who.tenant.schoolId, who.userId));
    return {
      options: groups.filter((g) => mine.has(g.groupId)).map((g) => option({ kind: "group", id: g.groupId }, [g])),
      groups,
    };
  }
  const unique = <T>(values: T[]) => [...new Set(values)];
  const options = [
    option({ kind: "school" }, groups),
    ...unique(groups.map((g) => g.sectionId)).map((id) =>
      option(
        { kind: "section", id },
        groups.filter((g) => g.sectionId === id),
      ),
    ),
    ...unique(groups.map((g) => g.gradeId)).map((id) =>
      option(
        { kind: "grade", id },
        groups.filter((g) => g.gradeId === id),
      ),
    ),
    ...groups.map((g) => option({ kind: "group", id: g.groupId }, [g])),
  ];
  return { options, groups };
}

/** Whether the audience is one of the options (same kind and id). */
export const isOffered = (options: AnnouncementAudiences["options"], audience: AnnouncementAudience) =>
  options.some(
    (o) =>
      o.audience.kind === audience.kind &&
      ("id" in o.audience ? o.audience.id : null) === ("id" in audience ? audience.id : null),
  );
