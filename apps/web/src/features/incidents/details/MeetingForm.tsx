import {
  type MeetingAttendeeOptions,
  type ParentMeeting,
  ParentMeetingBody,
  UpdateParentMeetingBody,
} from "@convive/domain";
import {
  INCIDENT_LIMITS,
  MEETING_MODES,
  MEETING_STATUSES,
  type MeetingMode,
  type MeetingStatus,
  toWallTime,
  wallToInstant,
} from "@convive/domain/core";
import { Grid, MultiSelect, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { actionStudents } from "./actions.ts";
import { useMeetingAttendees, useSaveMeeting } from "./api.ts";
import { DetailModal, LoadingModal } from "./DetailModal.tsx";
import { defaultInvites, familyGroups, meetingStudent } from "./meeting-invites.ts";
import type { DetailView } from "./view.ts";

interface Values {
  day: string;
  time: string;
  mode: MeetingMode;
  place: string;
  meeting_url: string;
  attendee_ids: string[];
  agreements: string;
  minutes: string;
  status: MeetingStatus;
}

type Attendees = MeetingAttendeeOptions;

interface FormProps {
  view: DetailView;
  meeting: ParentMeeting | null;
  onClose: () => void;
}

/** Schedules a parent meeting, or updates one (status, minutes, agreements, and the rest). */
export function MeetingForm(props: FormProps) {
  const { t } = useTranslation("incidentDetails");
  const attendees = useMeetingAttendees(props.view.incident.id, true);
  // The form opens with the attendee list, so a new meeting starts with the families and the reader invited.
  if (attendees.isLoading) {
    const title = props.meeting ? t("meetingForm.editTitle") : t("meetingForm.createTitle");
    return <LoadingModal title={title} onClose={props.onClose} />;
  }
  return <MeetingFormBody {...props} attendees={attendees.data ?? null} listError={attendees.error?.message ?? null} />;
}

function MeetingFormBody({
  view,
  meeting,
  onClose,
  attendees,
  listError,
}: FormProps & { attendees: Attendees | null; listError: string | null }) {
  const { t } = useTranslation("incidentDetails");
  const { incident, timeZone } = view;
  const wall = meeting ? toWallTime(meeting.scheduled_at, timeZone) : `${view.today}T`;
  // A new meeting is about one student and invites their family; the other families only when added.
  const students = actionStudents(incident.students);
  const [about, setAbout] = useState<number | null>(() => meetingStudent(incident.students));
  const invited = meeting ? meeting.attendees.map((a) => String(a.id)) : defaultInvites(attendees, about, view.userId);
  const form = useForm<Values>({
    initialValues: {
      day: wall.slice(0, 10),
      time: wall.slice(11),
      mode: meeting?.mode ?? "in-person",
      place: meeting?.place ?? "",
      meeting_url: meeting?.meeting_url ?? "",
      attendee_ids: invited,
      agreements: meeting?.agreements ?? "",
      minutes: meeting?.minutes ?? "",
      status: meeting?.status ?? "scheduled",
    },
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!v.day) errors.day = t("common:messages.emptyFields");
      if (!v.time) errors.time = t("common:messages.emptyFields");
      const body = toBody(v);
      const found = schemaErrors(meeting ? UpdateParentMeetingBody : ParentMeetingBody, body, t);
      for (const [path, message] of Object.entries(found)) {
        const field = path === "scheduled_at" ? "day" : path.startsWith("attendee_ids") ? "attendee_ids" : path;
        errors[field] ??= message;
      }
      return errors;
    },
  });
  const submit = useSaveMeeting(incident.id, meeting?.id ?? null, { form, fieldOf: { scheduled_at: "day" } });

  function toBody(v: Values) {
    const scheduled = (v.day && v.time && wallToInstant(`${v.day}T${v.time}`, timeZone)?.toISOString()) || "";
    return {
      scheduled_at: scheduled,
      mode: v.mode,
      place: v.mode === "in-person" ? v.place : null,
      meeting_url: v.mode === "online" ? v.meeting_url : null,
      attendee_ids: v.attendee_ids.map(Number),
      agreements: v.agreements,
      ...(meeting ? { minutes: v.minutes, status: v.status } : {}),
    };
  }

  const known = new Set<string>();
  const option = (p: { id: number; name: string }) => {
    known.add(String(p.id));
    return { value: String(p.id), label: p.name };
  };
  const data = [
    ...familyGroups(attendees, incident.students, about).map((g) => ({
      group: g.student ? t("meetingForm.familyOf", { name: g.student.name }) : t("meetings.family"),
      items: g.members.map(option),
    })),
    { group: t("meetings.staff"), items: (attendees?.staff ?? []).map(option) },
  ];
  const changeAbout = (value: string | null) => {
    const next = value === null ? null : Number(value);
    setAbout(next);
    // The families follow the student; staff picked so far stay.
    const staffIds = new Set((attendees?.staff ?? []).map((p) => String(p.id)));
    const staffPicked = form.values.attendee_ids.filter((id) => staffIds.has(id));
    const family = defaultInvites(attendees, next, null);
    form.setFieldValue("attendee_ids", [...family, ...staffPicked]);
  };
  const others = (meeting?.attendees ?? []).filter((a) => !known.has(String(a.id))).map(option);
  if (others.length > 0) data.push({ group: t("meetings.others"), items: others });

  const onSubmit = form.onSubmit((v) => submit.submit(toBody(v), onClose));

  return (
    <DetailModal
      opened
      onClose={onClose}
      title={meeting ? t("meetingForm.editTitle") : t("meetingForm.createTitle")}
      onSubmit={onSubmit}
      busy={submit.busy}
      failure={submit.failure}
      submitLabel={meeting ? t("common:actions.save") : t("meetingForm.create")}
    >
      {meeting && (
        <Select
          label={t("meetingForm.status")}
          data={MEETING_STATUSES.map((s) => ({ value: s, label: t(`incidents:meetingStatus.${s}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("status")}
        />
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 7, xs: 6 }}>
          <TextInput
            type="date"
            label={t("meetingForm.day")}
            required
            data-autofocus={!meeting || undefined}
            {...form.getInputProps("day")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, xs: 6 }}>
          <TextInput type="time" label={t("meetingForm.time")} required {...form.getInputProps("time")} />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed" mt={-6}>
        {t("meetingForm.timeZone", { zone: timeZone })}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="meeting-mode-label">
          {t("meetingForm.mode")}
        </Text>
        <SegmentedControl
          aria-labelledby="meeting-mode-label"
          data={MEETING_MODES.map((m) => ({ value: m, label: t(`incidents:meetingMode.${m}`) }))}
          {...form.getInputProps("mode")}
        />
      </Stack>
      {form.values.mode === "in-person" ? (
        <TextInput
          label={t("meetingForm.place")}
          maxLength={INCIDENT_LIMITS.placeMax}
          {...form.getInputProps("place")}
        />
      ) : (
        <TextInput
          type="url"
          label={t("meetingForm.link")}
          placeholder="https://"
          maxLength={500}
          {...form.getInputProps("meeting_url")}
        />
      )}
      {!meeting && students.length > 1 && (
        <Select
          label={t("meetingForm.about")}
          description={t("meetingForm.aboutHint")}
          data={students.map((st) => ({ value: String(st.id), label: st.name }))}
          value={about === null ? null : String(about)}
          onChange={changeAbout}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <MultiSelect
        label={t("meetingForm.attendees")}
        description={listError ?? t("meetingForm.attendeesHint")}
        data={data}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t("actionForm.nobody")}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("attendee_ids")}
      />
      <Textarea
        label={t("meetings.agreements")}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={INCIDENT_LIMITS.noteMax}
        {...form.getInputProps("agreements")}
      />
      {meeting && (
        <Textarea
          label={t("meetings.minutes")}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={INCIDENT_LIMITS.detailMax}
          {...form.getInputProps("minutes")}
        />
      )}
    </DetailModal>
  );
}
