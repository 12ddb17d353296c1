import { PATHS } from "./routes.ts";

export interface SignedInUser {
  root: number;
  password_updated: number;
  schools: readonly { id: string; is_active: boolean }[];
}

/** What the client does right after a 200 from POST /login (spec §4 "Login flow", steps 3–7). */
export type SignInOutcome =
  | { kind: "go"; to: string }
  | { kind: "select"; schoolId: string }
  | { kind: "refuse"; message: "noSchool" | "deactivated" };

export function signInOutcome(user: SignedInUser): SignInOutcome {
  // Step 3: the forced change comes first; "/" leads there through the guard.
  if (user.password_updated === 0) return { kind: "go", to: PATHS.login };
  if (user.schools.length === 0) {
    // Steps 4 and 5.
    return user.root === 1 ? { kind: "go", to: PATHS.adminSchoolCreator } : { kind: "refuse", message: "noSchool" };
  }
  if (user.schools.length === 1) {
    // Step 6.
    const only = user.schools[0]!;
    return only.is_active ? { kind: "select", schoolId: only.id } : { kind: "refuse", message: "deactivated" };
  }
  // Step 7: keep only active schools; none left signs out, otherwise the user chooses.
  const active = user.schools.filter((s) => s.is_active);
  if (active.length === 0) return { kind: "refuse", message: "deactivated" };
  return { kind: "go", to: PATHS.login };
}
