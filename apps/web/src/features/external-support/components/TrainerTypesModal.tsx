import { type TrainerType, TrainerTypeBody } from "@convive/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconEdit, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useSaveTrainerType, useTrainerTypes } from "../api/options.ts";

/**
 * "Tipos de especialista" (spec §3: external trainers have a trainer type): the school's list in Spanish and
 * English. A type is added, renamed or switched off — never deleted, so past referrals keep their label.
 */
export function TrainerTypesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("externalSupport");
  const phone = useIsPhone();
  const types = useTrainerTypes();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      radius="lg"
      fullScreen={phone}
      title={t("types.title")}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t("types.intro")}
        </Text>
        {types.isError && (
          <Alert color="red" variant="light" role="alert">
            {types.error.message}
          </Alert>
        )}
        {types.isPending && <Skeleton h={160} radius="md" />}
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="trainer-types">
          {(types.data ?? []).map((type) =>
            editing === type.id ? (
              <Paper key={type.id} component="li" withBorder radius="md" p="sm">
                <TypeForm type={type} onDone={() => setEditing(null)} />
              </Paper>
            ) : (
              <TypeRow key={type.id} type={type} onEdit={() => setEditing(type.id)} />
            ),
          )}
        </Stack>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Title order={3} size="h6">
              {t("types.add")}
            </Title>
            <TypeForm type={null} onDone={() => undefined} />
          </Stack>
        </Paper>
      </Stack>
    </Modal>
  );
}

function TypeRow({ type, onEdit }: { type: TrainerType; onEdit: () => void }) {
  const { t } = useTranslation("externalSupport");
  const save = useSaveTrainerType({ success: false });
  const toggle = (active: boolean) => void save.submit({ id: type.id, name: type.name, name_en: type.name_en, active });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="trainer-type">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text fw={600} size="sm" c={type.active ? undefined : "gray.7"}>
              {type.name}
            </Text>
            {!type.active && (
              <Badge size="sm" variant="light" color="gray" c="gray.8" tt="none">
                {t("types.inactive")}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="gray.7" lang="en">
            {type.name_en}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Switch
            label={t("types.active")}
            checked={type.active}
            disabled={save.busy}
            onChange={(e) => toggle(e.currentTarget.checked)}
            aria-label={t("types.activeFor", { name: type.name })}
          />
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconEdit size={16} aria-hidden />}
            onClick={onEdit}
            aria-label={t("types.renameFor", { name: type.name })}
          >
            {t("types.rename")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Names a new type (no `type`) or renames one, in both languages. */
function TypeForm({ type, onDone }: { type: TrainerType | null; onDone: () => void }) {
  const { t } = useTranslation("externalSupport");
  const form = useForm({
    initialValues: { name: type?.name ?? "", name_en: type?.name_en ?? "" },
    validate: (values) => schemaErrors(TrainerTypeBody, values, t),
  });
  const save = useSaveTrainerType({ form, success: type ? t("types.renamed") : t("types.added") });
  const submit = form.onSubmit(
    (values) =>
      void save.submit({ id: type?.id, ...values, active: type?.active ?? true }, () => {
        form.reset();
        onDone();
      }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {save.failure && (
          <Alert color="red" variant="light" role="alert">
            {save.failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("types.nameEs")}
            required
            maxLength={80}
            data-autofocus={type ? true : undefined}
            {...form.getInputProps("name")}
          />
          <TextInput label={t("types.nameEn")} required maxLength={80} {...form.getInputProps("name_en")} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {type && (
            <Button variant="default" onClick={onDone} disabled={save.busy}>
              {t("common:actions.cancel")}
            </Button>
          )}
          <Button type="submit" loading={save.busy} leftSection={type ? undefined : <IconPlus size={16} aria-hidden />}>
            {type ? t("common:actions.save") : t("types.addButton")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
