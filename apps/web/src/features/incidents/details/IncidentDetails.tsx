import { ROLE_FAMILIAR, todayIn } from "@convive/domain/core";
import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import { IconFileSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { IncidentMessages } from "../../messages/index.ts";
import { AcknowledgementsCard } from "./AcknowledgementsCard.tsx";
import { useIncident, useRefreshIncident } from "./api.ts";
import { DetailHeader } from "./DetailHeader.tsx";
import { DetailTextCard } from "./DetailTextCard.tsx";
import { EvidenceCard } from "./EvidenceCard.tsx";
import { FamilyAcknowledgement } from "./FamilyAcknowledgement.tsx";
import { FollowUp } from "./FollowUp.tsx";
import classes from "./IncidentDetails.module.css";
import { ProtocolCard } from "./ProtocolCard.tsx";
import { StudentsCard } from "./StudentsCard.tsx";
import type { DetailView } from "./view.ts";

function NotFound() {
  const { t } = useTranslation("incidentDetails");
  return (
    <EmptyState
      icon={<IconFileSearch size={28} />}
      title={t("notFound.title")}
      description={t("notFound.description")}
      action={
        <Button component={Link} to="/archive" variant="default">
          {t("notFound.toArchive")}
        </Button>
      }
    />
  );
}

/**
 * One incident (/incident-details?id=N, /archive?id=N): header with status actions, what happened, the students,
 * evidence, and the follow-up — formative actions, parent meetings and the timeline. A family reads it without
 * staff actions, with other students anonymised and only their children's actions.
 */
export default function IncidentDetails({ id }: { id: number }) {
  const { t, i18n } = useTranslation(["incidentDetails", "incidents"]);
  const valid = Number.isInteger(id) && id > 0;
  const incident = useIncident(id);
  const user = useCurrentUser();
  const timeZone = useSchoolTimeZone();
  const refresh = useRefreshIncident(id);

  if (!valid || (incident.error instanceof ApiError && incident.error.status === 404)) return <NotFound />;
  if (incident.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={incident.error.message}>
        <Button size="xs" variant="default" onClick={() => void incident.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </Alert>
    );
  }
  if (incident.isPending || user.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t("common:loading")}>
        <Skeleton h={220} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }

  const lang = i18n.resolvedLanguage ?? "es";
  const family = user.data?.roles?.[0]?.name === ROLE_FAMILIAR;
  const view: DetailView = {
    incident: incident.data,
    timeZone,
    today: todayIn(timeZone),
    lang,
    userId: user.data?.id ?? null,
    permissions: user.data?.permissions ?? [],
    family,
    refresh,
  };

  return (
    <Stack gap="md" maw={1280}>
      <DetailHeader view={view} />
      {/* Issue 30 §1: a family is asked first of all to confirm they have read it ("Enterado"). */}
      {family && <FamilyAcknowledgement view={view} />}
      <div className={classes.layout}>
        <div className={classes.detail}>
          <DetailTextCard view={view} />
        </div>
        <div className={classes.side}>
          <StudentsCard view={view} />
          {!family && <AcknowledgementsCard view={view} />}
          {/* Issue 27 §1: the messages about this incident, and "Message the family" for staff. */}
          <IncidentMessages incident={incident.data} family={family} onSent={() => void refresh()} />
          {!family && <EvidenceCard view={view} />}
        </div>
        <div className={classes.follow}>
          <Stack gap="md">
            {/* Issue 30 §2: the protocol's checklist (bullying), for staff, above the follow-up. */}
            {!family && <ProtocolCard view={view} />}
            <FollowUp view={view} />
          </Stack>
        </div>
      </div>
    </Stack>
  );
}
