import { useMediaQuery } from "@mantine/hooks";

/** Below Mantine's `sm` breakpoint (48em): dialogs take the whole screen and lists show cards instead of tables. */
export const PHONE_QUERY = "(max-width: 47.99em)";

/** True on a phone-sized screen; false while unknown (first render) so the desktop layout is the default. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
