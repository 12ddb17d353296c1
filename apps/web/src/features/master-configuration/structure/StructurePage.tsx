import { localName } from "@convive/domain/core";
import { Alert, Anchor, Button, Group as Row, Select, Stack, Text } from "@mantine/core";
import { IconHierarchy2, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { childPath, useAccess } from "../shared/access.ts";
import {
  type Grade,
  type Group,
  levelOf,
  type Section,
  useGrades,
  useGroups,
  useSchoolYears,
  useSections,
  useStaff,
} from "../shared/api.ts";
import { byLabel } from "../shared/format.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { useDeleteGrade, useDeleteGroup, useDeleteSection } from "./api.ts";
import { GradeForm, GroupForm, SectionForm } from "./forms.tsx";
import { SectionCard, type StructurePermissions } from "./SectionCard.tsx";

type Editing =
  | { kind: "section"; section: Section | null }
  | { kind: "grade"; section: Section; grade: Grade | null }
  | { kind: "group"; grade: Grade; group: Group | null }
  | null;

/** Route master-configuration/level-grade-group (server module structure): sections (niveles) → grades → the groups of a school year. */
export default function StructurePage() {
  const { t, i18n } = useTranslation("masterConfiguration");
  const access = useAccess();
  const canReadYears = access.can("master-configuration-school-year", "read");
  const years = useSchoolYears(canReadYears);
  const current = years.data?.find((y) => y.is_current) ?? null;
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const yearId = chosenYear ?? current?.id ?? null;
  const year = years.data?.find((y) => y.id === yearId) ?? null;

  const sections = useSections();
  const grades = useGrades(yearId);
  const groups = useGroups(yearId);
  const staff = useStaff();
  const deleteSection = useDeleteSection();
  const deleteGrade = useDeleteGrade();
  const deleteGroup = useDeleteGroup();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const closedYear = year?.closed_at != null;
  const noCurrentYear = canReadYears && years.data !== undefined && !current;
  const can: StructurePermissions = {
    create: access.can("master-configuration-sections", "create"),
    update: access.can("master-configuration-sections", "update"),
    delete: access.can("master-configuration-sections", "delete"),
    groups: !closedYear && !(noCurrentYear && chosenYear === null),
  };

  const lang = i18n.resolvedLanguage ?? "es";
  const compare = byLabel(lang);
  const tree = useMemo(() => {
    const sorted = [...(sections.data ?? [])].sort((a, b) => a.order - b.order || compare(a.name, b.name));
    return sorted.map((section) => ({
      section,
      grades: (grades.data ?? [])
        .filter((g) => g.section_id === section.id)
        .sort((a, b) => a.order - b.order || compare(a.name, b.name))
        .map((grade) => ({
          grade,
          groups: (groups.data ?? []).filter((g) => g.grade_id === grade.id).sort((a, b) => compare(a.name, b.name)),
        })),
    }));
  }, [sections.data, grades.data, groups.data, compare]);

  const yearName = year?.name ?? t("groups.currentYear");
  const newSection = can.create && (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setEditing({ kind: "section", section: null })}
    >
      {t("sections.new")}
    </Button>
  );

  const ask = {
    section: (section: Section) =>
      confirm.ask({
        title: t("sections.deleteTitle", { name: localName(section, lang) }),
        message: t("sections.deleteMessage", { name: localName(section, lang) }),
        confirmLabel: t("actions.delete"),
        danger: true,
        action: () => deleteSection.run(section.id),
      }),
    grade: (grade: Grade) =>
      confirm.ask({
        title: t("grades.deleteTitle", { name: grade.name, section: levelOf(grade, lang) }),
        message: t("grades.deleteMessage"),
        confirmLabel: t("actions.delete"),
        danger: true,
        action: () => deleteGrade.run(grade.id),
      }),
    group: (group: Group) =>
      confirm.ask({
        title: t("groups.deleteTitle", { grade: group.grade_name, name: group.name, section: levelOf(group, lang) }),
        message: t("groups.deleteMessage"),
        confirmLabel: t("actions.delete"),
        danger: true,
        action: () => deleteGroup.run(group.id),
      }),
  };

  const yearOptions = (years.data ?? []).map((y) => ({
    value: String(y.id),
    label: y.is_current
      ? `${y.name} · ${t("years.current")}`
      : y.closed_at
        ? `${y.name} · ${t("years.closed")}`
        : y.name,
  }));

  return (
    <MasterConfigurationPage>
      <Row justify="space-between" align="flex-end" gap="sm">
        {canReadYears && yearOptions.length > 0 ? (
          <Select
            label={t("structure.year")}
            data={yearOptions}
            value={yearId ? String(yearId) : null}
            onChange={(v) => setChosenYear(v ? Number(v) : null)}
            allowDeselect={false}
            w={{ base: "100%", xs: 280 }}
          />
        ) : (
          !canReadYears && (
            <Text size="sm" c="dimmed" style={{ flex: "1 1 240px" }}>
              {t("structure.intro")}
            </Text>
          )
        )}
        {tree.length > 0 && newSection}
      </Row>

      {noCurrentYear && (
        <Alert variant="light" color="yellow" c="dark.8" title={t("structure.noYearTitle")}>
          <Text size="sm">{t("structure.noYearBody")}</Text>
          {access.canOpen("scholar-cicle") && (
            <Anchor component={Link} to={childPath("scholar-cicle")} size="sm" fw={600}>
              {t("structure.goToYears")}
            </Anchor>
          )}
        </Alert>
      )}
      {closedYear && (
        <Alert variant="light" color="gray" c="dark.8">
          {t("structure.closedYear", { year: yearName })}
        </Alert>
      )}

      <QueryState query={sections} />
      {!sections.isPending && <QueryState query={grades} />}
      {!sections.isPending && !grades.isPending && <QueryState query={groups} />}

      {sections.data && tree.length === 0 && (
        <EmptyState
          icon={<IconHierarchy2 size={28} />}
          title={t("sections.emptyTitle")}
          description={can.create ? t("sections.emptyDescription") : t("sections.emptyReadOnly")}
          action={newSection}
        />
      )}
      {grades.data && groups.data && (
        <Stack gap="lg">
          {tree.map(({ section, grades: sectionGrades }) => (
            <SectionCard
              key={section.id}
              section={section}
              grades={sectionGrades}
              can={can}
              onEditSection={() => setEditing({ kind: "section", section })}
              onDeleteSection={() => ask.section(section)}
              onAddGrade={() => setEditing({ kind: "grade", section, grade: null })}
              onEditGrade={(grade) => setEditing({ kind: "grade", section, grade })}
              onDeleteGrade={ask.grade}
              onAddGroup={(grade) => setEditing({ kind: "group", grade, group: null })}
              onEditGroup={(grade, group) => setEditing({ kind: "group", grade, group })}
              onDeleteGroup={ask.group}
            />
          ))}
        </Stack>
      )}

      {editing?.kind === "section" && (
        <SectionForm section={editing.section} sections={sections.data ?? []} onClose={close} />
      )}
      {editing?.kind === "grade" && (
        <GradeForm
          grade={editing.grade}
          section={editing.section}
          grades={(grades.data ?? []).filter((g) => g.section_id === editing.section.id)}
          onClose={close}
        />
      )}
      {editing?.kind === "group" && (
        <GroupForm
          group={editing.group}
          grade={editing.grade}
          yearId={yearId}
          yearName={yearName}
          siblings={(groups.data ?? []).filter((g) => g.grade_id === editing.grade.id)}
          staff={staff.data ?? []}
          onClose={close}
        />
      )}
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
