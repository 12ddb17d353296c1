import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface Branding {
  id: string;
  name: string;
  logo: string | null;
  institutional_color_1: string;
  institutional_color_2: string;
  institutional_color_3: string;
  institutional_color_4: string;
}

/** The school the address names (its subdomain), for the sign-in screens; none on the bare domain. */
export function useBranding() {
  return useQuery({
    queryKey: ["branding", window.location.hostname],
    queryFn: () =>
      api<{ data: { school: Branding | null } }>("/api/school-branding", { quiet: true }).then((r) => r.data.school),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
