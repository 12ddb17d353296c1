import { useMemo } from "react";
import { outboxFor } from "../../lib/offline/outbox.ts";
import { ownerOf } from "../../lib/offline/store.ts";
import { useSession } from "../../lib/session.ts";

/** The device's outbox of the signed-in user in the selected school (issue 32 §3). */
export function useRegistrationOutbox() {
  const { schoolId, userId } = useSession();
  return useMemo(() => outboxFor(ownerOf(schoolId, userId)), [schoolId, userId]);
}
