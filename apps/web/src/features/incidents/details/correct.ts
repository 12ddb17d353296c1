import type { IncidentCategory, IncidentDetail, RegistrationOptions, UpdateIncidentBody } from "@convive/domain";
import { type Classification, localizedName, toWallTime, wallToInstant } from "@convive/domain/core";

/**
 * The correction form of an open incident (PATCH /api/incidents/:id): its values as the form holds them (ids as
 * strings for the selects, the date as a wall time `YYYY-MM-DDTHH:mm` on the school's clock), and the body made of
 * only what changed. Pure functions, tested without a DOM.
 */
export interface CorrectValues {
  category_id: string | null;
  type_id: string | null;
  detail: string;
  occurred_at: string;
  place: string;
  group_id: string | null;
  subject_id: string | null;
  visible_to_family: boolean;
}

export interface Choice {
  value: string;
  label: string;
}
export interface TypeChoice extends Choice {
  classification: Classification;
}
export interface CategoryChoice extends Choice {
  types: TypeChoice[];
}

/** The instant (ISO) of a datetime-local value on the school's clock, or null when the text is not one. */
export const instantOfWall = (wall: string, timeZone: string): string | null =>
  wallToInstant(wall, timeZone)?.toISOString() ?? null;

export function initialValues(incident: IncidentDetail, timeZone: string): CorrectValues {
  return {
    category_id: String(incident.category.id),
    type_id: String(incident.type.id),
    detail: incident.detail,
    occurred_at: toWallTime(incident.occurred_at, timeZone),
    place: incident.place ?? "",
    group_id: incident.group ? String(incident.group.id) : null,
    subject_id: incident.subject ? String(incident.subject.id) : null,
    visible_to_family: incident.visible_to_family,
  };
}

/**
 * Active categories with their active types, in the configured order; the incident's own category and type stay
 * listed even when deactivated since, so the form opens showing them.
 */
export function categoryChoices(
  categories: readonly IncidentCategory[],
  incident: IncidentDetail,
  lang: string,
): CategoryChoice[] {
  const out: CategoryChoice[] = categories
    .filter((c) => c.is_active || c.id === incident.category.id)
    .map((c) => ({
      value: String(c.id),
      label: localizedName(c, lang),
      types: c.types
        .filter((type) => type.is_active || type.id === incident.type.id)
        .map((type) => ({
          value: String(type.id),
          label: localizedName(type, lang),
          classification: type.classification,
        })),
    }));
  let own = out.find((c) => c.value === String(incident.category.id));
  if (!own) {
    own = { value: String(incident.category.id), label: localizedName(incident.category, lang), types: [] };
    out.push(own);
  }
  if (!own.types.some((type) => type.value === String(incident.type.id))) {
    own.types.push({
      value: String(incident.type.id),
      label: localizedName(incident.type, lang),
      classification: incident.classification,
    });
  }
  return out;
}

/** The current year's groups and the subjects, plus the incident's own when no longer listed. */
export function groupChoices(options: RegistrationOptions, incident: IncidentDetail) {
  const groups: Choice[] = options.groups.map((g) => ({ value: String(g.id), label: g.label }));
  if (incident.group && !groups.some((g) => g.value === String(incident.group!.id))) {
    groups.unshift({ value: String(incident.group.id), label: incident.group.label });
  }
  const subjects: Choice[] = options.subjects.map((s) => ({ value: String(s.id), label: s.name }));
  if (incident.subject && !subjects.some((s) => s.value === String(incident.subject!.id))) {
    subjects.unshift({ value: String(incident.subject.id), label: incident.subject.name });
  }
  return { groups, subjects };
}

const orNull = (id: string | null) => (id ? Number(id) : null);

/**
 * The PATCH body: only the fields whose value changed (texts compared trimmed; the date compared as shown, to
 * the minute, so an untouched date keeps its seconds). Group and subject only when the form shows them.
 * A date that is not a wall time goes as "" so the schema refuses it.
 */
export function changedFields(
  values: CorrectValues,
  initial: CorrectValues,
  timeZone: string,
  withGroupAndSubject: boolean,
): Partial<UpdateIncidentBody> {
  const body: Partial<UpdateIncidentBody> = {};
  if (values.type_id !== initial.type_id) body.type_id = values.type_id ? Number(values.type_id) : 0;
  if (values.detail.trim() !== initial.detail.trim()) body.detail = values.detail.trim();
  if (values.place.trim() !== initial.place.trim()) body.place = values.place.trim() || null;
  if (values.occurred_at !== initial.occurred_at) {
    body.occurred_at = instantOfWall(values.occurred_at, timeZone) ?? "";
  }
  if (withGroupAndSubject && values.group_id !== initial.group_id) body.group_id = orNull(values.group_id);
  if (withGroupAndSubject && values.subject_id !== initial.subject_id) body.subject_id = orNull(values.subject_id);
  if (values.visible_to_family !== initial.visible_to_family) body.visible_to_family = values.visible_to_family;
  return body;
}
