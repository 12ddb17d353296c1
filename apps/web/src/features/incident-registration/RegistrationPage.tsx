import type { RegistrationOptions } from "@convive/domain";
import { Alert, Button, SegmentedControl, Skeleton, Stack } from "@mantine/core";
import { IconAlertTriangle, IconCategory, IconMessageHeart } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState.tsx";
import { SetupFirst } from "../../components/SetupFirst.tsx";
import { useCurrentUser } from "../auth/index.ts";
import { useRegistrationOptions } from "./api/registration-options.ts";
import { useKeepGroupsOffline } from "./api/student-options.ts";
import { IncidentForm } from "./IncidentForm.tsx";
import { ObservationForm } from "./ObservationForm.tsx";
import { PendingList } from "./PendingList.tsx";
import { usableCategories } from "./prefill.ts";
import { useRegistrationOutbox } from "./use-registration-outbox.ts";

type Mode = "incident" | "observation";

/**
 * /register and /incident-registration (spec §2, "Registro"): an incident, or an accompaniment observation for
 * whoever may register those; users who may do both switch between the two forms without losing either.
 */
export default function RegistrationPage() {
  const { t } = useTranslation(["registration", "incidents"]);
  const options = useRegistrationOptions();
  const user = useCurrentUser().data;
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<Mode | null>(params.get("form") === "observation" ? "observation" : null);
  const outbox = useRegistrationOutbox();
  // The students of the teacher's own groups stay on the device for registering offline (issue 32 §3).
  useKeepGroupsOffline(options.data?.groups.filter((g) => g.mine).map((g) => g.id) ?? []);

  if (options.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t("common:loading")}>
        <Skeleton h={48} radius="lg" />
        <Skeleton h={280} radius="lg" />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  }
  if (options.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={options.error.message}
        icon={<IconAlertTriangle aria-hidden />}
      >
        <Button size="xs" variant="default" onClick={() => void options.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </Alert>
    );
  }

  const o = options.data;
  const granted = new Set(user?.permissions ?? []);
  const modules = new Set(user?.permissionsModules ?? []);
  const configurator =
    modules.has("module-master-configuration") &&
    (granted.has("master-configuration-incident-configurator.read") ||
      granted.has("master-configuration-incident-configurator.update"));
  const detailsLink = modules.has("module-incidents-details");
  const both = o.can_register_incidents && o.can_register_observations;
  const mode: Mode = !o.can_register_incidents
    ? "observation"
    : !o.can_register_observations
      ? "incident"
      : (chosen ?? "incident");

  // No group in the current school year: there is no student to register about yet (issue 26 §4, a new school).
  if (o.groups.length === 0) {
    return <SetupFirst screen="registration" canConfigure={modules.has("module-master-configuration")} />;
  }

  const choose = (next: Mode) => {
    setChosen(next);
    setParams(next === "observation" ? { form: "observation" } : {}, { replace: true });
  };

  return (
    <Stack gap="md">
      <PendingList outbox={outbox} options={o} detailsLink={detailsLink} />
      {both && (
        <SegmentedControl
          aria-label={t("mode.label")}
          fullWidth
          size="md"
          radius="xl"
          value={mode}
          onChange={(m) => choose(m as Mode)}
          data={[
            { value: "incident", label: t("mode.incident") },
            { value: "observation", label: t("mode.observation") },
          ]}
          maw={560}
          styles={{ label: { whiteSpace: "normal", lineHeight: 1.25 } }}
        />
      )}
      {o.can_register_incidents && (
        <div hidden={mode !== "incident"}>
          <IncidentPart options={o} configurator={configurator} detailsLink={detailsLink} />
        </div>
      )}
      {o.can_register_observations && (
        <div hidden={mode !== "observation"}>
          <ObservationPart options={o} configurator={configurator} />
        </div>
      )}
    </Stack>
  );
}

function IncidentPart({
  options,
  configurator,
  detailsLink,
}: {
  options: RegistrationOptions;
  configurator: boolean;
  detailsLink: boolean;
}) {
  const { t } = useTranslation("registration");
  if (usableCategories(options.categories).length === 0) {
    return (
      <EmptyState
        icon={<IconCategory size={28} />}
        title={t("empty.incidentTitle")}
        description={configurator ? t("empty.incidentConfigure") : t("empty.incidentAsk")}
        action={
          configurator && (
            <Button component={Link} to="/master-configuration/incidents-configurator">
              {t("empty.incidentAction")}
            </Button>
          )
        }
      />
    );
  }
  return <IncidentForm options={options} detailsLink={detailsLink} />;
}

function ObservationPart({ options, configurator }: { options: RegistrationOptions; configurator: boolean }) {
  const { t } = useTranslation("registration");
  if (!options.observation_types.some((o) => o.is_active)) {
    return (
      <EmptyState
        icon={<IconMessageHeart size={28} />}
        title={t("empty.observationTitle")}
        description={configurator ? t("empty.observationConfigure") : t("empty.observationAsk")}
        action={
          configurator && (
            <Button component={Link} to="/master-configuration/observations-configurator">
              {t("empty.observationAction")}
            </Button>
          )
        }
      />
    );
  }
  return <ObservationForm options={options} />;
}
