import { Alert, Button, Group, Paper, Select, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAssignProfile } from "./api.ts";

/** The bar over the list while users are selected: one profile for all of them. */
export function BulkAssign({
  selected,
  profileOptions,
  onDone,
}: {
  selected: ReadonlySet<number>;
  profileOptions: { value: string; label: string }[];
  /** Clears the selection (after assigning, or on 'Clear selection'). */
  onDone: () => void;
}) {
  const { t } = useTranslation("masterUsers");
  const [profile, setProfile] = useState<string | null>(null);
  const assign = useAssignProfile({ success: t("bulk.assigned"), failure: t("bulk.assignFailed") });
  const run = () => {
    if (!profile || selected.size === 0) return;
    void assign.submit({ user_ids: [...selected], profile_id: Number(profile) }, () => {
      setProfile(null);
      onDone();
    });
  };
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" role="region" aria-label={t("bulk.region")}>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Text size="sm" fw={600} aria-live="polite">
          {t("bulk.selected", { count: selected.size })}
        </Text>
        <Group gap="sm" align="flex-end" w={{ base: "100%", sm: "auto" }}>
          <Select
            label={t("bulk.profile")}
            placeholder={t("form.pickProfile")}
            data={profileOptions}
            value={profile}
            onChange={setProfile}
            w={{ base: "100%", sm: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button onClick={run} loading={assign.busy} disabled={!profile}>
            {t("bulk.assign")}
          </Button>
          <Button
            variant="subtle"
            color="gray.8"
            onClick={() => {
              assign.clearFailure();
              onDone();
            }}
          >
            {t("bulk.clear")}
          </Button>
        </Group>
      </Group>
      {assign.failure && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {assign.failure}
        </Alert>
      )}
    </Paper>
  );
}
