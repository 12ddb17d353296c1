import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { enterSchool } from "./sign-in.ts";

/**
 * Entering one of the user's schools from the selection screen; the answer is where to go next. Apart from
 * sign-in.ts, whose module is on the sign-in page, where TanStack Query must not load (lib/query-client-later.ts).
 */
export const useEnterSchool = (o: SaveOptions = { success: false, failure: (error) => error.message }) =>
  useSave({ ...o, call: (id: string) => enterSchool(id, "chosen") });
