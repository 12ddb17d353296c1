import type { Tx } from "../../db/client.ts";
import { incidentCategories, incidentTypes, observationTypes } from "../../db/schema/index.ts";
import { STARTER_CATEGORIES, STARTER_OBSERVATION_TYPES } from "./starter-catalogue.data.ts";

export { STARTER_CATEGORIES, STARTER_OBSERVATION_TYPES };

/** Gives a school (in the transaction that creates it) the starter catalogue: three inserts. */
export async function insertStarterCatalogue(tx: Tx, schoolId: string) {
  const categories = await tx
    .insert(incidentCategories)
    .values(STARTER_CATEGORIES.map((c, i) => ({ schoolId, nameEs: c.es, nameEn: c.en, order: i + 1 })))
    .returning({ id: incidentCategories.id, nameEs: incidentCategories.nameEs });
  const idOf = new Map(categories.map((c) => [c.nameEs, c.id]));
  await tx.insert(incidentTypes).values(
    STARTER_CATEGORIES.flatMap((c) =>
      c.types.map((t) => ({
        schoolId,
        categoryId: idOf.get(c.es)!,
        nameEs: t.es,
        nameEn: t.en,
        classification: t.classification,
        defaultPoints: t.points,
        notifyFamily: t.notifyFamily,
        guidelines: t.guidelines,
        guidelinesEn: t.guidelinesEn,
      })),
    ),
  );
  await tx
    .insert(observationTypes)
    .values(
      STARTER_OBSERVATION_TYPES.map((o) => ({ schoolId, nameEs: o.es, nameEn: o.en, kind: o.kind, points: o.points })),
    );
}
