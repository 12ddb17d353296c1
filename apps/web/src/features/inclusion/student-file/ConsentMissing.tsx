import { ERRORS } from "@convive/domain/core";
import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { IconShieldOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStudentFileHref } from "../../student-file/index.ts";

/**
 * Why a condition cannot be recorded yet: the server's own CONSENT_MISSING_DISABILITY text (packages/domain
 * messages/errors.json) in the screen's language, and where the family grants it — the file's Consent tab, one
 * link away (the dialog closes and the file turns to that tab).
 */
export function ConsentMissing({ studentId, onLeave }: { studentId: number; onLeave: () => void }) {
  const { t, i18n } = useTranslation("inclusion");
  const href = useStudentFileHref();
  const reason = ERRORS.CONSENT_MISSING_DISABILITY[i18n.resolvedLanguage === "en" ? "en" : "es"];
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldOff size={20} aria-hidden />}
      title={t("consent.title")}
      data-testid="condition-consent-missing"
      styles={{ title: { color: "var(--mantine-color-gray-9)" } }}
      mb="md"
    >
      <Stack gap={4}>
        <Text size="sm">{reason}</Text>
        <Text size="sm">{t("consent.where")}</Text>
        <Anchor component={Link} to={href(studentId, "consent")} size="sm" fw={600} onClick={onLeave}>
          {t("consent.openTab")}
        </Anchor>
      </Stack>
    </Alert>
  );
}
