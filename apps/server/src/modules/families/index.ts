// The families module's public surface: the Familiar profile (imports) and the family record app.ts hands to
// invitations for accepting.
export { familiarProfileId, upsertFamilyMember } from "./families.repository.ts";
export { familiesModule } from "./families.routes.ts";
