import type { AdminUser } from "@convive/domain";
import { ActionIcon, Alert, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The generated password, shown this once: the server keeps only its hash. */
export function TemporaryPassword({
  user,
  password,
  onDone,
}: {
  user: AdminUser;
  password: string;
  onDone: () => void;
}) {
  const { t } = useTranslation("admin");
  const name = `${user.first_name} ${user.paternal_surname}`.trim();
  return (
    <Stack gap="md">
      <Text>{t("users.createdFor", { name, email: user.email })}</Text>
      <TextInput
        label={t("users.temporaryPassword")}
        value={password}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 18, letterSpacing: 1 } }}
        rightSectionWidth={44}
        rightSection={
          <CopyButton value={password} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("users.copied") : t("users.copy")} withArrow>
                <ActionIcon
                  variant={copied ? "filled" : "light"}
                  color={copied ? "teal" : undefined}
                  onClick={copy}
                  aria-label={copied ? t("users.copied") : t("users.copy")}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Alert variant="light" color="yellow" icon={<IconShieldLock size={18} aria-hidden />}>
        {t("users.temporaryPasswordHint")}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t("users.done")}</Button>
      </Group>
    </Stack>
  );
}
