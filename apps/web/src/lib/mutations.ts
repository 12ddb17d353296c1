import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

/**
 * A save or delete as a TanStack mutation with its invalidation inside: after success the queries under each key
 * refresh, and the mutation stays pending until they have (so a dialog closes on fresh data). Each feature's api/
 * names its own: `useDeleteHelpVideo = () => useInvalidatingMutation(deleteHelpVideo, helpVideosKey)`.
 */
export function useInvalidatingMutation<TVariables, TResult = unknown>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  ...keys: QueryKey[]
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * For a `.catch` on a save: a 409 the server pins on `field` (a slug or a membership already taken) reads as the
 * screen's own sentence on that field instead of the server's generic one.
 */
export const conflictOn = (field: string, message: () => string) => (error: unknown) => {
  if (error instanceof ApiError && error.code === "CONFLICT" && error.errors?.[field]) {
    throw new ApiError(error.status, error.code, error.message, { ...error.errors, [field]: message() });
  }
  throw error;
};
