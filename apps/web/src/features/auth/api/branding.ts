import { useEffect, useState } from "react";
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

const loads = new Map<string, Promise<Branding | null>>();

/**
 * The school the address names (its subdomain), for the sign-in screens; none on the bare domain. Asked once per
 * page load (it changes only with the address) and without TanStack Query, which the sign-in page does not load.
 */
export function useBranding(): { data: Branding | null | undefined } {
  const host = window.location.hostname;
  const [data, setData] = useState<Branding | null | undefined>(undefined);
  useEffect(() => {
    let current = loads.get(host);
    if (!current) {
      current = api<{ data: { school: Branding | null } }>("/api/school-branding", { quiet: true }).then(
        (r) => r.data.school,
        () => null,
      );
      loads.set(host, current);
    }
    let live = true;
    void current.then((school) => live && setData(school));
    return () => {
      live = false;
    };
  }, [host]);
  return { data };
}
