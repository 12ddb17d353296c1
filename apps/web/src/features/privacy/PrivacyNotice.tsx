import type { UserPayload } from "@convive/domain";
import { Button, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { logout } from "../auth/index.ts";
import { useAcceptPrivacyNotice } from "./api/accept-notice.ts";

export interface PrivacyTexts {
  name: string;
  privacy_notice_es: string | null;
  privacy_notice_en: string | null;
}

interface Props {
  user: UserPayload;
  schoolId: string | null;
  /** The selected school's notice; while it loads the modal waits, so nobody accepts a text they did not see. */
  school: PrivacyTexts | null | undefined;
}

/**
 * The school's aviso de privacidad at first sign-in, and again when the school publishes a new version (product
 * design §7). It cannot be dismissed: the user accepts it or signs out.
 */
export function PrivacyNotice({ user, schoolId, school }: Props) {
  const { t, i18n } = useTranslation("layout");
  const acceptance = useAcceptPrivacyNotice(user.id, schoolId);
  const busy = acceptance.busy;
  const opened = user.root === 0 && user.privacy_notice_viewed === 0 && schoolId !== null && Boolean(school);
  const english = i18n.resolvedLanguage === "en";
  const own = (english ? school?.privacy_notice_en : school?.privacy_notice_es)?.trim();
  const other = (english ? school?.privacy_notice_es : school?.privacy_notice_en)?.trim();
  const text = own || other || t("privacy.defaultText", { school: school?.name ?? "" });

  const accept = () => void acceptance.submit();

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      // Above any drawer or dialog a link opens with the page (the student's file of `?student=`): both sit at
      // Mantine's default layer, and the later one would cover this notice and take its clicks.
      zIndex={1000}
      centered
      size="lg"
      title={
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={22} aria-hidden />
          <Text fw={700} size="lg" component="span">
            {t("privacy.title")}
          </Text>
        </Group>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t("privacy.intro", { school: school?.name ?? "" })}
        </Text>
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Text size="sm" style={{ whiteSpace: "pre-line" }} tabIndex={0}>
            {text}
          </Text>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void logout("signedOut")} disabled={busy}>
            {t("privacy.signOut")}
          </Button>
          <Button onClick={accept} loading={busy}>
            {t("privacy.accept")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
