import { localName, ROOT_ROLE_LABEL } from "@convive/domain/core";
import { Grid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { useSession } from "../../../lib/session.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { LanguageSection } from "../components/LanguageSection.tsx";
import { PasswordSection } from "../components/PasswordSection.tsx";
import { ProfileModulesSection } from "../components/ProfileModulesSection.tsx";
import { ProfileSection } from "../components/ProfileSection.tsx";
import { SessionsSection } from "../components/SessionsSection.tsx";

/** /account (spec §2), reached from the header's user block; the same screen for root and school users. */
export default function AccountPage() {
  const user = useCurrentUser().data;
  const { schoolId } = useSession();
  const maxMb = useMaxFileSizeMb();
  const { t, i18n } = useTranslation();
  if (!user) return null;
  const role = user.roles?.[0];
  // The profile in the reader's language, as the header shows it (issue 12 §6).
  const roleLabel =
    user.root === 1
      ? t("layout:rootRole", { defaultValue: ROOT_ROLE_LABEL })
      : role
        ? localName(role, i18n.resolvedLanguage ?? "es")
        : "";
  return (
    <Stack gap="lg" maw={1120}>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileSection key={user.id} user={user} maxMb={maxMb} roleLabel={roleLabel} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <LanguageSection userId={user.id} />
            <PasswordSection />
          </Stack>
        </Grid.Col>
      </Grid>
      {user.roles?.[0] && schoolId && (
        <ProfileModulesSection roleId={user.roles[0].id} roleName={roleLabel} schoolId={schoolId} />
      )}
      <SessionsSection />
    </Stack>
  );
}
