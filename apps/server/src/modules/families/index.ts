// The families module's public surface: the family profile and linking a family member (imports, invitations).
export { familiarProfileId, upsertFamilyMember } from "./families.repository.ts";
