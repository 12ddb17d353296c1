import { ArchivePage } from "../../pages/archive.ts";
import { IncidentDetailsPage } from "../../pages/incident-details.ts";
import { apiLogin, call } from "../../support/api.ts";
import { resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { LANGS, type Lang } from "../../support/i18n.ts";
import type { SpecSchool } from "../../support/school.ts";
import { screenshot } from "../../support/screenshot.ts";

/**
 * Issue 12 §5, one way to show dates and times: the same incident reads "25 nov 2026, 10:00" in Spanish and
 * "Nov 25, 2026, 10:00 AM" in English, in the archive (table and phone cards) and on its details, on the school's
 * clock (Mexico City) even when the device is set to another zone. Screenshots at 390 and 1280 px in both
 * languages go to artifacts/screenshots.
 */

// The device is in Tokyo (15 hours ahead of the school): the screens must still read the school's clock.
test.use({ timezoneId: "Asia/Tokyo" });

const MONTHS: Record<Lang, string[]> = {
  es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
};

/** How a person at the school reads 10:00 on `day` (YYYY-MM-DD), as the issue writes it. */
function tenAm(day: string, lang: Lang) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const name = MONTHS[lang][month - 1];
  return lang === "es" ? `${date} ${name} ${year}, 10:00` : `${name} ${date}, ${year}, 10:00 AM`;
}

/**
 * An open incident of the spec's school moved to 10:00 three days ago on the school's clock (Mexico City keeps
 * UTC−6 all year: 16:00 UTC). The oldest open one the Director may correct, so the other specs' newest stay.
 */
async function incidentAtTen(school: SpecSchool) {
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data } = await call<{ data: { incidents: { id: number; folio: number }[] } }>(
    "/api/incidents?status=open&sort=occurred_at&per_page=10",
    auth,
  );
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  for (const candidate of data.incidents) {
    const detail = await call<{ data: { incident: { allowed: { update: boolean } } } }>(
      `/api/incidents/${candidate.id}`,
      auth,
    );
    if (!detail.data.incident.allowed.update) continue;
    await call(`/api/incidents/${candidate.id}`, {
      ...auth,
      method: "PATCH",
      body: { occurred_at: `${day}T16:00:00.000Z` },
    });
    return { ...candidate, day };
  }
  throw new Error("the demo data has no open incident the Director may correct");
}

test("an incident's date reads the same in the archive and its details, in Spanish and English", async ({
  page,
  school,
}) => {
  test.setTimeout(120_000);
  const incident = await incidentAtTen(school);
  await signInWithStorage(page, school.director, { language: "es", to: "/archive" });

  for (const lang of LANGS) {
    const shown = tenAm(incident.day, lang);
    if (lang === "en") {
      await page.evaluate(() => localStorage.setItem("language", "en"));
    }
    for (const width of [1280, 390]) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      const archive = new ArchivePage(page, lang);
      await archive.goto(`q=${incident.folio}`);
      // The table's date cell, or the phone's card: the same text either way.
      await expect(archive.incident(incident.folio).getByText(shown, { exact: true })).toBeVisible();
      await screenshot(page, `dates-archive-${width}-${lang}`);

      await archive.open(incident.folio);
      const details = new IncidentDetailsPage(page, lang);
      await expect(details.folioHeading(incident.folio)).toBeVisible();
      await expect(details.main.getByText(shown, { exact: true }).first()).toBeVisible();
      await screenshot(page, `dates-details-${width}-${lang}`);
    }
  }
});
