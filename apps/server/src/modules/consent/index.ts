// The consent module's public surface: the plugin app.ts registers, the student file's "Consent" section, and what
// a module storing sensitive data calls first — requireConsent (refuses without the family's consent) and
// consentState (every category's state, to show it).
export { consentModule } from "./consent.module.ts";
export { consentFileSection } from "./consent.section.ts";
export { consentState, requireConsent } from "./consent.service.ts";
