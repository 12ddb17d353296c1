import type { Tx } from "../../db/client.ts";
import {
  incidentCategories,
  incidentTypes,
  observationTypes,
  protocolSteps,
  protocols,
} from "../../db/schema/index.ts";
import { STARTER_CATEGORIES, STARTER_OBSERVATION_TYPES, STARTER_PROTOCOL } from "./starter-catalogue.data.ts";

export { STARTER_CATEGORIES, STARTER_OBSERVATION_TYPES, STARTER_PROTOCOL };

/** Gives a school (in the transaction that creates it) the starter catalogue: five inserts. */
export async function insertStarterCatalogue(tx: Tx, schoolId: string) {
  const [protocol] = await tx
    .insert(protocols)
    .values({ schoolId, nameEs: STARTER_PROTOCOL.es, nameEn: STARTER_PROTOCOL.en })
    .returning({ id: protocols.id });
  await tx.insert(protocolSteps).values(
    STARTER_PROTOCOL.steps.map((s, i) => ({
      schoolId,
      protocolId: protocol!.id,
      position: i + 1,
      nameEs: s.es,
      nameEn: s.en,
      deadlineKind: s.kind,
      deadlineAmount: s.amount,
    })),
  );
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
        protocolId: t.es === STARTER_PROTOCOL.followedBy ? protocol!.id : null,
      })),
    ),
  );
  await tx
    .insert(observationTypes)
    .values(
      STARTER_OBSERVATION_TYPES.map((o) => ({ schoolId, nameEs: o.es, nameEn: o.en, kind: o.kind, points: o.points })),
    );
}
