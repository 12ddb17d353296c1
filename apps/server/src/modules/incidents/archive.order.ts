import type { ExportQuery } from "@convive/domain";
import { type SQL, sql } from "drizzle-orm";
import { incidents } from "../../db/schema/index.ts";

/**
 * ORDER BY of an archive sort over `incidents`, matching the archive's indexes. Those are DESC NULLS LAST, and a
 * plain DESC means NULLS FIRST: the order must say NULLS LAST (the columns are never null) or PostgreSQL sorts the
 * whole school instead of walking the index.
 */
export function archiveOrder(sort: ExportQuery["sort"]): SQL {
  const occurredDesc = sql`${incidents.occurredAt} desc nulls last, ${incidents.id} desc nulls last`;
  switch (sort) {
    case "occurred_at":
      return sql`${incidents.occurredAt} asc nulls first, ${incidents.id} asc nulls first`;
    case "-folio":
      return sql`${incidents.folio} desc`;
    case "folio":
      return sql`${incidents.folio} asc`;
    // minor < serious < very-serious: the words sort in order of severity.
    case "classification":
      return sql`${incidents.classification} asc, ${occurredDesc}`;
    case "-classification":
      return sql`${incidents.classification} desc, ${occurredDesc}`;
    default:
      return occurredDesc;
  }
}
/** The same order over the materialised matches of a sparse query (columns of the CTE `m`). */
export function matchesOrder(sort: ExportQuery["sort"]): SQL {
  switch (sort) {
    case "occurred_at":
      return sql`occurred_at, id`;
    case "-folio":
      return sql`folio desc`;
    case "folio":
      return sql`folio`;
    case "classification":
      return sql`classification, occurred_at desc, id desc`;
    case "-classification":
      return sql`classification desc, occurred_at desc, id desc`;
    default:
      return sql`occurred_at desc, id desc`;
  }
}
