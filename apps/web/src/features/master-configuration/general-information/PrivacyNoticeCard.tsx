import type { SchoolInfo } from "@convive/domain";
import { Alert, SimpleGrid, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Card } from "../shared/Card.tsx";
import type { SchoolInfoFormType } from "./school-info-values.ts";

/** The privacy notice in both languages; a changed notice is accepted again by everyone (its version rises). */
export function PrivacyNoticeCard(props: { form: SchoolInfoFormType; info: SchoolInfo; noticeChanged: boolean }) {
  const { form, info, noticeChanged } = props;
  const { t } = useTranslation("masterConfiguration");
  return (
    <Card title={t("privacy.title")} description={t("privacy.description", { version: info.privacy_notice_version })}>
      <Alert
        variant="light"
        color={noticeChanged ? "orange" : "yellow"}
        icon={<IconAlertTriangle size={18} aria-hidden />}
        c="dark.8"
      >
        {t("privacy.warning")}
      </Alert>
      {!form.values.privacy_notice_es.trim() && !form.values.privacy_notice_en.trim() && (
        <Text size="sm" c="dimmed">
          {t("privacy.emptyHint")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Textarea
          label={t("privacy.es")}
          autosize
          minRows={6}
          maxRows={16}
          {...form.getInputProps("privacy_notice_es")}
        />
        <Textarea
          label={t("privacy.en")}
          autosize
          minRows={6}
          maxRows={16}
          {...form.getInputProps("privacy_notice_en")}
        />
      </SimpleGrid>
    </Card>
  );
}
