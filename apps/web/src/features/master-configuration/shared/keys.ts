import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSession } from "../../../lib/session.ts";

/** Every master-configuration query sits under this prefix, per school, so one save can refresh them all. */
export const MC_PREFIX = "master-configuration" as const;

/** A query key of the selected school: ["master-configuration", schoolId, ...parts]. */
export function useMcKey() {
  const { schoolId } = useSession();
  return useCallback((...parts: readonly unknown[]) => [MC_PREFIX, schoolId, ...parts] as const, [schoolId]);
}

/**
 * After a change: refreshes the master-configuration data (the screens read one another's data: groups count
 * students, the setup card counts everything) so nothing stale stays on screen.
 */
export function useRefreshAll() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [MC_PREFIX] }), [client]);
}

/**
 * What every master-configuration save refreshes (`useSave`'s `invalidates`): the screens read one another's data
 * (groups count students, the setup card counts everything), so one prefix covers them all.
 */
export const MC = [[MC_PREFIX]] as const;
