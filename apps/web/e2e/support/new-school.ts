import { call, createUser, type FreshUser, rootApi } from "./api.ts";
import type { Lang } from "./i18n.ts";

let made = 0;

/**
 * A school just created by the platform administrator (POST /api/admin/schools), with nothing set up, and its
 * Director (password changed, privacy notice accepted): the start of issue 12 §2's guided setup.
 */
export async function newSchoolWithDirector(
  language: Lang = "es",
): Promise<{ slug: string; name: string; director: FreshUser }> {
  const root = await rootApi();
  const slug = `setup-${process.pid}-${Date.now().toString(36)}-${(made++).toString(36)}`;
  const name = `Escuela Nueva ${slug.slice(-5)}`;
  await call("/api/admin/schools", {
    method: "POST",
    token: root.token,
    body: { id: slug, name, time_zone: "America/Mexico_City" },
  });
  const director = await createUser({ schoolId: slug, profile: "director", privacyAccepted: true, language });
  return { slug, name, director };
}
