import { useSession } from "../../../lib/session.ts";

/** Every query of the registration screen sits under ["registration", schoolId, …]. */
export const useRegistrationKey = () => {
  const { schoolId } = useSession();
  return (...parts: readonly unknown[]) => ["registration", schoolId, ...parts] as const;
};
