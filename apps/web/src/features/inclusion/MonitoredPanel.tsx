import { Anchor, Badge, Checkbox, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import { useIsPhone } from "../../lib/use-is-phone.ts";
import { useStudentFileHref } from "../student-file/index.ts";
import { useMonitored } from "./api.ts";

/** The school's students under inclusion monitoring (the support screen): a row opens the file's Inclusion tab. */
export function MonitoredPanel() {
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  const isPhone = useIsPhone();
  const href = useStudentFileHref();
  const [filters, setFilters] = useState({ q: "", due: false });
  const query = useMonitored(filters);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t("page.search")}
          value={filters.q}
          onChange={(e) => setFilters({ ...filters, q: e.currentTarget.value })}
          maw={280}
        />
        <Checkbox
          label={t("page.dueOnly")}
          checked={filters.due}
          onChange={(e) => setFilters({ ...filters, due: e.currentTarget.checked })}
        />
      </Group>
      {!query.data ? (
        <QueryState query={query} />
      ) : query.data.items.length === 0 ? (
        <Text size="sm">{t("page.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={isPhone ? 520 : 680}>
          <Table striped highlightOnHover aria-label={t("page.monitored")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("page.student")}</Table.Th>
                <Table.Th>{t("tab.conditions")}</Table.Th>
                <Table.Th>{t("form.adjustments")}</Table.Th>
                <Table.Th>{t("tab.enrollment")}</Table.Th>
                <Table.Th>{t("form.review")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((m) => (
                <Table.Tr key={m.student.id}>
                  <Table.Td>
                    <Anchor component={Link} to={href(m.student.id, "inclusion")} fw={600}>
                      {m.student.name}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {m.student.group ?? ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>{m.conditions.join(", ") || "—"}</Table.Td>
                  <Table.Td>{m.adjustments}</Table.Td>
                  <Table.Td>
                    {m.conditioned ? (
                      <Badge variant="light" color="orange" c="gray.9">
                        {t("page.conditioned")}
                      </Badge>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>
                    {m.next_review_date ? dates.day(m.next_review_date) : "—"}
                    {m.review_due && (
                      <Badge ml={6} variant="light" color="orange" c="gray.9">
                        {t("page.due")}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
