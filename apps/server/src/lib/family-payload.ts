/** How lib/family-reader.ts walks a JSON payload: the incidents it names, and every string through the reader. */
const NO_CONTEXT: readonly number[] = [];
type Json = unknown;

/** The incident an object is about, if it names one (`incident_id`, or an incident's own `id` with its `folio`). */
function incidentOf(value: Record<string, unknown>): number | undefined {
  if (typeof value.incident_id === "number") return value.incident_id;
  if (value.folio !== undefined && typeof value.id === "number") return value.id;
  return undefined;
}

export function collectIncidents(value: Json, into: Set<number>) {
  if (Array.isArray(value)) for (const v of value) collectIncidents(v, into);
  else if (value !== null && typeof value === "object" && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const record = value as Record<string, unknown>;
    const id = incidentOf(record);
    if (id !== undefined) into.add(id);
    for (const key in record) collectIncidents(record[key], into);
  }
}

/** The object's enumerable properties (inherited ones too, as `for … in` reads them) in a plain object. */
function plainCopy(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in record) copy[key] = record[key];
  return copy;
}

/**
 * The payload with every string as the reader reads it. Copy on write: an array or object none of whose strings
 * changed is the very one given (most of a payload — ids, dates, counts, the family's own child's texts — is
 * kept), so the walk allocates only along the paths to a hidden name. The payload itself is never changed (it
 * may be shared, e.g. a cached answer).
 */
export function walkPayload<T>(
  text: (value: string, incidentStudentIds: readonly number[]) => string,
  payload: T,
  studentsOf: ReadonlyMap<number, readonly number[]>,
): T {
  const walk = (value: Json, context: readonly number[]): Json => {
    // The reader keeps each text it read (per context), so a string repeated across the payload is read once.
    if (typeof value === "string") return text(value, context);
    if (value === null || typeof value !== "object" || value instanceof Date || Buffer.isBuffer(value)) return value;
    if (Array.isArray(value)) {
      let copy: Json[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        const read = walk(item, context);
        if (copy) copy.push(read);
        else if (read !== item) {
          copy = value.slice(0, i);
          copy.push(read);
        }
      }
      return copy ?? value;
    }
    const record = value as Record<string, unknown>;
    const id = incidentOf(record);
    const here = id === undefined ? context : (studentsOf.get(id) ?? context);
    let copy: Record<string, unknown> | undefined;
    for (const key in record) {
      const item = record[key];
      const read = walk(item, here);
      if (read === item) continue;
      copy ??= plainCopy(record);
      copy[key] = read;
    }
    return copy ?? record;
  };
  return walk(payload, NO_CONTEXT) as T;
}
