import { MasterConfigurationPage, MC_SCREENS, mcPath } from "../../pages/master-configuration.ts";
import { call } from "../../support/api.ts";
import {
  axeViolations,
  DESKTOP,
  expectNoSidewaysScroll,
  narrowToPhone,
  resizeTo,
  type Violation,
  widenToDesktop,
} from "../../support/axe.ts";
import { DEMO } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { LANGS, t } from "../../support/i18n.ts";
import { switchLanguageInPlace } from "../../support/switch-language.ts";

/**
 * axe (WCAG 2 A/AA and the screens' best practices, support/axe.ts) on every master-configuration screen, as the
 * demo Director, in both languages, at 1280 and 390 px (issue 26 §6), where the page must not scroll sideways.
 */

/**
 * Violations already reported to the app's owners (not fixed here): each is listed with the screen, the rule and a
 * fragment of the failing elements' selector. They are attached as annotations instead of failing the run; any
 * other violation, or the same rule on other elements, fails.
 *
 * - school-users (SchoolUsersPage.tsx:152) and students-profile (StudentsProfilePage.tsx:96-103): the "light"
 *   status badges (Activo/Active) — #087f5b on #c3fae8 at 11 px bold is 4.32:1, below 4.5:1.
 */
const KNOWN: Record<string, { id: string; target: RegExp }[]> = {};

/** Removes the known nodes; what is left must be empty. */
function unexpected(child: string, violations: Violation[]): string[] {
  const known = KNOWN[child] ?? [];
  return violations.flatMap((v) => {
    const nodes = v.nodes.filter((n) => !known.some((k) => k.id === v.id && k.target.test(n.target)));
    return nodes.length === 0 ? [] : [`${v.id} (${v.impact}): ${v.help} — ${nodes.map((n) => n.target).join(", ")}`];
  });
}

test.describe("master configuration a11y", () => {
  for (const screen of MC_SCREENS) {
    // Opened once in Spanish at 1280 px, narrowed in place to 390 px, switched to English with the header's menu,
    // widened and narrowed again: both languages and both widths, one sign-in and one open.
    test(`${screen.child} has no WCAG A/AA violations at 1280 and 390 px (es, en)`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await resizeTo(page, DESKTOP);
      const { session, schoolId } = await signInWithStorage(page, DEMO.director, {
        language: "es",
        to: "/logo-convive.svg",
      });
      // The notice accepted beforehand, so no modal covers the screen.
      await call(`/api/users/${session.userId}`, {
        method: "POST",
        token: session.token,
        schoolId,
        body: { privacy_notice_viewed: 1 },
      });
      await page.goto(mcPath(screen.child));
      for (const [index, lang] of LANGS.entries()) {
        if (index > 0) {
          await widenToDesktop(page);
          expect(await switchLanguageInPlace(page, lang), "the header's language menu").toBe(true);
        }
        const mc = new MasterConfigurationPage(page, lang);
        await expect(mc.title).toHaveText(t(lang, screen.titleKey));
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        // Data loaded: no loader and no skeleton left in sight (a closed accordion keeps its loader hidden).
        await expect(mc.main.locator(".mantine-Loader-root:visible, .mantine-Skeleton-root:visible")).toHaveCount(0, {
          timeout: 15_000,
        });
        for (const width of [1280, 390] as const) {
          if (width === 390) await narrowToPhone(page);
          const violations = await axeViolations(page);
          if (violations.length > 0) {
            await testInfo.attach(`axe-${screen.child}-${width}-${lang}.json`, {
              body: JSON.stringify(violations, null, 2),
              contentType: "application/json",
            });
            for (const v of violations) {
              testInfo.annotations.push({
                type: "axe",
                description: `${v.id}: ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target} — ${v.nodes[0]?.summary}`,
              });
            }
          }
          expect
            .soft(unexpected(screen.child, violations), `axe WCAG A/AA violations on ${screen.child}-${width}-${lang}`)
            .toEqual([]);
          if (width === 390) await expectNoSidewaysScroll(page, `${screen.child}-${width}-${lang}`);
        }
      }
      // The shared demo Director's account back in Spanish (the switch saved English on it).
      await switchLanguageInPlace(page, "es");
    });
  }
});
