import { Alert, Button, Group, Paper, Select, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
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
  const assign = useAssignProfile();
  const run = () => {
    if (!profile || selected.size === 0) return;
    assign.mutate(
      { user_ids: [...selected], profile_id: Number(profile) },
      {
        onSuccess: () => {
          toast("success", t("bulk.assigned"));
          setProfile(null);
          onDone();
        },
        onError: () => toast("error", t("bulk.assignFailed")),
      },
    );
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
          <Button onClick={run} loading={assign.isPending} disabled={!profile}>
            {t("bulk.assign")}
          </Button>
          <Button
            variant="subtle"
            color="gray.8"
            onClick={() => {
              assign.reset();
              onDone();
            }}
          >
            {t("bulk.clear")}
          </Button>
        </Group>
      </Group>
      {assign.error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {assign.error.message}
        </Alert>
      )}
    </Paper>
  );
}
