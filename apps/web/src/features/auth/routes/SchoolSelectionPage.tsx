import "../../../app/full-styles.ts";
import { Avatar, Button, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconSchool } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../api/current-user.ts";
import { useEnterSchool } from "../api/enter-school.ts";
import { logout } from "../api/logout.ts";
import { AuthCard } from "../components/AuthCard.tsx";

/** Spec §2 /Schoolselection: only the user's active schools are offered. */
export default function SchoolSelectionPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const user = useCurrentUser();
  const entering = useEnterSchool();
  // The school being entered, for its row's busy state.
  const busy = entering.saving ?? null;
  const schools = (user.data?.schools ?? []).filter((s) => s.is_active);

  // submit's callback runs from the promise, not the mutation observer: entering a school re-renders the shell,
  // and an unmounted observer's callbacks are dropped, which would leave the user on this screen.
  const choose = (id: string) => entering.submit(id, (next) => next && navigate(next, { replace: true }));

  return (
    <AuthCard title={t("schoolSelection.title")} subtitle={t("schoolSelection.subtitle")}>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {schools.map((s) => (
          <li key={s.id}>
            <UnstyledButton
              onClick={() => choose(s.id)}
              disabled={busy !== null}
              w="100%"
              p="sm"
              style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 12 }}
              aria-busy={busy === s.id}
            >
              <Group wrap="nowrap">
                <Avatar src={s.logo} radius="md" color="blue" alt="">
                  <IconSchool size={20} aria-hidden />
                </Avatar>
                <div style={{ flex: 1 }}>
                  <Text fw={600}>{s.name}</Text>
                  <Text size="xs" c="dimmed">
                    {s.id}
                  </Text>
                </div>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <Button variant="subtle" color="gray" onClick={() => void logout()}>
        {t("schoolSelection.logout")}
      </Button>
    </AuthCard>
  );
}
