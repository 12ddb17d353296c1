import type { Group, SchoolMember } from "./api.ts";
import { byLabel, fullName } from "./format.ts";

/** Staff by name, each with their profile; the group's own head teacher stays listed even if no longer staff. */
export function staffOptions(staff: SchoolMember[], lang: string, group?: Group | null) {
  const compare = byLabel(lang);
  const options = [...staff]
    .sort((a, b) => compare(fullName(a), fullName(b)))
    .map((m) => ({ value: String(m.id), label: `${fullName(m)}${m.profile_name ? ` · ${m.profile_name}` : ""}` }));
  if (group?.head_teacher && !options.some((o) => o.value === String(group.head_teacher_id))) {
    options.unshift({ value: String(group.head_teacher_id), label: fullName(group.head_teacher) });
  }
  return options;
}
