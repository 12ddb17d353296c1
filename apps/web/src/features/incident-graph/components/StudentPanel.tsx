import { type DrillFilters, type GraphNode, localizedName } from "@convive/domain";
import { Anchor, Badge, Drawer, Group, List, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { useArchive } from "../../incidents/index.ts";
import { archiveHref } from "../url.ts";

const SHOWN = 10;

/** A student picked on the map or in the table: their incidents of the map's filters, and the archive with them. */
export function StudentPanel({
  student,
  filters,
  onClose,
  phone,
}: {
  student: GraphNode | null;
  filters: DrillFilters;
  onClose: () => void;
  phone: boolean;
}) {
  const { t, i18n } = useTranslation("incidentGraph");
  const lang = i18n.resolvedLanguage ?? "es";
  const dates = useDates();
  const params = new URLSearchParams(
    Object.entries({ ...filters, student_id: student?.id ?? 0 }).map(([k, v]) => [k, String(v)]),
  );
  params.set("page", "1");
  params.set("per_page", String(SHOWN));
  params.set("sort", "-occurred_at");
  const archive = useArchive(params.toString(), student !== null);
  const incidents = archive.data?.incidents ?? [];
  return (
    <Drawer
      opened={student !== null}
      onClose={onClose}
      position={phone ? "bottom" : "right"}
      size={phone ? "80%" : "md"}
      title={student?.name}
      closeButtonProps={{ "aria-label": t("student.close") }}
    >
      {student && (
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {[student.group_label, t("student.shared", { count: student.incidents })].filter(Boolean).join(" · ")}
          </Text>
          <Text fw={600}>{t("student.incidents")}</Text>
          {archive.isPending && <Skeleton h={120} />}
          {!archive.isPending && incidents.length === 0 && <Text size="sm">{t("student.none")}</Text>}
          <List spacing="xs" listStyleType="none" p={0}>
            {incidents.map((incident) => (
              <List.Item key={incident.id}>
                <Anchor component={Link} to={`/incident-details?id=${incident.id}`} size="sm" fw={500}>
                  {t("student.folio", { folio: incident.folio })} · {localizedName(incident.type, lang)}
                </Anchor>
                <Group gap={6}>
                  <Text size="xs" c="gray.7">
                    {dates.date(incident.occurred_at)}
                  </Text>
                  <Badge size="xs" variant="light" color="gray" style={{ textTransform: "none" }}>
                    {t(`classification.${incident.classification}`)}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
          {archive.data?.total != null && <Text size="sm">{t("student.total", { count: archive.data.total })}</Text>}
          <Anchor component={Link} to={archiveHref(filters, { student_id: student.id })} fw={600}>
            {t("student.openArchive")}
          </Anchor>
        </Stack>
      )}
    </Drawer>
  );
}
