import { formatDateTime, formatDay, localizedName } from "@convive/domain/core";
import { Anchor, Badge, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryState } from "../../../components/QueryState.tsx";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { FileEntries, FileEntry } from "../../student-file/index.ts";
import { detailsPath } from "../archive/ResultsList.tsx";
import { ActionStateBadge, ClassificationBadge, MeetingStatusBadge, StatusBadge } from "../details/Badges.tsx";
import {
  FILE_INCIDENTS,
  useStudentActions,
  useStudentIncidents,
  useStudentMeetings,
  useStudentObservations,
} from "./queries.ts";

/** The language and clock every date of the tabs is shown in (the reader's language, the school's time zone). */
function useShownIn() {
  const { i18n } = useTranslation();
  return { lang: i18n.resolvedLanguage ?? "es", timeZone: useSchoolTimeZone() };
}

export function IncidentsTab({ studentId }: StudentFileTabProps) {
  const { t } = useTranslation("studentFileTabs");
  const shown = useShownIn();
  const query = useStudentIncidents(studentId);
  const incidents = query.data?.incidents ?? [];
  return (
    <>
      <QueryState
        query={query}
        isEmpty={(d) => d.incidents.length === 0}
        empty={
          <Text size="sm" c="gray.7">
            {t("incidents.empty")}
          </Text>
        }
      />
      {incidents.length > 0 && (
        <FileEntries label={t("incidents.label")}>
          {incidents.map((i) => (
            <FileEntry
              key={i.id}
              title={`${t("incidents.folio", { folio: i.folio })} · ${localizedName(i.type, shown.lang)}`}
              to={detailsPath(i.id)}
              meta={[formatDateTime(i.occurred_at, shown), localizedName(i.category, shown.lang)].join(" · ")}
              badges={
                <>
                  <ClassificationBadge value={i.classification} size="sm" />
                  <StatusBadge status={i.status} size="sm" />
                </>
              }
            />
          ))}
        </FileEntries>
      )}
      {incidents.length >= FILE_INCIDENTS && (
        <Anchor component={Link} to={`/archive?student_id=${studentId}`} size="sm" mt="sm" display="inline-block">
          {t("incidents.all")}
        </Anchor>
      )}
    </>
  );
}

export function ObservationsTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("studentFileTabs");
  const shown = useShownIn();
  const query = useStudentObservations(studentId);
  const observations = query.data?.observations ?? [];
  return (
    <>
      <QueryState
        query={query}
        isEmpty={(d) => d.observations.length === 0}
        empty={
          <Text size="sm" c="gray.7">
            {t("observations.empty")}
          </Text>
        }
      />
      {observations.length > 0 && (
        <FileEntries label={t("observations.label")}>
          {observations.map((o) => (
            <FileEntry
              key={o.id}
              title={localizedName(o.type, shown.lang)}
              meta={[formatDay(o.observed_on, shown), t("by", { name: o.recorded_by.name })].join(" · ")}
              badges={
                <>
                  {o.points > 0 && (
                    <Badge size="sm" variant="light" color="teal" c="#056b4d">
                      {t("observations.points", { count: o.points })}
                    </Badge>
                  )}
                  {!family && !o.visible_to_family && (
                    <Badge size="sm" variant="light" color="gray" c="gray.8">
                      {t("observations.staffOnly")}
                    </Badge>
                  )}
                </>
              }
            >
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {o.text}
              </Text>
            </FileEntry>
          ))}
        </FileEntries>
      )}
    </>
  );
}

export function ActionsTab({ studentId }: StudentFileTabProps) {
  const { t } = useTranslation("studentFileTabs");
  const shown = useShownIn();
  const query = useStudentActions(studentId);
  const actions = query.data ?? [];
  return (
    <>
      <QueryState
        query={query}
        empty={
          <Text size="sm" c="gray.7">
            {t("actions.empty")}
          </Text>
        }
      />
      {actions.length > 0 && (
        <FileEntries label={t("actions.label")}>
          {actions.map((a) => (
            <FileEntry
              key={a.id}
              title={a.guideline}
              to={detailsPath(a.incident_id)}
              meta={[
                a.ends_on
                  ? `${formatDay(a.starts_on, shown)} – ${formatDay(a.ends_on, shown)}`
                  : formatDay(a.starts_on, shown),
                t("actions.responsible", { name: a.responsible.name }),
                t("incidents.folio", { folio: a.incident_folio }),
              ].join(" · ")}
              badges={<ActionStateBadge state={a.state} />}
            />
          ))}
        </FileEntries>
      )}
    </>
  );
}

export function MeetingsTab({ studentId }: StudentFileTabProps) {
  const { t } = useTranslation("studentFileTabs");
  const shown = useShownIn();
  const query = useStudentMeetings(studentId);
  const meetings = query.data ?? [];
  return (
    <>
      <QueryState
        query={query}
        empty={
          <Text size="sm" c="gray.7">
            {t("meetings.empty")}
          </Text>
        }
      />
      {meetings.length > 0 && (
        <FileEntries label={t("meetings.label")}>
          {meetings.map((m) => (
            <FileEntry
              key={m.id}
              title={formatDateTime(m.scheduled_at, shown)}
              to={detailsPath(m.incident_id)}
              meta={[
                m.mode === "online" ? t("meetings.online") : (m.place ?? t("meetings.inPerson")),
                t("incidents.folio", { folio: m.incident_folio }),
              ].join(" · ")}
              badges={<MeetingStatusBadge status={m.status} />}
            >
              {m.agreements && (
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  <Text span fw={600} inherit>
                    {t("meetings.agreements")}{" "}
                  </Text>
                  {m.agreements}
                </Text>
              )}
            </FileEntry>
          ))}
        </FileEntries>
      )}
    </>
  );
}
