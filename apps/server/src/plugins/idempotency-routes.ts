/**
 * Whether a POST route takes an Idempotency-Key (plugins/idempotency.ts). Routes built by lib/resource-routes.ts
 * are keyed there, and a new hand-written route says it in its own `config.idempotency`; this table rules the
 * hand-written routes that were there before the mechanism. The route walk (idempotency.test.ts) fails for a POST
 * route ruled nowhere, and for an entry here that matches no route.
 */
export type IdempotencyRule = "keyed" | { exempt: string };

const SESSION =
  "Sign-in and session flow: each call answers fresh tokens or spends a single-use one, so replaying an earlier answer would hand back a spent credential; the throttle counts repeats.";
const READ = "A read sent as POST (the question is too long for a URL): it writes nothing.";
const PICTURE = "Replaces the one picture it names: a repeat leaves one picture, never two.";
const PLATFORM =
  "Platform administration outside any school (keys are kept per school); a repeat is refused with 409: ";

export const HAND_WRITTEN_ROUTES: Readonly<Record<string, IdempotencyRule>> = {
  // Creates a form or a retry can repeat.
  "POST /api/incidents": "keyed",
  "POST /api/incidents/:id/attachments": "keyed",
  "POST /api/imports/:kind/commit": "keyed",
  // Calls whose repeat creates nothing, or that cannot take a key.
  "POST /login": { exempt: SESSION },
  "POST /logout": { exempt: "Ends the caller's session: ending it again ends nothing more." },
  "POST /api/auth/refresh": { exempt: SESSION },
  "POST /api/auth/unlock": { exempt: SESSION },
  "POST /api/user/forgot-password": { exempt: SESSION },
  "POST /api/user/reset-password": { exempt: SESSION },
  "POST /api/invitations/accept": { exempt: SESSION },
  "POST /api/invitations/lookup": { exempt: READ },
  "POST /api/user/change-password": {
    exempt:
      "Sets the caller's password: a repeat sets the same one; a replay must never skip the current-password check.",
  },
  "POST /api/users/:id": {
    exempt: "Updates the caller's own account (privacy acceptance): a repeat writes the same values.",
  },
  "POST /api/jitscore-modules/videos-by-url": { exempt: READ },
  "POST /api/incidents/family-text-check": { exempt: READ },
  "POST /api/imports/:kind/dry-run": { exempt: "Checks a file and writes nothing." },
  "POST /api/notifications/:id/read": { exempt: "Marks one notification read: a repeat changes nothing." },
  "POST /api/notifications/read-all": { exempt: "Marks the bell read: a repeat changes nothing." },
  "POST /api/users/:id/avatar": { exempt: PICTURE },
  "POST /api/school-info/logo": { exempt: PICTURE },
  "POST /api/students/:id/photo": { exempt: PICTURE },
  "POST /api/students/photos/:enrollment": { exempt: PICTURE },
  "POST /api/students/photos": {
    exempt: "Replaces each named student's one picture from a ZIP: a repeat leaves one picture each.",
  },
  "POST /api/admin/schools": { exempt: `${PLATFORM}a school's id is unique.` },
  "POST /api/admin/users": { exempt: `${PLATFORM}an account's e-mail is unique.` },
  "POST /api/admin/users/:id/memberships": { exempt: `${PLATFORM}one membership per school and person.` },
  "POST /api/unsent-emails/:id/retry": {
    exempt: "A retry puts one unsent e-mail back in the outbox; a repeat finds it no longer on the list (404).",
  },
  "POST /api/admin/unsent-emails/:id/retry": {
    exempt: `${PLATFORM}a retry puts one unsent e-mail back in the outbox; a repeat finds it gone from the list (404).`,
  },
  "POST /api/admin/jobs/:queue/:id/retry": {
    exempt: `${PLATFORM}a retry moves one dead job back to the queue; a repeat finds it no longer dead (404).`,
  },
  "POST /api/admin/help-videos": {
    exempt:
      "Platform administration outside any school (keys are kept per school); the root's one list of videos shows a repeat at once, to delete.",
  },
};

/** The rule the table gives a hand-written route, if any. */
export const ruleOf = (method: string, url: string): IdempotencyRule | undefined =>
  HAND_WRITTEN_ROUTES[`${method} ${url}`];
