import { ArchivePage } from "../../pages/archive.ts";
import { resizeTo } from "../../support/axe.ts";
import { DEMO } from "../../support/env.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";

/**
 * Issue 11: the archive shows its page before anything is counted (count=later); the number of matches follows
 * on its own call and fills in "1–25 de …", once for the filters whatever the page.
 */
test("archive: the page at once, its count after it, counted once for every page of the same filters", async ({
  page,
}) => {
  await resizeTo(page, { width: 1280, height: 800 });
  const counted: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/incidents/count") counted.push(request.url());
  });
  await signInWithStorage(page, DEMO.director, { to: "/archive" });
  const archive = new ArchivePage(page);
  await archive.goto();

  // The demo school has more incidents than a page: the page comes without its count, which follows.
  await expect(archive.summary).toHaveText(/^1–25 de \d[\d,.\s]* incidencias$/);
  const total = Number((await archive.summary.textContent())!.replace(/^1–25 de |\D/g, ""));
  expect(total).toBeGreaterThan(25);
  expect(counted).toHaveLength(1);

  await archive.goToPage(2);
  await expect(archive.summary).toHaveText(new RegExp(`^26–50 de ${total.toLocaleString("es-MX")} incidencias$`));
  expect(counted).toHaveLength(1);
});
