import { localName } from "@convive/domain/core";
import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconCalendarTime } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useAccess } from "../shared/access.ts";
import { type Period, type SchoolYear, useSchoolYears } from "../shared/api.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { useCloseYear, useDeletePeriod, useDeleteYear, useMakeYearCurrent } from "./api.ts";
import { DatesLanguage } from "./DateField.tsx";
import { PeriodForm } from "./PeriodForm.tsx";
import { YearCard, type YearPermissions } from "./YearCard.tsx";
import { YearForm } from "./YearForm.tsx";

type Editing =
  | { kind: "year"; year: SchoolYear | null }
  | { kind: "period"; year: SchoolYear; period: Period | null }
  | null;

/** Route master-configuration/scholar-cicle (the spec's name; server module school-years): school years (ciclos escolares) and their periods. */
export default function SchoolYearsPage() {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const access = useAccess();
  const years = useSchoolYears();
  const makeCurrent = useMakeYearCurrent();
  const closeYear = useCloseYear();
  const deleteYear = useDeleteYear();
  const deletePeriod = useDeletePeriod();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);

  const can: YearPermissions = {
    create: access.can("master-configuration-school-year", "create"),
    update: access.can("master-configuration-school-year", "update"),
    delete: access.can("master-configuration-school-year", "delete"),
    history: access.canOpen("cycle-details"),
  };
  const all = years.data ?? [];
  const open = all.filter((y) => y.closed_at === null);
  const closed = all.filter((y) => y.closed_at !== null);
  const close = () => setEditing(null);

  const createButton = can.create && (
    <Button
      leftSection={<IconCalendarPlus size={16} aria-hidden />}
      onClick={() => setEditing({ kind: "year", year: null })}
    >
      {t("years.new")}
    </Button>
  );

  const card = (year: SchoolYear) => (
    <YearCard
      key={year.id}
      year={year}
      can={can}
      onEdit={() => setEditing({ kind: "year", year })}
      onAddPeriod={() => setEditing({ kind: "period", year, period: null })}
      onEditPeriod={(period) => setEditing({ kind: "period", year, period })}
      onMakeCurrent={() =>
        confirm.ask({
          title: t("years.makeCurrentTitle", { name: year.name }),
          message: t("years.makeCurrentMessage", { name: year.name }),
          confirmLabel: t("years.makeCurrentAction"),
          successMessage: t("common:messages.saved"),
          failureMessage: t("common:messages.saveFailed"),
          action: () => makeCurrent.run(year.id),
        })
      }
      onClose={() =>
        confirm.ask({
          title: t("years.closeTitle", { name: year.name }),
          message: (
            <Stack gap="xs">
              <Text size="sm">{t("years.closeMessage", { name: year.name })}</Text>
              <Text size="sm" fw={600}>
                {t("years.closeIrreversible")}
              </Text>
            </Stack>
          ),
          confirmLabel: t("years.closeAction"),
          danger: true,
          successMessage: t("common:messages.saved"),
          failureMessage: t("common:messages.saveFailed"),
          action: () => closeYear.run(year.id),
        })
      }
      onDelete={() =>
        confirm.ask({
          title: t("years.deleteTitle", { name: year.name }),
          message: t("years.deleteMessage", { name: year.name }),
          confirmLabel: t("actions.delete"),
          danger: true,
          action: () => deleteYear.run(year.id),
        })
      }
      onDeletePeriod={(period) =>
        confirm.ask({
          title: t("periods.deleteTitle", { name: localName(period, lang) }),
          message: t("periods.deleteMessage", { name: localName(period, lang), year: year.name }),
          confirmLabel: t("actions.delete"),
          danger: true,
          action: () => deletePeriod.run({ yearId: year.id, id: period.id }),
        })
      }
    />
  );

  return (
    <MasterConfigurationPage>
      <DatesLanguage>
        <QueryState query={years} />
        {years.data && all.length === 0 && (
          <EmptyState
            icon={<IconCalendarTime size={28} />}
            title={t("years.emptyTitle")}
            description={can.create ? t("years.emptyDescription") : t("years.emptyReadOnly")}
            action={createButton}
          />
        )}
        {all.length > 0 && (
          <Stack gap="lg">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Text size="sm" c="dimmed" maw={640} style={{ flex: "1 1 280px" }}>
                {t("years.intro")}
              </Text>
              {createButton}
            </Group>
            {open.length > 0 && (
              <SimpleGrid cols={open.length > 1 ? { base: 1, lg: 2 } : 1} spacing="lg">
                {open.map(card)}
              </SimpleGrid>
            )}
            {closed.length > 0 && (
              <Stack gap="sm">
                <Title order={2} size="h5" c="gray.8">
                  {t("years.closedTitle")}
                </Title>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
                  {closed.map(card)}
                </SimpleGrid>
              </Stack>
            )}
          </Stack>
        )}
        {editing?.kind === "year" && <YearForm year={editing.year} years={all} opened onClose={close} />}
        {editing?.kind === "period" && (
          <PeriodForm year={editing.year} period={editing.period} opened onClose={close} />
        )}
        {confirm.dialog}
      </DatesLanguage>
    </MasterConfigurationPage>
  );
}
