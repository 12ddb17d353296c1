import { Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { type AccountSession, useEndSession, useSessions } from "../api/sessions.ts";
import { parseUserAgent, relativeTime } from "../device.ts";
import { Section } from "./Section.tsx";

/** The user's own signed-in devices; any other one can be signed out from here. */
export function SessionsSection() {
  const { t } = useTranslation("account");
  const sessions = useSessions();
  return (
    <Section title={t("sessions.title")} description={t("sessions.description")}>
      {sessions.isPending && <Skeleton h={72} radius="md" />}
      {sessions.isError && (
        <Group justify="space-between">
          <Text size="sm" c="red.8" role="alert">
            {sessions.error.message}
          </Text>
          <Button size="xs" variant="default" onClick={() => void sessions.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Group>
      )}
      {sessions.data && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const { t, i18n } = useTranslation("account");
  const endIt = useEndSession({ success: t("sessions.ended"), failure: (error) => error.message });
  const device = parseUserAgent(session.user_agent);
  const lang = i18n.resolvedLanguage ?? "es";
  const { dateTime } = useDates();
  const name =
    device.browser && device.os
      ? t("sessions.browserOn", { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t("sessions.unknownDevice"));

  // The row goes away with the refreshed list, so the button stays busy until then.
  const end = () => void endIt.submit(session.id);

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={session.current ? "var(--mantine-color-gray-0)" : undefined}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon variant="light" color="gray" size="lg" radius="md" aria-hidden>
          {device.mobile ? <IconDeviceMobile size={20} /> : <IconDeviceDesktop size={20} />}
        </ThemeIcon>
        <Group justify="space-between" align="flex-start" gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2} style={{ flex: "1 1 220px", minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {name}
              </Text>
              {session.current && (
                <Badge size="sm" variant="light" color="teal" c="#056b4d">
                  {t("sessions.thisDevice")}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t("sessions.ip", { ip: session.ip ?? "—" })}
            </Text>
            <Text size="xs" c="dimmed" title={dateTime(session.last_used_at)}>
              {t("sessions.lastUsed", { when: relativeTime(session.last_used_at, lang) })} ·{" "}
              {t("sessions.since", { date: dateTime(session.created_at) })}
            </Text>
          </Stack>
          {!session.current && (
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={endIt.busy}
              onClick={end}
              aria-label={t("sessions.endLabel", { device: name })}
            >
              {t("sessions.end")}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
