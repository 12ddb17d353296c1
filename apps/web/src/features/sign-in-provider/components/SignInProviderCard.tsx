import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSignInProvider } from "../api/sign-in-provider.ts";
import { SignInProviderForm } from "./SignInProviderForm.tsx";

/**
 * The school's identity provider as its Director sees it (master configuration → general information): whether there
 * is one and how it signs people in; the form opens editable where the platform administrator allowed it.
 */
export function SignInProviderCard({ schoolName }: { schoolName: string }) {
  const { t } = useTranslation("signInProvider");
  const current = useSignInProvider(null);
  const [open, setOpen] = useState(false);
  const provider = current.data?.provider ?? null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="sign-in-provider-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="sign-in-provider-title">
            {t("open")}
          </Title>
          {provider && (
            <Badge
              color={provider.enabled ? "teal" : "gray"}
              c={provider.enabled ? "#056b4d" : undefined}
              variant="light"
            >
              {provider.enabled ? t("stateOn") : t("stateOff")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {provider ? t("cardSummary", { label: provider.label }) : t("cardNone")}
        </Text>
        {provider && !provider.password_sign_in && <Text size="sm">{t("signIn.providerOnly")}</Text>}
        {provider && (
          <Group>
            <Button variant="default" size="sm" onClick={() => setOpen(true)}>
              {provider.director_may_edit ? t("cardEdit") : t("cardView")}
            </Button>
          </Group>
        )}
      </Stack>
      <SignInProviderForm schoolId={null} schoolName={schoolName} opened={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
