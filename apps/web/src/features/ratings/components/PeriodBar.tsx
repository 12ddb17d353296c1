import { addDays, RATING_LIMITS, type RatingPeriod, todayIn } from "@convive/domain";
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconLock, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { usePeriodAction } from "../api/ratings.ts";
import { GroupPublicationState } from "./GroupPublicationState.tsx";
import { PublishDialog } from "./PublishDialog.tsx";
import { periodName } from "./RatingsGrid.tsx";

/** The period's state in words: open until…, reopened until…, closed, not started; published or not. */
export function PeriodState({ period }: { period: RatingPeriod }) {
  const { t } = useTranslation("ratings");
  const dates = useDates();
  const state =
    period.state === "open"
      ? period.reopened_until
        ? t("state.reopened", { date: dates.dateTime(period.reopened_until) })
        : t("state.open", { date: dates.day(period.editable_until) })
      : t(`state.${period.state}`);
  return (
    <Group gap="xs">
      <Badge
        variant="outline"
        color={period.state === "open" ? "teal.9" : period.state === "closed" ? "gray.8" : "blue.9"}
      >
        {state}
      </Badge>
      <Badge variant="outline" color={period.published_at ? "teal.9" : "gray.7"}>
        {period.published_at ? t("state.published", { date: dates.date(period.published_at) }) : t("state.unpublished")}
      </Badge>
    </Group>
  );
}

/** A closed period reads only; so does one not started. */
export function PeriodBanner({ period }: { period: RatingPeriod }) {
  const { t } = useTranslation("ratings");
  const dates = useDates();
  if (period.state === "closed") {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title={t("closedBanner.title")}>
        {t("closedBanner.body", { date: dates.day(period.editable_until) })}
      </Alert>
    );
  }
  if (period.state === "upcoming") {
    return (
      <Alert color="blue" variant="light">
        {t("upcomingBanner", { date: dates.day(period.starts_on) })}
      </Alert>
    );
  }
  return null;
}

type Dialog = "reopen" | "close" | "publish" | null;

/**
 * A director reopens a closed period until a day, ends a reopening, and publishes the period's grades per group
 * (issue 26 §1: the dialog, then the group's state with "Anular publicación" until the families are told).
 */
export function PeriodActions({ period, groupId }: { period: RatingPeriod; groupId: number }) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const dates = useDates();
  const action = usePeriodAction({ success: false });
  const [dialog, setDialog] = useState<Dialog>(null);
  const today = todayIn(dates.timeZone);
  const last = addDays(today, RATING_LIMITS.reopenDaysMax);
  const [until, setUntil] = useState(addDays(today, 7));
  const name = periodName(period, language);
  const run = (kind: "reopen" | "close") =>
    void action.submit({ periodId: period.id, action: kind, until }, () => {
      setDialog(null);
      toast("success", t(kind === "reopen" ? "periodActions.reopened" : "periodActions.closed"));
    });
  const close = () => {
    setDialog(null);
    action.clearFailure();
  };
  const reason = action.failure;
  return (
    <Group gap="xs">
      {period.state === "closed" && (
        <Button
          variant="default"
          leftSection={<IconLockOpen size={16} aria-hidden />}
          onClick={() => setDialog("reopen")}
        >
          {t("periodActions.reopen")}
        </Button>
      )}
      {period.reopened_until && (
        <Button variant="default" leftSection={<IconLock size={16} aria-hidden />} onClick={() => setDialog("close")}>
          {t("periodActions.close")}
        </Button>
      )}
      {period.state !== "upcoming" && (
        <GroupPublicationState periodId={period.id} groupId={groupId} onPublish={() => setDialog("publish")} />
      )}
      <ConfirmDialog
        opened={dialog === "reopen"}
        title={t("periodActions.reopenTitle", { period: name })}
        message={
          <Stack gap="sm">
            <Text size="sm">{t("periodActions.reopenBody", { days: RATING_LIMITS.reopenDaysMax })}</Text>
            <TextInput
              type="date"
              label={t("periodActions.until")}
              value={until}
              min={today}
              max={last}
              onChange={(e) => setUntil(e.currentTarget.value)}
              required
            />
          </Stack>
        }
        confirmLabel={t("periodActions.reopenConfirm")}
        busy={action.busy}
        reason={reason}
        onConfirm={() => run("reopen")}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === "close"}
        title={t("periodActions.closeTitle", { period: name })}
        message={t("periodActions.closeBody")}
        confirmLabel={t("periodActions.close")}
        danger
        busy={action.busy}
        reason={reason}
        onConfirm={() => run("close")}
        onClose={close}
      />
      <PublishDialog
        key={`${period.id}:${groupId}`}
        period={period}
        groupId={groupId}
        opened={dialog === "publish"}
        onClose={() => setDialog(null)}
      />
    </Group>
  );
}
