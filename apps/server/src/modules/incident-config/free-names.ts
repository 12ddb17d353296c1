import { AppError } from "../../lib/errors.ts";

type NameLanguage = "es" | "en";

/**
 * Two entries of one school's list (categories, types of a category, observation types) may not share a name in
 * either language: 409 CONFLICT on the field that clashes. `taken` asks the repository whether the name is used.
 */
export async function requireFreeNames(
  names: { name_es?: string | null; name_en?: string | null },
  taken: (name: string, language: NameLanguage) => Promise<unknown>,
) {
  for (const language of ["es", "en"] as const) {
    const field = `name_${language}` as const;
    const name = names[field];
    if (name && (await taken(name, language))) throw new AppError("CONFLICT", { [field]: "CONFLICT" });
  }
}
