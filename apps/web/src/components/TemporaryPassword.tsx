import { ActionIcon, Alert, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** A new account's generated password, shown this once (the server keeps only its hash) with a copy button. */
export function TemporaryPassword({
  name,
  email,
  password,
  onDone,
}: {
  name: string;
  email: string;
  password: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(["common", "shell"]);
  return (
    <Stack gap="md">
      <Text size="sm">{t("temporaryPassword.createdFor", { name, email })}</Text>
      <TextInput
        label={t("temporaryPassword.label")}
        value={password}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 18, letterSpacing: 1 } }}
        rightSectionWidth={44}
        rightSection={
          <CopyButton value={password} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("temporaryPassword.copied") : t("temporaryPassword.copy")} withArrow>
                <ActionIcon
                  variant={copied ? "filled" : "light"}
                  color={copied ? "teal.8" : undefined}
                  onClick={copy}
                  aria-label={copied ? t("temporaryPassword.copied") : t("temporaryPassword.copy")}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Alert variant="light" color="yellow" icon={<IconShieldLock size={18} aria-hidden />}>
        {t("temporaryPassword.hint")}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t("temporaryPassword.done")}
        </Button>
      </Group>
    </Stack>
  );
}
