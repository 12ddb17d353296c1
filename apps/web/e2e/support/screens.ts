import { expect, type Page } from "@playwright/test";
import { ArchivePage } from "../pages/archive.ts";
import {
  ChangePasswordPage,
  LoginPage,
  NotFoundPage,
  RecoverPasswordPage,
  SchoolSelectionPage,
} from "../pages/auth.ts";
import { AppLayout } from "../pages/layout.ts";
import { NotificationsPage } from "../pages/notifications.ts";
import { RegistrationPage } from "../pages/registration.ts";
import { SchoolSwitcher } from "../pages/school-switcher.ts";
import { SetupChecklistPage } from "../pages/setup-checklist.ts";
import { apiLogin, call, createUser } from "./api.ts";
import { COLEGIO, DEMO, NORTE } from "./env.ts";
import { privacyDialog, setStoredLanguage, signInWithStorage } from "./fixtures.ts";
import { type Lang, t } from "./i18n.ts";
import { newSchoolWithDirector } from "./new-school.ts";
import { placeholderRoute } from "./placeholder.ts";

/**
 * The screens of the shell, each opened the same way for the accessibility checks and the screenshots: signed in
 * as the account that shows it best, in the given language, and waited for until its content is in place.
 */
export interface ShellScreen {
  name: string;
  /** Needs a dialog left open (the privacy notice): the test turns the auto-accept off. */
  keepsDialog?: boolean;
  /** Shows a modal: its screenshot is the window, not the whole page behind it. */
  modal?: boolean;
  open(page: Page, lang: Lang): Promise<void>;
}

/** Signed out (local storage emptied), in the given language. */
async function openOutside(page: Page, lang: Lang, path: string) {
  await page.goto("/logo-convive.svg");
  await page.evaluate(() => localStorage.clear());
  await setStoredLanguage(page, lang);
  await page.goto(path);
}

/** Signed in through the API, the notice already accepted (so no modal covers the screen). */
async function openSignedIn(page: Page, lang: Lang, email: string, path: string, serverLanguage = false) {
  const { session, schoolId } = await signInWithStorage(page, email, { language: lang, to: "/logo-convive.svg" });
  if (schoolId) {
    await call(`/api/users/${session.userId}`, {
      method: "POST",
      token: session.token,
      schoolId,
      // Texts the server writes (notifications) follow the account's saved language.
      body: { privacy_notice_viewed: 1, ...(serverLanguage ? { language: lang } : {}) },
    });
  }
  await page.goto(path);
}

export const SHELL_SCREENS: readonly ShellScreen[] = [
  {
    name: "login",
    async open(page, lang) {
      await openOutside(page, lang, "/");
      await expect(new LoginPage(page, lang).title).toBeVisible();
      await expect(page.getByRole("img", { name: "Convive" })).toBeVisible();
    },
  },
  {
    name: "recover-password",
    async open(page, lang) {
      await openOutside(page, lang, "/RecoverPassword");
      await expect(new RecoverPasswordPage(page, lang).title).toBeVisible();
    },
  },
  {
    name: "school-selection",
    async open(page, lang) {
      await signInWithStorage(page, DEMO.multi, { language: lang, to: "/Schoolselection" });
      const screen = new SchoolSelectionPage(page, lang);
      await expect(screen.title).toBeVisible();
      await expect(screen.schools).toHaveCount(2);
    },
  },
  {
    name: "school-switch",
    async open(page, lang) {
      // A member of two schools opens the header's school menu (issue 12 §3).
      await signInWithStorage(page, DEMO.multi, { schoolId: COLEGIO.id, language: lang, to: "/register" });
      await new AppLayout(page, lang).expectReady(/\/register$/);
      const switcher = new SchoolSwitcher(page, lang);
      await switcher.button(COLEGIO.name).click();
      await expect(switcher.option(NORTE.name)).toBeVisible();
    },
  },
  {
    name: "setup-checklist",
    async open(page, lang) {
      // A new school's Director lands on the setup checklist (issue 12 §2).
      const { director } = await newSchoolWithDirector(lang);
      await signInWithStorage(page, director.email, { password: director.password, language: lang, to: "/" });
      await expect(page).toHaveURL(/\/master-configuration\/general-information$/);
      await expect(new SetupChecklistPage(page, lang).card(0)).toBeVisible();
    },
  },
  {
    name: "change-password",
    async open(page, lang) {
      await signInWithStorage(page, DEMO.nuevo, { language: lang, to: "/Changepassword" });
      await expect(new ChangePasswordPage(page, lang).title).toBeVisible();
    },
  },
  {
    name: "change-password-errors",
    async open(page, lang) {
      await signInWithStorage(page, DEMO.nuevo, { language: lang, to: "/Changepassword" });
      const screen = new ChangePasswordPage(page, lang);
      await screen.change("x", "Nueva.Clave.2026", "Otra.Clave.2026");
      await expect(page.getByText(t(lang, "messages.passwordsDoNotMatch"))).toBeVisible();
    },
  },
  {
    name: "page-not-found",
    async open(page, lang) {
      await signInWithStorage(page, DEMO.director, { language: lang, to: "/page-not-found" });
      await expect(new NotFoundPage(page, lang).title).toBeVisible();
    },
  },
  {
    name: "layout-placeholder",
    async open(page, lang) {
      const route = placeholderRoute();
      await openSignedIn(page, lang, DEMO.director, route?.path ?? "/register");
      const layout = new AppLayout(page, lang);
      await layout.expectReady();
      if (route) {
        await expect(layout.title).toHaveText(t(lang, route.titleKey));
        await expect(layout.placeholder).toBeVisible();
      }
    },
  },
  {
    name: "privacy-notice",
    keepsDialog: true,
    modal: true,
    async open(page, lang) {
      const user = await createUser({ profile: "familiar", language: lang });
      await signInWithStorage(page, user.email, { password: user.password, language: lang, to: "/notifications" });
      await expect(privacyDialog(page)).toBeVisible();
      await expect(privacyDialog(page).getByRole("button", { name: t(lang, "layout:privacy.accept") })).toBeVisible();
    },
  },
  {
    name: "notifications",
    async open(page, lang) {
      await openSignedIn(page, lang, DEMO.director, "/notifications", true);
      const layout = new AppLayout(page, lang);
      await layout.expectReady(/\/notifications$/);
      // The demo's welcome, plus any incident another spec registered (the Director holds notify profile). No setup
      // reminder: the demo school is set up, and the reminder goes when the last stage does (issue 12 §2).
      await expect(new NotificationsPage(page, lang).list.getByRole("listitem").first()).toBeVisible();
    },
  },
  {
    name: "help-videos-dialog",
    modal: true,
    async open(page, lang) {
      await openSignedIn(page, lang, DEMO.director, "/register");
      const layout = new AppLayout(page, lang);
      await layout.expectReady(/\/register$/);
      // Beside the title: in the header on desktop, above the content on a phone.
      await page.getByRole("button", { name: t(lang, "layout:help.button") }).click();
      const dialog = page.getByRole("dialog", { name: t(lang, "layout:help.title") });
      await expect(dialog).toBeVisible();
      // The demo has one Spanish video for /register and none in English.
      if (lang === "es")
        await expect(dialog.getByRole("button", { name: "Cómo registrar una incidencia" })).toBeVisible();
      else await expect(dialog.getByText(t(lang, "layout:help.empty"))).toBeVisible();
    },
  },
  {
    name: "notifications-empty",
    async open(page, lang) {
      const user = await createUser({ profile: "familiar", language: lang, privacyAccepted: true });
      await signInWithStorage(page, user.email, { password: user.password, language: lang, to: "/notifications" });
      await new AppLayout(page, lang).expectReady(/\/notifications$/);
      await expect(page.getByText(t(lang, "notifications:empty.title"))).toBeVisible();
    },
  },
];

/** Opens one of the root's "new …" forms (a modal) on its admin screen. */
async function openAdminForm(page: Page, lang: Lang, path: string, buttonKey: string, titleKey: string) {
  await openSignedIn(page, lang, DEMO.root, path);
  await new AppLayout(page, lang).expectReady();
  await page
    .getByRole("main")
    .getByRole("button", { name: t(lang, buttonKey) })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: t(lang, titleKey) })).toBeVisible();
}

/** Screens another feature team owns; tested once their files exist. */
export const FEATURE_SCREENS: readonly ShellScreen[] = [
  {
    name: "account",
    async open(page, lang) {
      // A user of its own, signed in through the form: the devices list shows this browser alone.
      const user = await createUser({ profile: "director", language: lang, privacyAccepted: true });
      await openOutside(page, lang, "/");
      const login = new LoginPage(page, lang);
      await login.signIn(user.email, user.password);
      await new AppLayout(page, lang).expectReady(/\/register$/);
      await page.goto("/account");
      const layout = new AppLayout(page, lang);
      await layout.expectReady(/\/account$/);
      await expect(layout.title).toHaveText(t(lang, "nav.account"));
      await expect(page.getByText(t(lang, "account:sessions.thisDevice"))).toBeVisible();
    },
  },
  {
    name: "admin-schools",
    async open(page, lang) {
      await openSignedIn(page, lang, DEMO.root, "/admin-school-creator");
      await new AppLayout(page, lang).expectReady(/\/admin-school-creator$/);
      await expect(
        page.getByRole("main").getByText("Colegio Demo Andes").filter({ visible: true }).first(),
      ).toBeVisible();
    },
  },
  {
    name: "admin-users",
    async open(page, lang) {
      await openSignedIn(page, lang, DEMO.root, "/admin-user-creator");
      await new AppLayout(page, lang).expectReady(/\/admin-user-creator$/);
      await expect(
        page
          .getByRole("main")
          .getByText(/@convive\.test/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: "admin-help-videos",
    async open(page, lang) {
      await openSignedIn(page, lang, DEMO.root, "/help-video-creator");
      await new AppLayout(page, lang).expectReady(/\/help-video-creator$/);
      await expect(
        page.getByRole("main").getByText("Cómo registrar una incidencia").filter({ visible: true }).first(),
      ).toBeVisible();
    },
  },
  {
    name: "admin-jobs",
    async open(page, lang) {
      await openSignedIn(page, lang, DEMO.root, "/admin-jobs");
      await new AppLayout(page, lang).expectReady(/\/admin-jobs$/);
      await expect(page.getByRole("main").getByText("escalation-sweep").filter({ visible: true })).toBeVisible();
    },
  },
  {
    name: "admin-school-form",
    modal: true,
    open: (page, lang) =>
      openAdminForm(page, lang, "/admin-school-creator", "admin:schools.new", "admin:schools.createTitle"),
  },
  {
    name: "admin-user-form",
    modal: true,
    open: (page, lang) =>
      openAdminForm(page, lang, "/admin-user-creator", "admin:users.new", "admin:users.createTitle"),
  },
  {
    name: "admin-help-video-form",
    modal: true,
    open: (page, lang) =>
      openAdminForm(page, lang, "/help-video-creator", "admin:videos.new", "admin:videos.createTitle"),
  },
  ...incidentScreens(),
];

/** The id of the newest incident the account sees (demo data holds a term of them). */
async function newestIncident(email: string): Promise<number> {
  const session = await apiLogin(email);
  const { data } = await call<{ data: { incidents: { id: number }[] } }>("/api/incidents?per_page=1", {
    token: session.token,
    schoolId: COLEGIO.id,
  });
  return data.incidents[0]!.id;
}

/** A student of the newest incident the account sees: one with records in every tab of the file. */
async function studentOfNewestIncident(email: string): Promise<{ id: number; name: string }> {
  const session = await apiLogin(email);
  const { data } = await call<{ data: { incidents: { students: { id: number | null; name: string | null }[] }[] } }>(
    "/api/incidents?per_page=1",
    { token: session.token, schoolId: COLEGIO.id },
  );
  const student = data.incidents[0]!.students.find((s) => s.id !== null)!;
  return { id: student.id!, name: student.name! };
}

/** Issue 5's screens: registration, the archive and one incident (staff and family), the two configurators. */
function incidentScreens(): ShellScreen[] {
  const main = (page: Page) => page.getByRole("main");
  return [
    {
      name: "registration",
      async open(page, lang) {
        await openSignedIn(page, lang, "docente1@convive.test", "/register");
        await expect(new RegistrationPage(page, lang).incidentForm).toBeVisible();
        await expect(main(page).getByRole("checkbox").filter({ visible: true }).first()).toBeVisible();
      },
    },
    {
      name: "archive",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.director, "/archive");
        await expect(new ArchivePage(page, lang).results.getByRole("link").first()).toBeVisible();
      },
    },
    {
      name: "archive-family",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.familia, "/archive");
        await expect(new ArchivePage(page, lang).results.getByRole("link").first()).toBeVisible();
      },
    },
    {
      name: "incident-details",
      async open(page, lang) {
        const id = await newestIncident(DEMO.director);
        await openSignedIn(page, lang, DEMO.director, `/incident-details?id=${id}`);
        await expect(
          main(page).getByRole("heading", {
            level: 2,
            name: new RegExp(`^${t(lang, "incidents:folio", { folio: "" })}`),
          }),
        ).toBeVisible();
      },
    },
    {
      name: "incident-details-family",
      async open(page, lang) {
        const id = await newestIncident(DEMO.familia);
        await openSignedIn(page, lang, DEMO.familia, `/incident-details?id=${id}`);
        await expect(
          main(page).getByRole("heading", {
            level: 2,
            name: new RegExp(`^${t(lang, "incidents:folio", { folio: "" })}`),
          }),
        ).toBeVisible();
      },
    },
    {
      name: "incidents-configurator",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.director, "/master-configuration/incidents-configurator");
        await expect(
          main(page)
            .getByText(lang === "es" ? "Conducta" : "Behaviour")
            .first(),
        ).toBeVisible();
      },
    },
    {
      name: "observations-configurator",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.director, "/master-configuration/observations-configurator");
        await expect(
          main(page)
            .getByText(lang === "es" ? "Participación destacada" : "Outstanding participation")
            .filter({ visible: true })
            .first(),
        ).toBeVisible();
      },
    },
    {
      // Issue 14 §2: the Director's co-occurrence map with the demo's recurring pairs and its table.
      name: "incident-graph",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.director, "/incident-graph?view=map");
        await expect(page.getByTestId("strongest-pairs").getByRole("row").nth(1)).toBeVisible();
      },
    },
    {
      // Issue 14 §1: the Director's strategic vision of the current period with its charts and heatmap.
      name: "strategic-vision",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.director, "/strategic-vision");
        await expect(main(page).locator(".recharts-bar-rectangle").first()).toBeVisible();
      },
    },
    {
      // Issue 14 §2: the incidents over time, the graph's first view, with its chart and table.
      name: "incident-graph-time",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.director, "/incident-graph");
        await expect(main(page).locator(".recharts-bar-rectangle").first()).toBeVisible();
      },
    },
    {
      // Issue 12 §1: a student's file over the registration screen, every tab in its row.
      name: "student-file",
      async open(page, lang) {
        const student = await studentOfNewestIncident(DEMO.director);
        await openSignedIn(page, lang, DEMO.director, `/register?student=${student.id}`);
        const file = page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });
        await expect(file.getByRole("heading", { name: student.name })).toBeVisible();
        await expect(file.getByRole("tabpanel")).toBeVisible();
      },
    },
    {
      // Issue 13 §4: the Director's scorecard of a student, its periods side by side (a scroll region on a phone).
      name: "scorecard-staff",
      async open(page, lang) {
        const student = await studentOfNewestIncident(DEMO.director);
        await openSignedIn(page, lang, DEMO.director, `/scorecard?alumno=${student.id}`);
        await expect(main(page).getByRole("table")).toBeVisible();
      },
    },
    {
      // Issue 13 §2: docente@'s grid of her group for the current period (partly rated by the demo).
      name: "ratings",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.docente, "/ratings");
        // A desktop shows the grid; a phone one student at a time ("Estudiante 1 de 16").
        const gridRow = main(page).getByRole("grid").locator("tbody tr").first();
        const phoneStudent = main(page).getByText(/^(Estudiante|Student) 1 (de|of) \d+$/);
        await expect(gridRow.or(phoneStudent)).toBeVisible();
      },
    },
    {
      // Issue 13 §2: a family's children's published ratings.
      name: "ratings-family",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.familia, "/ratings");
        await expect(main(page).getByRole("region").first()).toBeVisible();
      },
    },
    {
      // Issue 13 §4: a family's scorecard (Bimestre 1, published by the demo).
      name: "scorecard-family",
      async open(page, lang) {
        await openSignedIn(page, lang, DEMO.familia, "/scorecard");
        await expect(main(page).getByRole("table")).toBeVisible();
      },
    },
  ];
}
