import { ROOT_ROLE_LABEL } from "@convive/domain/core";
import { Grid, Stack } from "@mantine/core";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { useSession } from "../../../lib/session.ts";
import { useCurrentUser } from "../../auth/api/current-user.ts";
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
  if (!user) return null;
  const roleLabel = user.root === 1 ? ROOT_ROLE_LABEL : (user.roles?.[0]?.name ?? "");
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
        <ProfileModulesSection roleId={user.roles[0].id} roleName={user.roles[0].name} schoolId={schoolId} />
      )}
      <SessionsSection />
    </Stack>
  );
}
