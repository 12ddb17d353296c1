import type { Student } from "@convive/domain";
import { Badge, Group, Modal, Stack, Tabs, Text } from "@mantine/core";
import { IconId, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import type { Group as SchoolGroup } from "../shared/api.ts";
import { fullName } from "../shared/format.ts";
import { useStudent } from "./api.ts";
import { FamilyMembers } from "./FamilyMembers.tsx";
import { PhotoCard } from "./PhotoCard.tsx";
import { StudentForm } from "./StudentForm.tsx";

export interface StudentRights {
  create: boolean;
  update: boolean;
  delete: boolean;
}

/**
 * One student: their data (and photo once saved), then their family members. A new student is created
 * first; the dialog then stays open on the family tab so the family can be added at once.
 */
export function StudentEditor({
  student: initial,
  groups,
  can,
  onClose,
}: {
  student: Student | null;
  groups: SchoolGroup[];
  can: StudentRights;
  onClose: () => void;
}) {
  const { t } = useTranslation("masterStudents");
  const phone = useIsPhone();
  const [saved, setStudent] = useState<Student | null>(initial);
  const live = useStudent(saved?.id ?? null);
  const student = live.data ?? saved;
  const [tab, setTab] = useState<string | null>("data");

  return (
    <Modal
      opened
      onClose={onClose}
      size={900}
      radius="lg"
      fullScreen={phone}
      // On a phone the date picker is a dialog of its own, whose Escape would close this one too.
      closeOnEscape={!phone}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)", minWidth: 0 } }}
      title={
        student ? (
          <Group gap="xs" wrap="nowrap">
            <Text inherit truncate>
              {fullName(student)}
            </Text>
            <Badge variant="light" color="gray" c="gray.8" radius="sm" ff="monospace">
              {student.enrollment}
            </Badge>
          </Group>
        ) : (
          t("student.createTitle")
        )
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="data" leftSection={<IconId size={16} aria-hidden />}>
            {t("student.tabData")}
          </Tabs.Tab>
          <Tabs.Tab value="family" leftSection={<IconUsers size={16} aria-hidden />} disabled={!student}>
            {t("student.tabFamily")}
            {student && student.family_count > 0 ? ` (${student.family_count})` : ""}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <Stack gap="md">
            {student ? (
              <PhotoCard student={student} editable={can.update} onChange={setStudent} />
            ) : (
              <Text size="sm" c="gray.7">
                {t("student.createHint")}
              </Text>
            )}
            <StudentForm
              key={student?.id ?? "new"}
              student={student}
              groups={groups}
              canEdit={student ? can.update : can.create}
              onCancel={onClose}
              onSaved={(saved) => {
                if (student) onClose();
                else {
                  setStudent(saved);
                  setTab("family");
                }
              }}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="family">{student && <FamilyMembers student={student} can={can} />}</Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
