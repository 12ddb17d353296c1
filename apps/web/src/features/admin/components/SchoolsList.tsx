import type { AdminSchool } from "@convive/domain";
import { formatDate } from "@convive/domain/core";
import { Button, Divider, Group, Text } from "@mantine/core";
import { IconKey, IconPencil, IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../../components/PagedList.tsx";
import { platformHost } from "../host.ts";
import { actionsHeader, wholeList } from "./list.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

interface Props {
  schools: AdminSchool[];
  onEdit: (school: AdminSchool) => void;
  onToggle: (school: AdminSchool) => void;
  /** Issue 32: the school's identity provider. */
  onProvider: (school: AdminSchool) => void;
}

/** The day a school was created, on its own calendar: "25 nov 2026" / "Nov 25, 2026". */
const createdOn = (s: AdminSchool, lang: string) => formatDate(s.created_at, { lang, timeZone: s.time_zone });

/** A table from 768 px up; cards on a phone, where five columns would not fit. */
export function SchoolsList({ schools, onEdit, onToggle, onProvider }: Props) {
  const { t, i18n } = useTranslation(["admin", "signInProvider"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const host = platformHost();
  // The paged list keys rows by a numeric id; a school's id is its slug.
  const rows = schools.map((school, index) => ({ id: index, school }));

  const actions = (s: AdminSchool, full: boolean) => (
    <Group gap="xs" justify={full ? "stretch" : "flex-end"} wrap="nowrap" grow={full}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => onEdit(s)}
        aria-label={t("schools.editLabel", { name: s.name })}
      >
        {t("edit")}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconKey size={14} aria-hidden />}
        onClick={() => onProvider(s)}
        aria-label={t("signInProvider:openLabel", { name: s.name })}
      >
        {t("signInProvider:open")}
      </Button>
      <Button
        size="xs"
        variant="light"
        color={s.is_active ? "red" : "teal"}
        c={s.is_active ? "red.9" : "#056b4d"}
        leftSection={s.is_active ? <IconPlayerStop size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />}
        onClick={() => onToggle(s)}
        aria-label={t(s.is_active ? "schools.deactivateLabel" : "schools.activateLabel", { name: s.name })}
      >
        {s.is_active ? t("deactivate") : t("activate")}
      </Button>
    </Group>
  );

  const members = (s: AdminSchool) =>
    t("schools.membersCount", { active: s.active_member_count, total: s.member_count });
  const address = (s: AdminSchool) => (
    <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
      {s.id}.{host}
    </Text>
  );

  return (
    <PagedList
      {...wholeList(rows)}
      minWidth={720}
      columns={[
        {
          key: "school",
          header: t("schools.school"),
          render: ({ school: s }) => (
            <>
              <Text fw={600} size="sm">
                {s.name}
              </Text>
              {address(s)}
            </>
          ),
        },
        {
          key: "members",
          header: t("schools.members"),
          render: ({ school: s }) => <Text size="sm">{members(s)}</Text>,
        },
        { key: "status", header: t("schools.status"), render: ({ school: s }) => <StatusBadge active={s.is_active} /> },
        {
          key: "created",
          header: t("schools.created"),
          render: ({ school: s }) => <Text size="sm">{createdOn(s, lang)}</Text>,
        },
        { key: "actions", header: actionsHeader(t("actionsColumn")), render: ({ school: s }) => actions(s, false) },
      ]}
      card={({ school: s }) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{s.name}</Text>
              {address(s)}
            </div>
            <StatusBadge active={s.is_active} />
          </Group>
          <Text size="sm" mt="xs">
            {t("schools.members")}: {members(s)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("schools.createdOn", { date: createdOn(s, lang) })}
          </Text>
          <Divider my="sm" />
          {actions(s, true)}
        </>
      )}
    />
  );
}
