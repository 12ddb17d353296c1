import type { ConditionType } from "@convive/domain";
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useConditionTypes, useSaveConditionType } from "../api/types.ts";

/** The school's condition types: each renamed in both languages or switched off/on (kept: records name them). */
export function ConditionTypesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("inclusion");
  const phone = useIsPhone();
  const types = useConditionTypes();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("types.title")}
      size="lg"
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t("types.intro")}
        </Text>
        {!types.data ? (
          <QueryState query={types} height={120} />
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("types.title")}>
            {types.data.map((type) =>
              editing === type.id ? (
                <li key={type.id}>
                  <TypeForm type={type} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <TypeRow key={type.id} type={type} onEdit={() => setEditing(type.id)} />
              ),
            )}
          </Stack>
        )}
        {editing === "new" ? (
          <TypeForm type={null} onDone={() => setEditing(null)} />
        ) : (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
              {t("types.add")}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function TypeRow({ type, onEdit }: { type: ConditionType; onEdit: () => void }) {
  const { t } = useTranslation("inclusion");
  const save = useSaveConditionType({ success: t(type.active ? "types.deactivated" : "types.activated") });
  return (
    <Paper component="li" withBorder radius="md" px="sm" py={6} data-testid="condition-type">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} c={type.active ? undefined : "gray.7"} truncate="end">
            {type.name}
          </Text>
          <Text size="xs" c="gray.7" lang="en" truncate="end">
            {type.name_en}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {!type.active && (
            <Badge variant="light" color="gray" c="gray.8" size="sm">
              {t("types.inactive")}
            </Badge>
          )}
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size={36}
            aria-label={t("types.rename", { name: type.label })}
            onClick={onEdit}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <Button
            size="xs"
            variant="subtle"
            color={type.active ? "red" : undefined}
            c={type.active ? "red.9" : undefined}
            loading={save.busy}
            aria-label={t(type.active ? "types.deactivateName" : "types.activateName", { name: type.label })}
            onClick={() =>
              void save.submit({ id: type.id, name: type.name, name_en: type.name_en, active: !type.active })
            }
          >
            {t(type.active ? "types.deactivate" : "types.activate")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function TypeForm({ type, onDone }: { type: ConditionType | null; onDone: () => void }) {
  const { t } = useTranslation("inclusion");
  const form = useForm({
    initialValues: { name: type?.name ?? "", name_en: type?.name_en ?? "" },
    validate: {
      name: (v) => (v.trim() ? null : t("form.required")),
      name_en: (v) => (v.trim() ? null : t("form.required")),
    },
  });
  const save = useSaveConditionType({ form, success: t("types.saved") });
  const submit = form.onSubmit((v) =>
    save.submit({ id: type?.id ?? null, name: v.name, name_en: v.name_en, active: type?.active ?? true }, onDone),
  );
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={submit} noValidate aria-label={type ? t("types.rename", { name: type.label }) : t("types.add")}>
        <Stack gap="xs">
          {save.failure && (
            <Text size="sm" c="red.8" role="alert">
              {save.failure}
            </Text>
          )}
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              label={t("types.name")}
              withAsterisk
              maxLength={80}
              data-autofocus
              {...form.getInputProps("name")}
            />
            <TextInput label={t("types.nameEn")} withAsterisk maxLength={80} {...form.getInputProps("name_en")} />
          </Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onDone} disabled={save.busy}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" size="xs" loading={save.busy}>
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
