import type { ProfileSummary } from "@convive/domain";
import { localName } from "@convive/domain/core";
import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconLock, IconPencil, IconPlus, IconShieldCheck, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { useDeleteProfile, useMatrix, useProfileList } from "./api.ts";
import { PermissionEditor } from "./PermissionEditor.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import classes from "./ProfileList.module.css";

/** Route master-configuration/user-profile (server module profiles-admin): the school's profiles, their members and their permission matrix. */
export default function ProfilesAdminPage() {
  const { t, i18n } = useTranslation("masterUsers");
  // Profiles read in the reader's language (issue 12 §6).
  const nameOf = (p: ProfileSummary) => localName(p, i18n.resolvedLanguage ?? "es");
  const access = useAccess();
  const profiles = useProfileList();
  const deleteProfile = useDeleteProfile();
  const confirm = useConfirm();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ profile: ProfileSummary | null } | null>(null);
  const can = {
    create: access.can("master-configuration-users-profiles", "create"),
    update: access.can("master-configuration-users-profiles", "update"),
    delete: access.can("master-configuration-users-profiles", "delete"),
  };
  const list = profiles.data ?? [];
  const selected = list.find((p) => p.id === selectedId) ?? null;
  const matrix = useMatrix(selected?.id ?? null);

  useEffect(() => {
    if (list.length > 0 && !list.some((p) => p.id === selectedId)) setSelectedId(list[0]!.id);
  }, [list, selectedId]);

  const remove = (p: ProfileSummary) =>
    confirm.ask({
      title: t("profiles.deleteTitle", { name: nameOf(p) }),
      message: t("profiles.deleteMessage", { name: nameOf(p) }),
      confirmLabel: t("profiles.delete"),
      danger: true,
      action: () => deleteProfile.run(p.id),
    });

  return (
    <MasterConfigurationPage>
      <QueryState query={profiles} />
      {profiles.data && (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Card
              title={t("profiles.title")}
              description={t("profiles.description")}
              actions={
                can.create && (
                  <Button
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => setEditing({ profile: null })}
                  >
                    {t("profiles.new")}
                  </Button>
                )
              }
            >
              {list.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t("profiles.empty")}
                </Text>
              ) : (
                <>
                  <Select
                    hiddenFrom="lg"
                    label={t("profiles.pick")}
                    data={list.map((p) => ({
                      value: String(p.id),
                      label: `${nameOf(p)} · ${t("profiles.members", { count: p.members_count })}`,
                    }))}
                    value={selectedId ? String(selectedId) : null}
                    onChange={(v) => v && setSelectedId(Number(v))}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }} visibleFrom="lg">
                    {list.map((p) => (
                      <li key={p.id}>
                        <Group
                          gap={4}
                          wrap="nowrap"
                          className={classes.item}
                          data-active={p.id === selectedId || undefined}
                        >
                          <UnstyledButton
                            className={classes.select}
                            onClick={() => setSelectedId(p.id)}
                            aria-current={p.id === selectedId ? "true" : undefined}
                          >
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" fw={600} truncate>
                                {nameOf(p)}
                              </Text>
                              {p.protected && (
                                <Tooltip label={t("profiles.protected")} withArrow>
                                  <IconLock size={14} aria-label={t("profiles.protected")} />
                                </Tooltip>
                              )}
                            </Group>
                            <Text size="xs" c="gray.7">
                              {t("profiles.members", { count: p.members_count })}
                              {p.members_count !== p.active_members_count &&
                                ` · ${t("profiles.active", { count: p.active_members_count })}`}
                            </Text>
                          </UnstyledButton>
                          {can.update && !p.protected && (
                            <ActionIcon
                              variant="subtle"
                              color="gray.8"
                              onClick={() => setEditing({ profile: p })}
                              aria-label={t("profiles.renameLabel", { name: nameOf(p) })}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                          )}
                          {can.delete && !p.protected && (
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              onClick={() => remove(p)}
                              aria-label={t("profiles.deleteLabel", { name: nameOf(p) })}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          )}
                        </Group>
                      </li>
                    ))}
                  </Stack>
                  {selected && !selected.protected && (can.update || can.delete) && (
                    <Group gap="xs" hiddenFrom="lg">
                      {can.update && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconPencil size={14} aria-hidden />}
                          onClick={() => setEditing({ profile: selected })}
                        >
                          {t("profiles.rename")}
                        </Button>
                      )}
                      {can.delete && (
                        <Button
                          size="xs"
                          variant="default"
                          color="red.9"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => remove(selected)}
                        >
                          {t("profiles.delete")}
                        </Button>
                      )}
                    </Group>
                  )}
                </>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 9 }}>
            {selected ? (
              <Card
                title={t("matrix.title", { name: nameOf(selected) })}
                description={t("matrix.description")}
                actions={
                  selected.protected && (
                    <Badge variant="light" color="gray" c="gray.8" leftSection={<IconLock size={12} aria-hidden />}>
                      {t("profiles.protectedShort")}
                    </Badge>
                  )
                }
              >
                {matrix.data && matrix.data.profile.id === selected.id ? (
                  <PermissionEditor key={selected.id} matrix={matrix.data} editable={can.update} />
                ) : matrix.isError ? (
                  <QueryState query={matrix} />
                ) : (
                  <Skeleton h={480} radius="md" />
                )}
              </Card>
            ) : (
              list.length === 0 && <EmptyState icon={<IconShieldCheck size={28} />} title={t("profiles.empty")} />
            )}
          </Grid.Col>
        </Grid>
      )}
      {editing && (
        <ProfileForm
          profile={editing.profile}
          onClose={() => setEditing(null)}
          onCreated={(p) => setSelectedId(p.id)}
        />
      )}
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
