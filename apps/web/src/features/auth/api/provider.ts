import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";

/** What the sign-in page of a school's address offers (issue 32): its identity provider's button, the password form. */
export interface SignInOptions {
  provider: { label: string } | null;
  password_sign_in: boolean;
}

/** Where the provider's button goes: the server sends the browser on to the school's provider. */
export const PROVIDER_START = "/api/auth/oidc/start";

const loads = new Map<string, Promise<SignInOptions>>();
const NONE: SignInOptions = { provider: null, password_sign_in: true };

/** GET /api/auth/oidc/options, once per page load and address (no TanStack Query on the sign-in page). */
export function useSignInOptions(): SignInOptions | undefined {
  const host = window.location.hostname;
  const [data, setData] = useState<SignInOptions | undefined>(undefined);
  useEffect(() => {
    let current = loads.get(host);
    if (!current) {
      current = api<{ data: SignInOptions }>("/api/auth/oidc/options", { quiet: true, noSchool: true }).then(
        (r) => r.data,
        () => NONE,
      );
      loads.set(host, current);
    }
    let live = true;
    void current.then((options) => live && setData(options));
    return () => {
      live = false;
    };
  }, [host]);
  return data;
}
