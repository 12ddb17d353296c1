import { ERRORS } from "@convive/domain/core";
import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { IconShieldOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStudentFileHref } from "../../student-file/index.ts";

/**
 * Why a referral cannot be saved yet: the server's own CONSENT_MISSING_EXTERNAL_SUPPORT text (packages/domain
 * messages/errors.json) in the screen's language, and where the family grants it — the Consent tab of the file,
 * which the link opens (inside the file it turns the file to that tab).
 */
export function ConsentNotice({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation("externalSupport");
  const href = useStudentFileHref();
  const reason = ERRORS.CONSENT_MISSING_EXTERNAL_SUPPORT[i18n.resolvedLanguage === "en" ? "en" : "es"];
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldOff size={20} aria-hidden />}
      title={t("consent.missingTitle")}
      data-testid="referral-consent-missing"
      styles={{ title: { color: "#7c4a03" } }}
    >
      <Stack gap={4}>
        <Text size="sm">{reason}</Text>
        <Text size="sm">{t("consent.where")}</Text>
        <Anchor component={Link} to={href(studentId, "consent")} size="sm" fw={600}>
          {t("consent.openTab")}
        </Anchor>
      </Stack>
    </Alert>
  );
}
