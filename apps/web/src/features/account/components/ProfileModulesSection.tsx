import { MODULE_KEYS } from "@convive/domain/core";
import { Badge, Group, Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRolePermissions } from "../api/role-permissions.ts";
import { Section } from "./Section.tsx";

// Menu label of each module key (shell.json "menu").
const MENU_KEY: Record<(typeof MODULE_KEYS)[number], string> = {
  "module-incidents-registration": "register",
  "module-strategic-vision": "strategicVision",
  "module-incidents-details": "archive",
  "module-scorings": "ratings",
  "module-notifications": "notifications",
  "module-scorecard": "scorecard",
  "module-form-student": "formsParents",
  "module-master-configuration": "masterConfiguration",
  "module-incidents-graph": "incidentGraph",
  "module-nursing": "nursing",
};

/** The modules the user's profile opens in this school, read from the profile itself. */
export function ProfileModulesSection({
  roleId,
  roleName,
  schoolId,
}: {
  roleId: number;
  roleName: string;
  schoolId: string;
}) {
  const { t } = useTranslation("account");
  const grants = useRolePermissions(roleId, schoolId);
  return (
    <Section title={t("profileModules.title")} description={t("profileModules.description", { profile: roleName })}>
      {grants.isPending && <Loader size="sm" aria-label={t("common:loading")} />}
      {grants.isError && <Text c="red.8">{grants.error.message}</Text>}
      {grants.data && (
        <Group gap="xs">
          {MODULE_KEYS.filter((key) => grants.data.includes(key)).map((key) => (
            <Badge key={key} variant="light" color="gray" size="lg" tt="none">
              {t(`shell:menu.${MENU_KEY[key]}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Section>
  );
}
