import type { IncidentListItem } from "@convive/domain";
import { Stack, Text } from "@mantine/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { StudentFileLink } from "../../student-file/index.ts";
import { studentName } from "./format.ts";

/** At most this many students are listed per card; the rest are counted ("+2 más"). */
const SHOWN_STUDENTS = 3;

/** The incident's students; in the table (`linked`) each name opens the student's file over the archive. */
export function Students({ incident, linked = false }: { incident: IncidentListItem; linked?: boolean }) {
  const { t } = useTranslation(["archive", "incidents"]);
  const other = t("incidents:otherStudent");
  const shown = incident.students.slice(0, SHOWN_STUDENTS);
  const more = incident.students.length - shown.length;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {shown.map((s, i) => (
        <Text component="li" size="sm" key={s.id ?? `other-${i}`} lh={1.35}>
          {linked && s.id !== null && s.name ? (
            <StudentFileLink studentId={s.id} name={s.name} inherit />
          ) : (
            <Text span inherit fs={s.name ? undefined : "italic"} c={s.name ? undefined : "gray.7"}>
              {studentName(s, other)}
            </Text>
          )}{" "}
          <Text span size="xs" c="gray.7">
            ({t(`incidents:role.${s.role}`)})
          </Text>
        </Text>
      ))}
      {more > 0 && (
        <Text component="li" size="xs" c="gray.7">
          {t("results.moreStudents", { count: more })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The table's two lines: the students' names (each opens the student's file) and, under them, their roles in the
 * same order. `fit` truncates both (a dense row; the names whole on hover and for screen readers) or lets them wrap.
 */
export function StudentsCell({ incident, fit }: { incident: IncidentListItem; fit: object }) {
  const { t } = useTranslation(["archive", "incidents"]);
  const other = t("incidents:otherStudent");
  const names = incident.students.map((s) => studentName(s, other));
  return (
    <>
      <Text size="sm" lh={1.3} title={names.join(", ")} {...fit}>
        {incident.students.map((s, i) => (
          <Fragment key={s.id ?? `other-${i}`}>
            {i > 0 && ", "}
            {s.id !== null && s.name ? (
              <StudentFileLink studentId={s.id} name={s.name} inherit />
            ) : (
              <Text span inherit fs="italic" c="gray.7">
                {names[i]}
              </Text>
            )}
          </Fragment>
        ))}
      </Text>
      <Text size="xs" c="gray.7" lh={1.4} {...fit}>
        {incident.students.map((s) => t(`incidents:role.${s.role}`)).join(" · ")}
      </Text>
    </>
  );
}
