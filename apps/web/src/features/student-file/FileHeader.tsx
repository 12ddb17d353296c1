import type { StudentFile } from "@convive/domain";
import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { studentFileHeaderMarks } from "./tabs.ts";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** "3° A · Primaria" — the student's group this school year, or null when they have none. */
export const groupLabel = (group: StudentFile["student"]["group"]) =>
  group ? `${group.grade_name} ${group.name} · ${group.section_name}` : null;

/** Photo, name, group, enrollment and (for staff) the family's contacts. */
export function FileHeader({ file }: { file: StudentFile }) {
  const { t } = useTranslation("studentFile");
  const { student } = file;
  const group = groupLabel(student.group);
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={student.photo} size={72} radius="xl" color="institutional" alt="">
          {initials(student.name)}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
            {student.name}
          </Title>
          <Text size="sm" c="gray.7">
            {[group ?? t("noGroup"), `${t("enrollment")} ${student.enrollment}`].join(" · ")}
          </Text>
          {student.status !== "active" && (
            <Badge variant="light" color="gray" c="gray.8" w="fit-content">
              {t(`status.${student.status}`, { defaultValue: student.status })}
            </Badge>
          )}
        </Stack>
      </Group>
      {/* What modules mark beside the student (the health alert), for the reader they decide. */}
      {studentFileHeaderMarks().map((Mark, i) => (
        <Mark key={i.toString()} studentId={student.id} name={student.name} family={file.contacts === null} />
      ))}
      {file.contacts !== null && <Contacts contacts={file.contacts} />}
    </Stack>
  );
}

function Contacts({ contacts }: { contacts: NonNullable<StudentFile["contacts"]> }) {
  const { t } = useTranslation(["studentFile", "masterStudents"]);
  return (
    <section aria-labelledby="student-file-contacts">
      <Text id="student-file-contacts" fw={700} size="sm" mb={6}>
        {t("contacts.title")}
      </Text>
      {contacts.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("contacts.none")}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
          {contacts.map((c) => (
            <Stack component="li" key={c.user_id} gap={2}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {c.name}
                </Text>
                <Text size="sm" c="gray.7">
                  ({t(`masterStudents:relationships.${c.relationship}`, { defaultValue: c.relationship })})
                </Text>
                {c.is_emergency_contact && (
                  <Badge size="sm" variant="light" color="red" c="red.9">
                    {t("contacts.emergency")}
                  </Badge>
                )}
                {c.can_pick_up && (
                  <Badge size="sm" variant="light" color="teal" c="#056b4d">
                    {t("contacts.pickUp")}
                  </Badge>
                )}
              </Group>
              <Group gap="md" wrap="wrap">
                {[c.phone, c.alternate_phone].filter(Boolean).map((phone) => (
                  <Anchor key={phone} href={`tel:${phone}`} size="sm">
                    <IconPhone size={14} aria-hidden /> {phone}
                  </Anchor>
                ))}
                <Anchor href={`mailto:${c.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
                  <IconMail size={14} aria-hidden /> {c.email}
                </Anchor>
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </section>
  );
}
