import { Anchor, Checkbox, Group, SegmentedControl, Stack, Table, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import { useIsPhone } from "../../lib/use-is-phone.ts";
import { type ReferralFilters, useReferralList } from "./api.ts";
import { ReferralModal, StatusBadge } from "./ReferralModal.tsx";

/** The school's referrals where counsellors work (the support screen): open first, the due reviews on top. */
export function ReferralsPanel() {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ReferralFilters>({ status: "open", due: false, q: "" });
  const query = useReferralList(filters);
  // A review reminder links here with ?referral=<id>: the referral opens over the list.
  const linked = Number(params.get("referral")) || null;
  const [open, setOpen] = useState<number | null>(linked);
  useEffect(() => setOpen(linked), [linked]);
  const close = () => {
    setOpen(null);
    if (params.has("referral")) {
      params.delete("referral");
      setParams(params, { replace: true });
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t("list.search")}
          value={filters.q}
          onChange={(e) => setFilters({ ...filters, q: e.currentTarget.value })}
          maw={280}
        />
        <SegmentedControl
          aria-label={t("list.status")}
          value={filters.status}
          onChange={(v) => setFilters({ ...filters, status: v as ReferralFilters["status"] })}
          data={(["open", "closed", "all"] as const).map((v) => ({ value: v, label: t(`list.${v}`) }))}
        />
        <Checkbox
          label={t("list.dueOnly")}
          checked={filters.due}
          onChange={(e) => setFilters({ ...filters, due: e.currentTarget.checked })}
        />
      </Group>
      {!query.data ? (
        <QueryState query={query} />
      ) : query.data.items.length === 0 ? (
        <Text size="sm">{t("list.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={isPhone ? 560 : 720}>
          <Table striped highlightOnHover aria-label={t("list.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("list.student")}</Table.Th>
                <Table.Th>{t("form.type")}</Table.Th>
                <Table.Th>{t("list.stateCol")}</Table.Th>
                <Table.Th>{t("form.review")}</Table.Th>
                <Table.Th>{t("details.responsible")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => setOpen(r.id)} fw={600}>
                      {r.student.name}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {r.student.group ?? ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {r.trainer_type.label}
                    <Text size="xs" c="gray.7">
                      {r.specialist}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge referral={r} />
                  </Table.Td>
                  <Table.Td>{r.next_review_date ? dates.day(r.next_review_date) : "—"}</Table.Td>
                  <Table.Td>{r.responsible?.name ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open !== null && <ReferralModal id={open} onClose={close} />}
    </Stack>
  );
}
