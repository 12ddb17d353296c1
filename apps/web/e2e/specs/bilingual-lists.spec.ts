import { AppLayout } from "../pages/layout.ts";
import { RegistrationPage } from "../pages/registration.ts";
import { resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { type Lang, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 12 §6, lists and names in both languages: the registration's categories, types, formative guidelines,
 * places and groups, and the header's profile, read in the reader's language — what the school started with
 * (starter catalogue, profile templates, levels) comes with its English names. Screenshots of the registration and
 * the header at 390 and 1280 px in both languages go to artifacts/screenshots.
 */

interface Reads {
  profile: string;
  categories: string[];
  category: string;
  type: string;
  guideline: string;
  places: string[];
  level: RegExp;
}

/** What a teacher of the demo school reads, word for word, in each language. */
const READS: Record<Lang, Reads> = {
  es: {
    profile: "Docente",
    categories: ["Conducta", "Convivencia", "Académica", "Seguridad"],
    category: "Conducta",
    type: "Interrupción de la clase",
    guideline: "Diálogo reflexivo con el estudiante al término de la clase",
    /** The usual places and the demo school's frequent ones, as a Spanish reader names them. */
    places: [
      "Salón de clases",
      "Patio",
      "Pasillo",
      "Baños",
      "Cafetería",
      "Entrada y salida",
      "Entrada",
      "Cooperativa",
      "Canchas",
      "Laboratorio",
    ],
    level: /^(Primaria|Secundaria) \d° [A-Z]$/,
  },
  en: {
    profile: "Teacher",
    categories: ["Behaviour", "Coexistence", "Academic", "Safety"],
    category: "Behaviour",
    type: "Disrupting the class",
    guideline: "A reflective conversation with the student at the end of the class",
    places: [
      "Classroom",
      "Playground",
      "Hallway",
      "Restrooms",
      "Cafeteria",
      "Entrance and exit",
      "Entrance",
      "School shop",
      "Sports courts",
      "Laboratory",
    ],
    level: /^(Primary|Secondary) \d° [A-Z]$/,
  },
};

const OTHER: Record<Lang, Lang> = { es: "en", en: "es" };

/** The texts of the place quick picks: all of them places in `lang`, none in the other language. */
async function expectPlacesIn(registration: RegistrationPage, lang: Lang) {
  const chips = registration.incidentForm.getByRole("group", { name: t(lang, "registration:place.quick") });
  await expect(chips.getByRole("button").first()).toBeVisible();
  const shown = await chips.getByRole("button").allTextContents();
  expect(shown.filter((p) => READS[OTHER[lang]].places.includes(p))).toEqual([]);
  expect(shown.filter((p) => READS[lang].places.includes(p)).length).toBeGreaterThanOrEqual(4);
  return shown;
}

for (const lang of ["es", "en"] as const) {
  const reads = READS[lang];
  const other = READS[OTHER[lang]];

  for (const width of [1280, 390]) {
    test(`in ${lang === "es" ? "Spanish" : "English"} at ${width} px the registration's lists and the header's profile read in ${lang}`, async ({
      page,
      school,
    }) => {
      await resizeTo(page, { width, height: width === 390 ? 844 : 900 });
      // Reading only: the teacher signs in with the language kept on this device (the account is not changed).
      await signInWithStorage(page, school.docente, { language: lang, to: "/register" });
      const layout = new AppLayout(page, lang);
      const registration = new RegistrationPage(page, lang);
      await layout.expectReady(/\/register$/);
      await expect(registration.incidentForm).toBeVisible();

      // The header's profile (in the drawer on a phone).
      const scope = width === 390 ? layout.drawer : layout.header;
      if (width === 390) {
        await layout.toggle.click();
        await expect(layout.drawer).toBeVisible();
      }
      const account = scope.getByRole("link", { name: new RegExp(`, ${reads.profile}$`) });
      await expect(account).toBeVisible();
      await expect(scope.getByText(reads.profile, { exact: true })).toBeVisible();
      await expect(scope.getByText(other.profile, { exact: true })).toHaveCount(0);
      await screenshot(page, `bilingual-header-${lang}-${width}`, false);
      if (width === 390) {
        await page.keyboard.press("Escape");
        await expect(layout.drawer).toBeHidden();
      }

      // The starter catalogue's categories and types, then the type's formative guidelines.
      for (const name of reads.categories) {
        await expect(registration.categories.getByText(name, { exact: true })).toBeVisible();
      }
      await expect(registration.categories.getByText(other.category, { exact: true })).toHaveCount(0);
      await registration.chooseCategory(reads.category);
      await registration.chooseType(reads.type);
      await expect(registration.typeOption(other.type)).toHaveCount(0);
      await expect(registration.guideline(reads.guideline)).toBeVisible();
      await expect(registration.guideline(other.guideline)).toHaveCount(0);

      // The place quick picks (the school's frequent places and the usual ones) and the group's level.
      const places = await expectPlacesIn(registration, lang);
      await registration.setPlace(places[0]!);
      await expect(registration.group).toHaveValue(reads.level);

      await screenshot(page, `bilingual-registration-${lang}-${width}`);
    });
  }
}

test("switching the language in the header turns the lists and the profile at once, without a reload", async ({
  page,
  freshUser,
}) => {
  // A teacher of the test's own: switching the language also saves it on the account.
  const user = await freshUser({ profile: "docente", privacyAccepted: true });
  await signInWithStorage(page, user.email, { password: user.password, to: "/register" });
  const layout = new AppLayout(page, "es");
  const registration = new RegistrationPage(page, "es");
  await layout.expectReady(/\/register$/);
  await expect(layout.header.getByText(READS.es.profile, { exact: true })).toBeVisible();
  await expect(registration.categories.getByText(READS.es.category, { exact: true })).toBeVisible();

  let loads = 0;
  page.on("load", () => loads++);
  await layout.chooseLanguage("en");
  registration.use("en");
  await expect(layout.header.getByText(READS.en.profile, { exact: true })).toBeVisible();
  await expect(registration.categories.getByText(READS.en.category, { exact: true })).toBeVisible();
  await expectPlacesIn(registration, "en");
  // Group labels come from the server in the reader's language: asked again after the switch.
  await registration.group.click();
  const groups = page.getByRole("listbox").getByRole("option");
  await expect(groups.first()).toHaveText(READS.en.level);
  await expect(page.getByRole("listbox").getByRole("option", { name: READS.es.level })).toHaveCount(0);
  expect(loads, "no reload").toBe(0);
});
