import { addDays, RATING_LIMITS, type RatingPeriod, todayIn } from "@convive/domain";
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconLock, IconLockOpen, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { usePeriodAction } from "../api/ratings.ts";
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

/** A director reopens a closed period until a day, ends a reopening, and publishes the period to families. */
export function PeriodActions({ period }: { period: RatingPeriod }) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const dates = useDates();
  const action = usePeriodAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const today = todayIn(dates.timeZone);
  const last = addDays(today, RATING_LIMITS.reopenDaysMax);
  const [until, setUntil] = useState(addDays(today, 7));
  const name = periodName(period, language);
  const run = (kind: Exclude<Dialog, null>) =>
    action.mutate(
      { periodId: period.id, action: kind, until },
      {
        onSuccess: (data) => {
          setDialog(null);
          if (kind === "publish") toast("success", t("periodActions.publishedToast", { count: data.notified ?? 0 }));
          else toast("success", t(kind === "reopen" ? "periodActions.reopened" : "periodActions.closed"));
        },
      },
    );
  const close = () => {
    setDialog(null);
    action.reset();
  };
  const reason = action.error?.message ?? null;
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
      {!period.published_at && period.state !== "upcoming" && (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setDialog("publish")}>
          {t("periodActions.publish")}
        </Button>
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
        busy={action.isPending}
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
        busy={action.isPending}
        reason={reason}
        onConfirm={() => run("close")}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === "publish"}
        title={t("periodActions.publishTitle", { period: name })}
        message={t("periodActions.publishBody")}
        confirmLabel={t("periodActions.publishConfirm")}
        busy={action.isPending}
        reason={reason}
        onConfirm={() => run("publish")}
        onClose={close}
      />
    </Group>
  );
}
